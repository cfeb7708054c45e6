import Foundation

/// What a fetched results controller tells as the objects it fetched change. Every method has a
/// default implementation that does nothing (the protocol's methods are optional in Core Data).
///
/// Between `controllerWillChangeContent(_:)` and `controllerDidChangeContent(_:)` the controller
/// reports section deletions and insertions, then object deletions, insertions, moves and
/// updates, each kind in increasing index path order. Deletions, moves and updates give the
/// object's index path before the change; insertions and moves give the new one.
public protocol NSFetchedResultsControllerDelegate: AnyObject {
    /// The controller is about to report changes.
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>)
    /// An object was inserted (at `newIndexPath`), deleted (from `indexPath`), moved (from
    /// `indexPath` to `newIndexPath`) or updated (at `indexPath`).
    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?)
    /// A section was inserted or deleted.
    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange sectionInfo: any NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType)
    /// The controller reported all changes.
    func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>)
    /// The index title of the section named `sectionName`; by default the controller's
    /// `sectionIndexTitle(forSectionName:)`.
    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, sectionIndexTitleForSectionName sectionName: String) -> String?
}

extension NSFetchedResultsControllerDelegate {
    /// Does nothing.
    public func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {}

    /// Does nothing.
    public func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?) {}

    /// Does nothing.
    public func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange sectionInfo: any NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType) {}

    /// Does nothing.
    public func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {}

    /// The controller's `sectionIndexTitle(forSectionName:)`.
    public func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, sectionIndexTitleForSectionName sectionName: String) -> String? {
        controller.sectionIndexTitle(forSectionName: sectionName)
    }
}
