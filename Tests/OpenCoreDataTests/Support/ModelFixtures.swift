#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Loading Xcode model files (`.xcdatamodeld`, `.xcdatamodel`) is what OpenCoreData does in place of
// Apple's compiled models (`.momd`, `.mom`), so the model-file tests and their helpers exist only there.
#if !canImport(CoreData)

/// The Xcode model fixtures in `Fixtures/Models/`.
enum ModelFixtures {
    /// `Tests/OpenCoreDataTests/Fixtures/Models` in the source tree.
    static let sourceDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // OpenCoreDataTests
        .appendingPathComponent("Fixtures")
        .appendingPathComponent("Models")

    /// The fixture at `relativePath` under `Fixtures/Models/` in the source tree, such as
    /// `"Library.xcdatamodel"` or `"Broken/BadDefault.xcdatamodel"`.
    static func url(_ relativePath: String) -> URL {
        sourceDirectory.appendingPathComponent(relativePath)
    }

    /// Loads the fixture at `relativePath` with the throwing initializer.
    static func load(_ relativePath: String, productModuleName: String? = nil) throws -> NSManagedObjectModel {
        try NSManagedObjectModel(validatingContentsOf: url(relativePath), productModuleName: productModuleName)
    }

    /// `Fixtures/Models` as copied into the test target's resource bundle
    /// (`CoreDataCodable_OpenCoreDataTests.resources`).
    static func bundledDirectory() throws -> URL {
        try #require(Bundle.module.url(forResource: "Models", withExtension: nil, subdirectory: "Fixtures"))
    }

    /// A bundle whose resources are the folder `relativePath` of the bundled `Fixtures/Models`
    /// (the whole folder when empty): the models at its top are the ones a container finds by name.
    static func bundle(_ relativePath: String = "") throws -> Bundle {
        var url = try bundledDirectory()
        if !relativePath.isEmpty { url = url.appendingPathComponent(relativePath) }
        return try #require(Bundle(url: url))
    }

    /// The error that loading `url` throws; records an issue and throws when it loads, or throws another error.
    static func loadingError(_ url: URL, productModuleName: String? = nil) throws -> ModelFileError {
        do {
            _ = try NSManagedObjectModel(validatingContentsOf: url, productModuleName: productModuleName)
        } catch let error as ModelFileError {
            return error
        } catch {
            Issue.record("\(url.path) threw \(type(of: error)), not a ModelFileError: \(error)")
            throw error
        }
        Issue.record("\(url.path) loaded, but should not")
        throw UnexpectedLoad(url: url)
    }

    /// Whether `objectClass` is `expected` itself, not a subclass.
    static func isExactly(_ objectClass: AnyClass, _ expected: AnyClass) -> Bool {
        ObjectIdentifier(objectClass) == ObjectIdentifier(expected)
    }

    /// A model file that loaded although a test expected it to fail.
    struct UnexpectedLoad: Error {
        let url: URL
    }

    /// Inserts an object of `entityName` with `title`, saves, and fetches it back in another context;
    /// returns the classes of the inserted and the fetched object.
    static func insertAndFetch(_ entityName: String, in stack: TestStack) throws -> (inserted: AnyClass, fetched: AnyClass) {
        let writer = stack.newContext()
        let inserted: AnyClass = try writer.performAndWait {
            let object = NSEntityDescription.insertNewObject(forEntityName: entityName, into: writer)
            object.setValue("Dune", forKey: "title")
            try writer.save()
            return type(of: object)
        }
        let reader = stack.newContext()
        let fetched: AnyClass = try reader.performAndWait {
            let objects = try fetchAll(entityName, as: NSManagedObject.self, in: reader)
            #expect(objects.count == 1)
            #expect(objects.first?.value(forKey: "title") as? String == "Dune")
            let object = try #require(objects.first)
            return type(of: object)
        }
        return (inserted, fetched)
    }
}

/// The class of the `ShelfBook` entity of `Fixtures/Models/Shelf.xcdatamodeld`, whose model names it
/// `.ShelfBook` (Xcode's "Current Product Module"); the class-name tests use it under other names too.
/// Top level: NSClassFromString does not find nested classes on Linux.
final class ShelfBook: NSManagedObject {
    @Managed var title: String?
    @Managed var pages: Int32
}

#endif
