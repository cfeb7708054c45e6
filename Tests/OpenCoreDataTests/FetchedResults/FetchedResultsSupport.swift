#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation

/// Records what a fetched results controller tells its delegate, one line per call.
final class ChangeRecorder: NSObject, NSFetchedResultsControllerDelegate {
    private(set) var events: [String] = []

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {
        events.append("will")
    }

    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?) {
        let name = (anObject as? Person)?.name ?? "?"
        events.append("\(Self.label(type)) \(name) \(Self.text(indexPath)) \(Self.text(newIndexPath))")
    }

    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange sectionInfo: any NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType) {
        events.append("section \(Self.label(type)) \(sectionInfo.name) \(sectionIndex)")
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {
        events.append("did")
    }

    private static func label(_ type: NSFetchedResultsChangeType) -> String {
        switch type {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        @unknown default: "unknown"
        }
    }

    private static func text(_ indexPath: IndexPath?) -> String {
        guard let indexPath else { return "-" }
        return "[\(indexPath.map(String.init).joined(separator: ","))]"
    }
}

/// A context with saved people, and a controller over them sorted by nickname then name.
struct PeopleFixture {
    let stack: TestStack
    let context: NSManagedObjectContext
    let controller: NSFetchedResultsController<Person>
    let recorder = ChangeRecorder()

    /// Saves one person per `(name, nickname, age)` and fetches them, in sections by nickname when
    /// `sectioned`, matching `predicate` when given.
    init(_ people: [(String, String?, Int64)], sectioned: Bool = false, predicate: NSPredicate? = nil) throws {
        stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            for (name, nickname, age) in people {
                let person = Person(context: context)
                person.name = name
                person.alias = nickname
                person.age = age
            }
            try context.save()
        }
        self.context = context
        let request = NSFetchRequest<Person>(entityName: "Person")
        request.sortDescriptors = [NSSortDescriptor(key: "nickname", ascending: true), NSSortDescriptor(key: "name", ascending: true)]
        request.predicate = predicate
        controller = NSFetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: sectioned ? "nickname" : nil, cacheName: nil)
        controller.delegate = recorder
        try context.performAndWait { try controller.performFetch() }
    }

    /// The fetched person named `name`.
    func person(_ name: String) -> Person? {
        controller.fetchedObjects?.first { $0.name == name }
    }

    /// Runs `change` in the context and processes pending changes; returns the delegate's events.
    func change(_ change: () throws -> Void) rethrows -> [String] {
        try context.performAndWait {
            try change()
            context.processPendingChanges()
        }
        return recorder.events
    }

    var names: [String] {
        controller.fetchedObjects?.map { $0.name ?? "" } ?? []
    }
}
