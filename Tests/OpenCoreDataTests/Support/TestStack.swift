#if canImport(CoreData)
import CoreData
import ManagedProperty

// On Apple platforms `@Managed` (from ManagedProperty) reads and writes through NSObject's
// key-value coding; OpenCoreData's NSManagedObject adopts the protocol itself. Not `@retroactive`:
// the protocols belong to this package.
extension NSManagedObject: ManagedPropertyContainer {}

// To-one `@Managed` properties hold the related object itself.
extension NSManagedObject: ManagedOptionalValue {
    public static func fromStoredValue(_ value: Any) -> Self? { value as? Self }
    public var managedValue: Any? { self }
}
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// What `loadPersistentStores` reported.
final class LoadResult: @unchecked Sendable {
    var descriptions: [NSPersistentStoreDescription] = []
    var errors: [any Error] = []
}

/// Wraps a value that is only touched on its owner's queue, so it can cross task boundaries.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A fresh in-memory stack per test, on the shared model.
struct TestStack {
    let container: NSPersistentContainer
    let loadResult: LoadResult

    /// Gives `container` one in-memory store and loads it; returns what loading reported.
    static func loadInMemoryStore(of container: NSPersistentContainer) -> LoadResult {
        let description = NSPersistentStoreDescription()
        description.type = NSInMemoryStoreType
        container.persistentStoreDescriptions = [description]
        let result = LoadResult()
        container.loadPersistentStores { description, error in
            result.descriptions.append(description)
            if let error { result.errors.append(error) }
        }
        return result
    }

    init(model: NSManagedObjectModel = TestModel.shared, name: String = "Tests") throws {
        let container = NSPersistentContainer(name: name, managedObjectModel: model)
        let result = Self.loadInMemoryStore(of: container)
        if let error = result.errors.first { throw error }
        self.container = container
        self.loadResult = result
    }

    /// A new private-queue context on the container's coordinator.
    func newContext() -> NSManagedObjectContext {
        container.newBackgroundContext()
    }

    var coordinator: NSPersistentStoreCoordinator { container.persistentStoreCoordinator }

    /// The ID of a person named `name`, saved by a context of its own.
    func savedPerson(named name: String) throws -> NSManagedObjectID {
        let writer = newContext()
        return try writer.performAndWait {
            let person = Person(context: writer)
            person.name = name
            try writer.save()
            return person.objectID
        }
    }
}

// MARK: - Helpers

/// Runs `save()` and returns the error it threw as an NSError, or nil when it succeeded.
func saveError(_ context: NSManagedObjectContext) -> NSError? {
    do {
        try context.save()
        return nil
    } catch {
        return error as NSError
    }
}

/// All objects of `entityName`, sorted by nothing in particular.
func fetchAll<T: NSManagedObject>(_ entityName: String, as type: T.Type = T.self, in context: NSManagedObjectContext) throws -> [T] {
    try context.fetch(NSFetchRequest<T>(entityName: entityName))
}

/// The number of objects of `entityName`.
func count(_ entityName: String, in context: NSManagedObjectContext) throws -> Int {
    try context.count(for: NSFetchRequest<NSManagedObject>(entityName: entityName))
}

/// The names of a to-many relationship's objects, sorted.
func names(_ value: Any?, key: String = "name") -> [String] {
    var objects: [NSManagedObject] = []
    if let set = value as? NSSet {
        objects = set.allObjects.compactMap { $0 as? NSManagedObject }
    } else if let ordered = value as? NSOrderedSet {
        objects = ordered.array.compactMap { $0 as? NSManagedObject }
    }
    return objects.compactMap { $0.value(forKey: key) as? String }.sorted()
}

/// The names of an ordered to-many relationship's objects, in order.
func orderedNames(_ value: Any?, key: String) -> [String] {
    guard let ordered = value as? NSOrderedSet else { return [] }
    return ordered.array.compactMap { ($0 as? NSManagedObject)?.value(forKey: key) as? String }
}
