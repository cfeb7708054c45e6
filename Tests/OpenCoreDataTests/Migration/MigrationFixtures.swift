#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// The migration fixtures are Xcode model files (`Fixtures/Models/Migration/*.xcdatamodeld`, two versions
// each), which OpenCoreData reads in place of Apple's compiled models.
#if !canImport(CoreData)

/// A versioned model of `Fixtures/Models/Migration/` and a store file to migrate from its first version to
/// its current one. It keeps the containers it opens, so the objects a test reads stay loadable until the
/// fixture goes: a released context's objects cannot be loaded.
final class MigrationFixture {
    /// The model's name: `Renames` for `Renames.xcdatamodeld`.
    let name: String
    /// The store file, in a directory of its own.
    let storeURL: URL
    /// The containers opened on the store, kept while the fixture lives.
    private var containers: [NSPersistentContainer] = []

    init(_ name: String) throws {
        self.name = name
        storeURL = try SQLiteTestSupport.temporaryDirectory().appendingPathComponent("\(name).sqlite")
    }

    /// The first version of the model, which the store is created with.
    func firstVersion() throws -> NSManagedObjectModel {
        try ModelFixtures.load("Migration/\(name).xcdatamodeld/\(name).xcdatamodel")
    }

    /// The current version of the model (`.xccurrentversion`), which the store is migrated to.
    func currentVersion() throws -> NSManagedObjectModel {
        try ModelFixtures.load("Migration/\(name).xcdatamodeld")
    }

    /// A container of `model` on the store file, with the store description's defaults (automatic
    /// migration with an inferred mapping model) unless `configure` changes them.
    func open(_ model: NSManagedObjectModel, configure: (NSPersistentStoreDescription) -> Void = { _ in }) throws -> NSPersistentContainer {
        let container = try SQLiteTestSupport.container(at: storeURL, model: model, configure: configure)
        containers.append(container)
        return container
    }

    /// Creates the store with the first version and runs `body` on its view context, then saves.
    func seed(_ body: (NSManagedObjectContext) throws -> Void) throws {
        let context = try open(try firstVersion()).viewContext
        try body(context)
        try context.save()
    }

    /// Inserts an object of `entityName` with `values` into `context`.
    @discardableResult
    static func insert(_ entityName: String, _ values: [String: Any], into context: NSManagedObjectContext) -> NSManagedObject {
        let object = NSEntityDescription.insertNewObject(forEntityName: entityName, into: context)
        for (key, value) in values { object.setValue(value, forKey: key) }
        return object
    }

    /// The bytes of the store file.
    func fileBytes() throws -> Data {
        try Data(contentsOf: storeURL)
    }

    /// Removes the store's directory.
    func remove() {
        try? FileManager.default.removeItem(at: storeURL.deletingLastPathComponent())
    }
}

#endif
