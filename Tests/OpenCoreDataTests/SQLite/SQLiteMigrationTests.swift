#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Version hashes in the store's metadata: incompatible models are refused with 134100, inferable changes migrate.
@Suite("SQLite store: version hashes and migration")
struct SQLiteMigrationTests {
    typealias S = SQLiteTestSupport

    static func model(extraAttributes: [NSAttributeDescription] = [], extraEntity: Bool = false, nameType: NSAttributeType = .stringAttributeType) -> NSManagedObjectModel {
        let person = S.entity("Person", [S.attribute("name", nameType), S.attribute("age", .integer64AttributeType)] + extraAttributes)
        let model = NSManagedObjectModel()
        model.entities = [person] + (extraEntity ? [S.entity("Pet", [S.attribute("kind", .stringAttributeType)])] : [])
        return model
    }

    private func withFile(_ body: (URL) throws -> Void) throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.appendingPathComponent("Migration.sqlite"))
    }

    private func seed(_ url: URL) throws {
        let context = try S.container(at: url, model: Self.model()).viewContext
        let person = NSEntityDescription.insertNewObject(forEntityName: "Person", into: context)
        person.setValue("Ann", forKey: "name")
        person.setValue(41, forKey: "age")
        try context.save()
    }

    @Test func versionHashesAreStableAndSeeTypeChanges() {
        #expect(Self.model().entityVersionHashesByName == Self.model().entityVersionHashesByName)
        #expect(Self.model().entityVersionHashesByName["Person"]?.count == 32)
        #expect(Self.model().entityVersionHashesByName != Self.model(nameType: .integer64AttributeType).entityVersionHashesByName)
    }

    @Test func storeMetadataRecordsTheModelsHashes() throws {
        try withFile { url in
            let container = try S.container(at: url, model: Self.model())
            let store = try #require(container.persistentStoreCoordinator.persistentStores.first)
            #expect(store.type == NSSQLiteStoreType)
            #expect((store.metadata[NSStoreModelVersionHashesKey] as? [String: Data]) == Self.model().entityVersionHashesByName)
            #expect(Self.model().isConfiguration(withName: nil, compatibleWithStoreMetadata: store.metadata))
        }
    }

    @Test func incompatibleModelFailsWith134100() throws {
        try withFile { url in
            try seed(url)
            #expect {
                _ = try S.container(at: url, model: Self.model(nameType: .integer64AttributeType))
            } throws: { error in
                let error = error as NSError
                return error.domain == NSCocoaErrorDomain && error.code == NSPersistentStoreIncompatibleVersionHashError
            }
        }
    }

    @Test func additiveChangeFailsWithoutAutomaticMigration() throws {
        try withFile { url in
            try seed(url)
            #expect {
                _ = try S.container(at: url, model: Self.model(extraEntity: true)) { $0.shouldMigrateStoreAutomatically = false }
            } throws: { ($0 as NSError).code == NSPersistentStoreIncompatibleVersionHashError }
        }
    }

    /// The mapping is inferred, but the rows left without a value for the required attribute fail the migration.
    @Test func requiredAttributeWithoutDefaultFailsTheMigrationOfRows() throws {
        try withFile { url in
            try seed(url)
            #expect {
                _ = try S.container(at: url, model: Self.model(extraAttributes: [S.attribute("email", .stringAttributeType, optional: false)]))
            } throws: { ($0 as NSError).code == NSMigrationError }
        }
    }

    @Test func newOptionalAttributeDefaultedAttributeAndEntityMigrate() throws {
        try withFile { url in
            try seed(url)
            let defaulted = S.attribute("level", .integer32AttributeType, optional: false)
            defaulted.defaultValue = 3
            let migrated = Self.model(extraAttributes: [S.attribute("email", .stringAttributeType), defaulted], extraEntity: true)
            do {
                let context = try S.container(at: url, model: migrated).viewContext
                let ann = try #require(try S.fetch("Person", in: context).first)
                #expect((ann.value(forKey: "name") as? String) == "Ann")
                #expect((ann.value(forKey: "age") as? Int) == 41)
                #expect(ann.value(forKey: "email") == nil)
                #expect((ann.value(forKey: "level") as? Int) == 3)
                ann.setValue("ann@example.com", forKey: "email")
                NSEntityDescription.insertNewObject(forEntityName: "Pet", into: context).setValue("cat", forKey: "kind")
                try context.save()
            }
            let context = try S.container(at: url, model: Self.model(extraAttributes: [S.attribute("email", .stringAttributeType), defaulted], extraEntity: true)).viewContext
            #expect((try S.fetch("Person", in: context).first?.value(forKey: "email") as? String) == "ann@example.com")
            #expect((try S.fetch("Pet", in: context).first?.value(forKey: "kind") as? String) == "cat")
        }
    }
}
