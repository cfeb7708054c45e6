import CoreDataCodable
import Foundation
import Testing

// Sync's smaller suites (3lvis/Sync, MIT): `PrimaryKeyTests`, `DataFilterTests`' string keys,
// `NSPropertyDescription+SyncTests`, `NSManagedObjectContext+SyncTests`, `FetchTests`,
// `DeleteTests`, `InsertOrUpdateTests`, `UpdateTests` and `NSPersistentContainerTests`, over its
// models in `../shared/peers/sync/`. Sync's one-object calls map onto this package's API:
// `insertOrUpdate` is a sync limited to `[.insert, .update]`, `fetch` is
// `object(entityNamed:withPrimaryKey:)`, `update` is that and `fill(with:)`, `delete` is that and
// `delete(_:)`. Skipped without the folder.
#if !canImport(CoreData)

/// A payload written inline: the one-object JSON Sync's tests build as dictionaries.
private func json(_ text: String) -> Data { Data(text.utf8) }

// Needs `../shared/peers/sync` beside the package; skipped without it.
@Suite("Sync's primary keys and one-object calls (peer corpus)", .enabled(if: SyncPeerCorpus.isAvailable))
struct PeerSyncHelpersTests {
    // MARK: - PrimaryKeyTests: which attribute is the key, and which JSON key fills it

    /// Syncs `payload` into `entity` of the PrimaryKey model and tells the value of `attribute`
    /// of the one object stored.
    private static func primaryKeyValue(_ payload: String, entity: String, attribute: String) throws -> Any? {
        let store = try PeerStore("PrimaryKey/PrimaryKey.xcdatamodeld")
        return try store.read { context in
            try context.sync(json(payload), inEntityNamed: entity)
            let objects = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: entity))
            try #require(objects.count == 1)
            return objects.first?.value(forKey: attribute)
        }
    }

    @Test func remoteIDIsTheKeyAndReadsID() throws {
        #expect(integer(try Self.primaryKeyValue(#"[{"id": 7}]"#, entity: "User", attribute: "remoteID")) == 7)
    }

    @Test func idIsTheKeyWhenThereIsNoRemoteID() throws {
        #expect(try Self.primaryKeyValue(#"[{"id": "a"}]"#, entity: "SimpleID", attribute: "id") as? String == "a")
    }

    @Test func flaggedIntegerKeyReadsItsSnakeCaseName() throws {
        #expect(integer(try Self.primaryKeyValue(#"[{"unique_id": 3}]"#, entity: "Note", attribute: "uniqueID")) == 3)
    }

    @Test func flaggedKeyReadsItsRemoteKey() throws {
        #expect(try Self.primaryKeyValue(#"[{"id": "t"}]"#, entity: "Tag", attribute: "randomId") as? String == "t")
    }

    @Test func flaggedTrueKeyReadsItsSnakeCaseName() throws {
        #expect(try Self.primaryKeyValue(#"[{"alternative_id": "x"}]"#, entity: "AlternativeID", attribute: "alternativeID") as? String == "x")
    }

    @Test func hyperFlaggedKeyReadsItsHyperRemoteKey() throws {
        #expect(try Self.primaryKeyValue(#"[{"greeting": "hi"}]"#, entity: "Compatibility", attribute: "custom") as? String == "hi")
    }

    @Test func entityWithoutPrimaryKeyCannotBeSynced() throws {
        let store = try PeerStore("PrimaryKey/PrimaryKey.xcdatamodeld")
        store.read { context in
            #expect { try context.sync(json(#"[{"attribute": "a"}]"#), inEntityNamed: "NoID") } throws: { ($0 as? CoreDataCodableError)?.code == CoreDataCodableError.noPrimaryKey }
            #expect(!context.hasChanges)
        }
    }

    @Test func exportWritesEachPrimaryKeyUnderItsRemoteKey() throws {
        let store = try PeerStore("PrimaryKey/PrimaryKey.xcdatamodeld")
        let exported = try store.read { context in
            let payloads = [("Note", #"[{"unique_id": 3}]"#), ("Tag", #"[{"id": "t"}]"#), ("Compatibility", #"[{"greeting": "hi"}]"#)]
            return try payloads.map { entity, payload in
                try context.sync(json(payload), inEntityNamed: entity)
                return try #require(try context.fetch(NSFetchRequest<NSManagedObject>(entityName: entity)).first).export()
            }
        }
        #expect(integer(exported[0]["unique_id"]) == 3)
        #expect(exported[1]["id"] as? String == "t")
        #expect(exported[2]["greeting"] as? String == "hi")
    }

    // MARK: - NSPropertyDescription+SyncTests: hyper.remoteKey and sync.remoteKey

    @Test func exportUsesTheOldAndTheCurrentRemoteKeys() throws {
        let store = try PeerStore("RemoteKey")
        try store.sync("remote_key", into: "Entity")
        let exported = try store.read { context in
            try #require(try context.object(entityNamed: "Entity", withPrimaryKey: 1)).export()
        }
        #expect(exported["custom_old"] as? String == "old")
        #expect(exported["custom_current"] as? String == "current")
    }

    // MARK: - DataFilterTests: string primary keys, seeded store

    @Test func storedNoteWithStringKeyIsUpdatedNotInserted() throws {
        let store = try PeerStore("DataFilter/DataFilter.xcdatamodeld")
        try store.read { context in
            let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
            note.setValue("123", forKey: "remoteID")
            note.setValue("text", forKey: "text")
            try context.save()
        }
        #expect(try store.count("Note") == 1)
        let changes = try store.sync("DataFilter/note.json", into: "Note")
        // Sync reports the stored note as updated, though its values are the same.
        #expect(changes == ChangedKeys(inserted: [], updated: ["123"], deleted: []))
        #expect(try store.count("Note") == 1)
    }

    // MARK: - NSManagedObjectContext+SyncTests: objects by key

    @Test func storedUserIsFoundByItsNumericPrimaryKey() throws {
        let store = try PeerStore("Tests")
        try store.read { context in
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
            user.setValue(Int32(1), forKey: "remoteID")
            user.setValue("Joshua", forKey: "name")
            try context.save()
        }
        #expect(try store.value("name", of: "User", 1) as? String == "Joshua")
    }

    @Test func numericPrimaryKeyIsFoundByItsText() throws {
        let store = try PeerStore("Tests")
        try store.read { context in
            NSEntityDescription.insertNewObject(forEntityName: "User", into: context).setValue(Int32(1), forKey: "remoteID")
            try context.save()
        }
        let found = try store.read { context in try context.object(entityNamed: "User", withPrimaryKey: "1")?.value(forKey: "remoteID") }
        #expect(found as? Int32 == 1)
    }

    @Test func stringPrimaryKeyIsFoundByANumber() throws {
        let store = try PeerStore("id")
        try store.sync("id", into: "User")
        try store.sync(data: json(#"[{"id": "7", "name": "Seven"}]"#), into: "User")
        #expect(try store.read { context in try context.object(entityNamed: "User", withPrimaryKey: 7)?.value(forKey: "name") } as? String == "Seven")
    }

    @Test func storedUserIsFoundByAStringAttribute() throws {
        let store = try PeerStore("Tests")
        let name = try store.read { context in
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
            user.setValue("100", forKey: "localID")
            user.setValue("Joshua", forKey: "name")
            try context.save()
            return try context.objects(entityNamed: "User", "localID == %@", "100").map { $0.value(forKey: "name") as? String }
        }
        #expect(name == ["Joshua"])
    }

    // MARK: - FetchTests, DeleteTests

    /// A store of the `id` model with user `"id"`, named `name`, saved.
    private static func idStore(name: String? = nil) throws -> PeerStore {
        let store = try PeerStore("id")
        try store.read { context in
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
            user.setValue("id", forKey: "id")
            user.setValue(name, forKey: "name")
            try context.save()
        }
        #expect(try store.count("User") == 1)
        return store
    }

    @Test func fetchByStringKeyThenDeleteLeavesNothingToFetch() throws {
        let store = try Self.idStore(name: "dada")
        try store.read { context in
            let fetched = try #require(try context.object(entityNamed: "User", withPrimaryKey: "id"))
            #expect(fetched.value(forKey: "name") as? String == "dada")
            context.delete(fetched)
            try context.save()
            #expect(try context.object(entityNamed: "User", withPrimaryKey: "id") == nil)
        }
        #expect(try store.count("User") == 0)
    }

    @Test func deleteByNumericKey() throws {
        let store = try PeerStore("Tests")
        try store.read { context in
            NSEntityDescription.insertNewObject(forEntityName: "User", into: context).setValue(Int32(1), forKey: "remoteID")
            try context.save()
            context.delete(try #require(try context.object(entityNamed: "User", withPrimaryKey: 1)))
            try context.save()
        }
        #expect(try store.count("User") == 0)
    }

    // MARK: - InsertOrUpdateTests

    @Test func insertOrUpdateInsertsByStringKey() throws {
        let store = try PeerStore("id")
        let changes = try store.read { context in
            try context.sync(json(#"{"id": "id", "name": "name"}"#), inEntityNamed: "User", operations: [.insert, .update])
        }
        #expect(changes.inserted.count == 1)
        #expect(try store.count("User") == 1)
        #expect(try store.value("name", of: "User", "id") as? String == "name")
    }

    @Test func insertOrUpdateInsertsByNumericKey() throws {
        let store = try PeerStore("Tests")
        let changes = try store.sync(data: json(#"{"id": 1}"#), into: "User", operations: [.insert, .update])
        #expect(changes == ChangedKeys(inserted: ["1"], updated: [], deleted: []))
        #expect(try store.count("User") == 1)
    }

    @Test func insertOrUpdateUpdatesTheStoredObject() throws {
        let store = try Self.idStore(name: "old")
        let changes = try store.sync(data: json(#"{"id": "id", "name": "new"}"#), into: "User", operations: [.insert, .update])
        #expect(changes == ChangedKeys(inserted: [], updated: ["id"], deleted: []))
        #expect(try store.count("User") == 1)
        #expect(try store.value("name", of: "User", "id") as? String == "new")
    }

    @Test func insertOrUpdateDeletesNothingElse() throws {
        let store = try Self.idStore()
        try store.sync(data: json(#"{"id": "other"}"#), into: "User", operations: [.insert, .update])
        #expect(try store.count("User") == 2)
    }

    // MARK: - UpdateTests

    @Test func updateOfAnUnknownKeyFindsNothingAndChangesNothing() throws {
        let store = try Self.idStore()
        let found = try store.read { context in try context.object(entityNamed: "User", withPrimaryKey: "someotherid") }
        #expect(found == nil)
        let changes = try store.sync(data: json(#"{"id": "someotherid"}"#), into: "User", operations: [.update])
        #expect(changes == ChangedKeys())
        #expect(try store.count("User") == 1)
    }

    /// Sync's `update(id, with:)`: the stored user `"id"` filled with `payload`, saved.
    private static func updatedIDStore(with payload: String) throws -> PeerStore {
        let store = try idStore()
        try store.read { context in
            let user = try #require(try context.object(entityNamed: "User", withPrimaryKey: "id"))
            try user.fill(with: json(payload))
            try context.save()
        }
        #expect(try store.count("User") == 1)
        return store
    }

    @Test func updateKeepsTheKeyAndSetsTheValues() throws {
        let store = try Self.updatedIDStore(with: #"{"name": "bossy"}"#)
        #expect(try store.value("name", of: "User", "id") as? String == "bossy")
    }

    @Test func updateWithANewKeyChangesTheKey() throws {
        let store = try Self.updatedIDStore(with: #"{"id": "someid"}"#)
        #expect(try store.value("id", of: "User", "someid") as? String == "someid")
    }

    // MARK: - NSPersistentContainerTests

    /// A container of the corpus model `model` with an in-memory store.
    private static func container(_ model: String) throws -> NSPersistentContainer {
        try PeerStore(model).stack.container
    }

    @Test func containerSyncOfCamelCaseUserIsSeenByTheViewContext() async throws {
        let container = try Self.container("Camelcase")
        try await container.sync(try SyncPeerCorpus.payload("camelcase"), inEntityNamed: "NormalUser")
        let context = container.viewContext
        let values = try await context.perform {
            let users = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "NormalUser"))
            return users.map { user in
                ["etternavn", "firstName", "fullName", "remoteID"].map { user.value(forKey: $0) as? String } + [integer(user.value(forKey: "numberOfChildren")).map(String.init)]
            }
        }
        #expect(values == [["Nuñez", "Elvis", "Elvis Nuñez", "1", "1"]])
    }

    @Test func containerInsertOrUpdateOfOneObject() async throws {
        let container = try Self.container("Tests")
        try await container.sync(json(#"{"id": 1}"#), inEntityNamed: "User", operations: [.insert, .update])
        let context = container.viewContext
        let count = try await context.perform { try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "User")) }
        #expect(count == 1)
    }

    @Test func containerUpdateOfOneObjectIsSeenByTheViewContext() async throws {
        let container = try Self.container("id")
        let context = container.viewContext
        try await context.perform {
            NSEntityDescription.insertNewObject(forEntityName: "User", into: context).setValue("id", forKey: "id")
            try context.save()
        }
        let changes = try await container.sync(json(#"{"id": "id", "name": "bossy"}"#), inEntityNamed: "User", operations: [.update])
        #expect(changes.updated.count == 1)
        let names = try await context.perform {
            try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "User")).map { $0.value(forKey: "name") as? String }
        }
        #expect(names == ["bossy"])
    }
}

#endif
