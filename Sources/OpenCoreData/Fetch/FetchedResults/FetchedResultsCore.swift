import Foundation

/// The state of a fetched results controller, which the controller and the type-erased controller
/// its delegate receives share: the fetched objects in sections, kept in step with the context's
/// change notifications while there is a delegate.
final class FetchedResultsCore: @unchecked Sendable {
    let context: NSManagedObjectContext
    let sectionNameKeyPath: String?
    weak var delegate: (any NSFetchedResultsControllerDelegate)?
    /// The controller the delegate receives.
    weak var delegateController: NSFetchedResultsController<any NSFetchRequestResult>?
    /// The controller's `sectionIndexTitle(forSectionName:)`, which subclasses may override.
    var indexTitleProvider: ((String) -> String?)?

    private(set) var sections: [FetchedResultsSection]?
    private(set) var objects: [NSManagedObject] = []
    private var indexPaths: [ObjectIdentifier: IndexPath] = [:]
    private var query: FetchedResultsQuery?
    /// Which objects the controller's result type admits.
    private var admits: (NSManagedObject) -> Bool = { _ in true }
    private var observer: (any NSObjectProtocol)?

    init(context: NSManagedObjectContext, sectionNameKeyPath: String?) {
        self.context = context
        self.sectionNameKeyPath = sectionNameKeyPath
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Fetches `request`'s objects and starts following the context's changes.
    func performFetch<T>(_ request: NSFetchRequest<T>) throws {
        try context.performAndWait {
            let query = try FetchedResultsQuery(request: request, model: context.persistentStoreCoordinator?.managedObjectModel, sectionNameKeyPath: sectionNameKeyPath)
            let results = try context.fetch(request)
            let fetched = results.compactMap { $0 as? NSManagedObject }
            guard fetched.count == results.count else {
                throw CoreDataError.make(NSCoreDataError, "An NSFetchedResultsController fetches managed objects; the request's result type gives other values.")
            }
            self.query = query
            admits = { $0 is T }
            install(makeSections(fetched, query: query))
        }
        guard observer == nil else { return }
        observer = NotificationCenter.default.addObserver(forName: NSManagedObjectContext.didChangeObjectsNotification, object: context, queue: nil) { [weak self] notification in
            self?.contextDidChange(notification)
        }
    }

    func indexPath(of object: NSManagedObject) -> IndexPath? {
        indexPaths[ObjectIdentifier(object)]
    }

    /// The object at `indexPath`; stops with a message when there is none, as Core Data raises.
    func object(at indexPath: IndexPath) -> NSManagedObject {
        guard indexPath.count == 2, let sections, sections.indices.contains(indexPath[0]),
              sections[indexPath[0]].managedObjects.indices.contains(indexPath[1])
        else { preconditionFailure("NSFetchedResultsController has no object at index path \(indexPath)") }
        return sections[indexPath[0]].managedObjects[indexPath[1]]
    }

    /// The index title of a section name: the delegate's, else the controller's.
    private func indexTitle(forSectionName name: String) -> String? {
        if let delegate, let controller = delegateController {
            return delegate.controller(controller, sectionIndexTitleForSectionName: name)
        }
        return indexTitleProvider?(name) ?? Self.defaultIndexTitle(forSectionName: name)
    }

    /// The capitalized first letter of `name`, nil for an empty name.
    static func defaultIndexTitle(forSectionName name: String) -> String? {
        name.first.map { String($0).uppercased() }
    }

    // MARK: - Sections

    /// `objects` grouped by section name, the sections in the order of their first object. Without
    /// a section name key path there is one section.
    private func makeSections(_ objects: [NSManagedObject], query: FetchedResultsQuery) -> [FetchedResultsSection] {
        var sections: [FetchedResultsSection] = []
        var byName: [String: FetchedResultsSection] = [:]
        if sectionNameKeyPath == nil {
            let section = FetchedResultsSection(name: "", indexTitle: nil)
            byName[""] = section
            sections.append(section)
        }
        for object in objects {
            let name = query.sectionName(of: object)
            if let section = byName[name] {
                section.append(object)
            } else {
                let section = FetchedResultsSection(name: name, indexTitle: indexTitle(forSectionName: name))
                section.append(object)
                byName[name] = section
                sections.append(section)
            }
        }
        return sections
    }

    private func install(_ sections: [FetchedResultsSection]) {
        self.sections = sections
        objects = sections.flatMap(\.managedObjects)
        indexPaths.removeAll(keepingCapacity: true)
        for (sectionIndex, section) in sections.enumerated() {
            for (row, object) in section.managedObjects.enumerated() {
                indexPaths[ObjectIdentifier(object)] = IndexPath(indexes: [sectionIndex, row])
            }
        }
    }

    // MARK: - Changes

    private func contextDidChange(_ notification: Notification) {
        guard let delegate, let controller = delegateController, let query, let oldSections = sections else { return }
        let info = notification.userInfo ?? [:]
        func objects(_ key: String) -> [NSManagedObject] {
            (info[key] as? Set<NSManagedObject>)?.filter { query.covers($0) && admits($0) } ?? []
        }
        let update = FetchedResultsUpdate(
            old: self.objects,
            inserted: objects(NSInsertedObjectsKey),
            deleted: objects(NSDeletedObjectsKey) + objects(NSInvalidatedObjectsKey),
            changed: objects(NSUpdatedObjectsKey) + objects(NSRefreshedObjectsKey),
            query: query
        )
        guard !update.isEmpty else { return }
        let oldPaths = indexPaths
        let newSections = makeSections(update.objects, query: query)
        let oldNames = Set(oldSections.map(\.name))
        let newNames = Set(newSections.map(\.name))

        delegate.controllerWillChangeContent(controller)
        install(newSections)
        for (index, section) in oldSections.enumerated() where !newNames.contains(section.name) {
            delegate.controller(controller, didChange: section, atSectionIndex: index, for: .delete)
        }
        for (index, section) in newSections.enumerated() where !oldNames.contains(section.name) {
            delegate.controller(controller, didChange: section, atSectionIndex: index, for: .insert)
        }
        var moves: [(object: NSManagedObject, from: IndexPath, to: IndexPath)] = []
        var updates: [(object: NSManagedObject, at: IndexPath)] = []
        for (object, inPlace) in update.kept {
            guard let from = oldPaths[ObjectIdentifier(object)], let to = indexPaths[ObjectIdentifier(object)] else { continue }
            if inPlace, oldSections[from[0]].name == newSections[to[0]].name {
                updates.append((object, from))
            } else {
                moves.append((object, from, to))
            }
        }
        let deletions = update.removed.compactMap { object in oldPaths[ObjectIdentifier(object)].map { (object, $0) } }
        for (object, path) in deletions.sorted(by: { $0.1 < $1.1 }) {
            delegate.controller(controller, didChange: object, at: path, for: .delete, newIndexPath: nil)
        }
        let insertions = update.added.compactMap { object in indexPaths[ObjectIdentifier(object)].map { (object, $0) } }
        for (object, path) in insertions.sorted(by: { $0.1 < $1.1 }) {
            delegate.controller(controller, didChange: object, at: nil, for: .insert, newIndexPath: path)
        }
        for move in moves.sorted(by: { $0.from < $1.from }) {
            delegate.controller(controller, didChange: move.object, at: move.from, for: .move, newIndexPath: move.to)
        }
        for change in updates.sorted(by: { $0.at < $1.at }) {
            delegate.controller(controller, didChange: change.object, at: change.at, for: .update, newIndexPath: nil)
        }
        delegate.controllerDidChangeContent(controller)
    }
}
