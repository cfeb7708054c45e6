/// A section of a fetched results controller.
public protocol NSFetchedResultsSectionInfo {
    /// The section's name: the section key path's value for its objects.
    var name: String { get }
    /// The section's title in the section index.
    var indexTitle: String? { get }
    /// How many objects the section holds.
    var numberOfObjects: Int { get }
    /// The section's objects, in order.
    var objects: [Any]? { get }
}

/// A section of fetched objects that share a section name.
final class FetchedResultsSection: NSFetchedResultsSectionInfo {
    let name: String
    let indexTitle: String?
    private(set) var managedObjects: [NSManagedObject] = []

    init(name: String, indexTitle: String?) {
        self.name = name
        self.indexTitle = indexTitle
    }

    var numberOfObjects: Int { managedObjects.count }
    var objects: [Any]? { managedObjects }

    func append(_ object: NSManagedObject) {
        managedObjects.append(object)
    }
}
