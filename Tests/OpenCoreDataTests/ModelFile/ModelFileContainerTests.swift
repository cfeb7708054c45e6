#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSPersistentContainer(name:) finds `<name>.xcdatamodeld` or `<name>.xcdatamodel` where Core Data finds
// `<name>.momd`: at the top of a bundle's resources. The fixtures are copied into the test target's
// resource bundle under `Fixtures/Models/`, so these tests hand the container a bundle over that folder
// (still inside `CoreDataCodable_OpenCoreDataTests.resources`, which names the module of `.ShelfBook`).
#if !canImport(CoreData)
@Suite("Model files: containers and bundles")
struct ModelFileContainerTests {
    /// Sets the container up with one in-memory store and loads it; returns the errors reported.
    private func loadInMemory(_ container: NSPersistentContainer) -> [any Error] {
        let result = TestStack.loadInMemoryStore(of: container)
        #expect(result.descriptions.count == 1)
        return result.errors
    }

    /// Loads `container`'s store and expects one file-not-found error naming the model.
    private func expectNoSuchModel(named name: String, in container: NSPersistentContainer) throws {
        let errors = loadInMemory(container)
        #expect(errors.count == 1)
        let error = try #require(errors.first) as NSError
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == CocoaError.fileNoSuchFile.rawValue)
        #expect(Self.mentions(error, name))
    }

    @Test func containerLoadsAModelFolderByName() throws {
        let container = NSPersistentContainer(name: "Shelf", bundle: try ModelFixtures.bundle())
        #expect(container.name == "Shelf")
        #expect(container.managedObjectModel.entities.map(\.name) == ["ShelfBook"])
        let errors = loadInMemory(container)
        #expect(errors.isEmpty, "\(errors)")
        #expect(container.persistentStoreCoordinator.persistentStores.count == 1)
    }

    // `.ShelfBook` is the class ShelfBook of the module owning the resource bundle.
    @Test func currentProductModuleClassResolvesFromTheResourceBundle() throws {
        let container = NSPersistentContainer(name: "Shelf", bundle: try ModelFixtures.bundle())
        #expect(container.managedObjectModel.entitiesByName["ShelfBook"]?.managedObjectClassName == "OpenCoreDataTests.ShelfBook")
    }

    @Test func objectsOfABundledModelAreInstancesOfItsClass() throws {
        let container = NSPersistentContainer(name: "Shelf", bundle: try ModelFixtures.bundle())
        let errors = loadInMemory(container)
        try #require(errors.isEmpty, "\(errors)")
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            let book = NSEntityDescription.insertNewObject(forEntityName: "ShelfBook", into: writer)
            #expect(book is ShelfBook)
            let typed = try #require(book as? ShelfBook)
            typed.title = "Dune"
            typed.pages = 412
            try writer.save()
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait { () throws -> Void in
            let books = try fetchAll("ShelfBook", as: NSManagedObject.self, in: reader)
            #expect(books.count == 1)
            let book = try #require(books.first as? ShelfBook)
            #expect(book.title == "Dune")
            #expect(book.pages == 412)
        }
    }

    // A `.xcdatamodel` folder at the top of the bundle is found too.
    @Test func containerLoadsAVersionFolderByName() throws {
        let container = NSPersistentContainer(name: "Library", bundle: try ModelFixtures.bundle())
        #expect(container.managedObjectModel.entities.count == 9)
        #expect(loadInMemory(container).isEmpty)
    }

    @Test func containerLoadsTheCurrentVersion() throws {
        let container = NSPersistentContainer(name: "Versioned", bundle: try ModelFixtures.bundle())
        #expect(container.managedObjectModel.entitiesByName["Note"]?.attributesByName["body"] != nil)
    }

    @Test func missingModelReportsFileNoSuchFile() throws {
        let container = NSPersistentContainer(name: "NoSuchModel", bundle: try ModelFixtures.bundle())
        #expect(container.managedObjectModel.entities.isEmpty)
        try expectNoSuchModel(named: "NoSuchModel", in: container)
        #expect(container.persistentStoreCoordinator.persistentStores.isEmpty)
    }

    // init(name:) looks in the main bundle and the SwiftPM resource bundles beside the executable.
    @Test func missingModelInTheApplicationBundles() throws {
        let container = NSPersistentContainer(name: "NoSuchModelAnywhere")
        #expect(container.managedObjectModel.entities.isEmpty)
        try expectNoSuchModel(named: "NoSuchModelAnywhere", in: container)
    }

    @Test func brokenModelReportsItsModelFileError() throws {
        let container = NSPersistentContainer(name: "UnknownAttributeType", bundle: try ModelFixtures.bundle("Broken"))
        #expect(container.managedObjectModel.entities.isEmpty)
        let errors = loadInMemory(container)
        #expect(errors.count == 1)
        let error = try #require(errors.first as? ModelFileError)
        #expect(error.code == .unknownAttributeType)
        #expect(error.element == "entity \"Person\", attribute \"age\"")
        #expect(error.detail.contains("Integer 128"))
        #expect(container.persistentStoreCoordinator.persistentStores.isEmpty)
    }

    @Test func brokenModelFolderReportsItsModelFileError() throws {
        let container = NSPersistentContainer(name: "TwoVersionsNoCurrent", bundle: try ModelFixtures.bundle("Broken"))
        let errors = loadInMemory(container)
        let error = try #require(errors.first as? ModelFileError)
        #expect(error.code == .ambiguousVersion)
    }

    // The loader is also reachable with a URL from Bundle.module.
    @Test func bundledFixtureLoadsByURL() throws {
        let url = try #require(Bundle.module.url(forResource: "Library", withExtension: "xcdatamodel", subdirectory: "Fixtures/Models"))
        let model = try NSManagedObjectModel(validatingContentsOf: url)
        #expect(model.entities.count == 9)
    }

    private static func mentions(_ error: NSError, _ name: String) -> Bool {
        error.localizedDescription.contains(name)
            || (error.userInfo[NSFilePathErrorKey] as? String)?.contains(name) == true
            || "\(error)".contains(name)
    }
}
#endif
