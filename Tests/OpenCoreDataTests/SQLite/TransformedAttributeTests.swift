#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Transformable attributes with a named value transformer: stores hold the transformed form, objects the value.
@Suite("Transformable attributes with a value transformer")
struct TransformedAttributeTests {
    enum Store: CaseIterable {
        case inMemory, sqlite
    }

    /// A container of `store` type whose `Note.tags` uses the transformer `transformerName`; it removes its files.
    private final class Fixture {
        let model: NSManagedObjectModel
        let store: Store
        let url: URL
        private(set) var container: NSPersistentContainer

        init(_ store: Store, transformerName: String?) throws {
            let tags = SQLiteTestSupport.attribute("tags", .transformableAttributeType)
            tags.valueTransformerName = transformerName
            model = NSManagedObjectModel()
            model.entities = [SQLiteTestSupport.entity("Note", [tags])]
            self.store = store
            url = try SQLiteTestSupport.temporaryDirectory().appendingPathComponent("Notes.sqlite")
            container = try SQLiteTestSupport.container(at: url, model: model, type: store == .sqlite ? NSSQLiteStoreType : NSInMemoryStoreType)
        }

        deinit {
            try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        }

        func insertNote(tags: Any?) -> NSManagedObjectContext {
            let context = container.viewContext
            NSEntityDescription.insertNewObject(forEntityName: "Note", into: context).setValue(tags, forKey: "tags")
            return context
        }

        /// The saved tags, read by a new context (from the reopened file for SQLite).
        func savedTags() throws -> Any? {
            if store == .sqlite { container = try SQLiteTestSupport.container(at: url, model: model) }
            // Objects can load their values only while their context lives.
            let context = container.newBackgroundContext()
            let notes = try SQLiteTestSupport.fetch("Note", in: context)
            #expect(notes.count == 1)
            return withExtendedLifetime(context) { notes.first?.value(forKey: "tags") }
        }
    }

    /// A fixture whose transformer is a `CommaJoinedTransformer` registered under a new name, holding one saved
    /// note with `tags`.
    private func savedNote(_ store: Store, tags: [String]?) throws -> (fixture: Fixture, name: NSValueTransformerName) {
        let name = uniqueTransformerName()
        ValueTransformer.setValueTransformer(CommaJoinedTransformer(), forName: name)
        let fixture = try Fixture(store, transformerName: name.rawValue)
        try fixture.insertNote(tags: tags).save()
        return (fixture, name)
    }

    @Test(arguments: Store.allCases)
    func registeredTransformerRoundTripsTheValue(store: Store) throws {
        let fixture = try savedNote(store, tags: ["red", "green"]).fixture
        #expect(try fixture.savedTags() as? [String] == ["red", "green"])
    }

    @Test(arguments: Store.allCases)
    func storeHoldsTheTransformedData(store: Store) throws {
        let (fixture, name) = try savedNote(store, tags: ["red", "green"])
        // The identity transformer reads back what the store holds.
        ValueTransformer.setValueTransformer(ValueTransformer(), forName: name)
        #expect(try fixture.savedTags() as? Data == Data("red,green".utf8))
    }

    @Test(arguments: Store.allCases)
    func nilValueStaysNil(store: Store) throws {
        let fixture = try savedNote(store, tags: nil).fixture
        #expect(try fixture.savedTags() == nil)
    }

    @Test(arguments: Store.allCases)
    func unregisteredTransformerFailsTheSave(store: Store) throws {
        let fixture = try Fixture(store, transformerName: uniqueTransformerName().rawValue)
        let context = fixture.insertNote(tags: ["red"])
        #expect { try context.save() } throws: { ($0 as NSError).code == NSPersistentStoreSaveError }
    }

    /// Core Data only warns about a transformer name it cannot find, and a nil value is never
    /// transformed: "Transformable attributes" in
    /// https://developer.apple.com/documentation/coredata/nsattributedescription/valuetransformername
    @Test(arguments: Store.allCases)
    func nilValueSavesWithoutARegisteredTransformer(store: Store) throws {
        let fixture = try Fixture(store, transformerName: uniqueTransformerName().rawValue)
        try fixture.insertNote(tags: nil).save()
        #expect(try fixture.savedTags() == nil)
    }

    @Test(arguments: Store.allCases)
    func archivingTransformerNameKeepsTheDefaultCoding(store: Store) throws {
        let fixture = try Fixture(store, transformerName: NSValueTransformerName.secureUnarchiveFromDataTransformerName.rawValue)
        try fixture.insertNote(tags: ["red", "green"]).save()
        #expect(try fixture.savedTags() as? [String] == ["red", "green"])
    }
}
