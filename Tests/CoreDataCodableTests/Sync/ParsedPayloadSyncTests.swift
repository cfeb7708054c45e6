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

    /// The value `Export`'s user 1 holds for `attribute` after a sync of `value` under `key`.
    private static func syncedValue(_ value: Any, key: String, attribute: String) throws -> Any? {
        let stack = try TestStack(model: Fixture.model("Export"))
        return try stack.read {
            try stack.context.sync(["id": 1, key: value], inEntityNamed: "User")
            return try stack.context.object(entityNamed: "User", withPrimaryKey: 1)?.value(forKey: attribute)
        }
    }

    @Test func aDateValueSyncsAsItIs() throws {
        let date = Date(timeIntervalSince1970: 1_400_000_000.5)
        #expect(try Self.syncedValue(date, key: "created_at", attribute: "createdAt") as? Date == date)
    }

    @Test func aDataValueSyncsAsItIs() throws {
        #expect(try Self.syncedValue(Data([1, 2, 3]), key: "hobbies", attribute: "hobbies") as? Data == Data([1, 2, 3]))
    }

    @Test func aJSONCollectionForBinaryDataIsStoredAsItsJSON() throws {
        let hobbies: [Any] = ["chess", ["rank": 3, "club": "Oslo/Vest", "rated": true, "elo": 1.5]]
        let stored = try Self.syncedValue(hobbies, key: "hobbies", attribute: "hobbies") as? Data
        #expect(stored.map { String(decoding: $0, as: UTF8.self) } == #"["chess",{"club":"Oslo\/Vest","elo":1.5,"rank":3,"rated":true}]"#)
    }

    @Test func aUUIDValueSyncsAsItIs() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try Self.syncedValue(uuid, key: "inflection_uuid", attribute: "inflectionUUID") as? UUID == uuid)
    }

    @Test func aURLValueSyncsAsItIs() throws {
        let url = try #require(URL(string: "https://example.com/ada.png"))
        #expect(try Self.syncedValue(url, key: "image_url", attribute: "imageURL") as? URL == url)
    }

    @Test func aDecimalValueKeepsItsDigits() throws {
        let balance = try #require(Decimal(string: "12345678901234567.89"))
        #expect(try Self.syncedValue(balance, key: "balance", attribute: "balance") as? Decimal == balance)
    }

    @Test func aDecimalTextKeepsItsDigits() throws {
        let balance = try #require(Decimal(string: "12345678901234567.89"))
        #expect(try Self.syncedValue("12345678901234567.89", key: "balance", attribute: "balance") as? Decimal == balance)
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
