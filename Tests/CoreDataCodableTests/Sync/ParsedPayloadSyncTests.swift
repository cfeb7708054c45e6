import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The model is an Xcode model file (`Fixture.model`).
@Suite("Sync of parsed payloads, upserts and skipped elements")
struct ParsedPayloadSyncTests {
    /// The fixture `name` of `Fixtures/Sync`, as `JSONSerialization` reads it.
    private static func objects(_ name: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Fixture.syncPayload(name)) as? [[String: Any]])
    }

    private static func firstNames(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "User", "ORDER BY remoteID").compactMap { $0.value(forKey: "firstName") as? String }
        }
    }

    @Test func arrayOfDictionariesSyncsLikeJSONData() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let changes = try stack.read { try stack.context.sync(Self.objects("users"), inEntityNamed: "User") }
        #expect(changes.inserted.count == 2)
        #expect(try Self.firstNames(in: stack) == ["Ada", "Alan"])
    }

    @Test func oneDictionarySyncsAsAPayloadOfOneElement() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let ada = try #require(try Self.objects("users").first)
        let changes = try stack.read { try stack.context.sync(ada, inEntityNamed: "User") }
        #expect(changes.inserted.count == 1)
        #expect(try Self.firstNames(in: stack) == ["Ada"])
    }

    @Test func oneDictionaryDeletesTheStoredObjectsItDoesNotName() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let users = try Self.objects("users")
        let changes = try stack.read {
            try stack.context.sync(users, inEntityNamed: "User")
            return try stack.context.sync(users[1], inEntityNamed: "User")
        }
        #expect(changes.deleted.count == 1)
        #expect(try Self.firstNames(in: stack) == ["Alan"])
    }

    @Test func skippedGivesThePositionsOfElementsWithoutPrimaryKey() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let changes = try stack.read { try stack.context.sync(Self.objects("usersParsed"), inEntityNamed: "User") }
        #expect(changes.skipped == [1, 3])
        #expect(changes.inserted.count == 2)
    }

    @Test func nothingIsSkippedWhenEveryElementHasItsPrimaryKey() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let changes = try stack.read { try stack.context.sync(Self.objects("users"), inEntityNamed: "User") }
        #expect(changes.skipped == [])
    }

    @Test func upsertInsertsAndUpdatesButNeverDeletes() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        let users = try Self.objects("users")
        var alan = users[1]
        alan["first_name"] = "Alan M."
        let changes = try stack.read {
            try stack.context.sync([users[0]], inEntityNamed: "User")
            return try stack.context.sync([alan], inEntityNamed: "User", operations: .upsert)
        }
        #expect(changes.deleted == [])
        #expect(changes.inserted.count == 1)
        #expect(try Self.firstNames(in: stack) == ["Ada", "Alan M."])
    }

    @Test func upsertIsInsertAndUpdateOfObjectsAndRelationships() {
        #expect(SyncOperations.upsert == [.insert, .update, .insertRelationships, .updateRelationships])
    }

    @Test func valuesThatAreNotJSONThrowAndChangeNothing() throws {
        let stack = try TestStack(model: Fixture.model("Sync"))
        stack.read {
            #expect(throws: DecodingError.self) {
                try stack.context.sync(["id": 1, "first_name": Date()], inEntityNamed: "User")
            }
            #expect(!stack.context.hasChanges)
        }
    }
}
#endif
