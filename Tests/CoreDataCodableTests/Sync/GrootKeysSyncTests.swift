import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The model is an Xcode model file (`Fixture.model`).
/// Groot's user-info keys: `identityAttribute` and `identityAttributes` on the entity,
/// `JSONKeyPath` and `JSONTransformerName` on its properties; an entity with `JSONKeyPath`s maps
/// only the properties that have one.
@Suite("Sync and export by Groot's user-info keys")
struct GrootKeysSyncTests {
    /// Groot's tests' kind of transformer: a team's code ("T-1") as its number, and back.
    private final class TeamCodeTransformer: ValueTransformer {
        override class func allowsReverseTransformation() -> Bool { true }
        override func transformedValue(_ value: Any?) -> Any? {
            (value as? String).flatMap { Int64($0.dropFirst(2)) }.map { NSNumber(value: $0) }
        }
        override func reverseTransformedValue(_ value: Any?) -> Any? {
            (value as? NSNumber).map { "T-\($0)" }
        }
    }

    /// A stack with `heroes.json` synced into `Hero`.
    private static func syncedStack() throws -> TestStack {
        ValueTransformer.setValueTransformer(TeamCodeTransformer(), forName: NSValueTransformerName("ComicsTeamCode"))
        let stack = try TestStack(model: Fixture.model("Comics"))
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("heroes"), inEntityNamed: "Hero") }
        return stack
    }

    private static func hero(_ id: Int64, in stack: TestStack) throws -> NSManagedObject? {
        try stack.context.object(entityNamed: "Hero", withPrimaryKey: id)
    }

    @Test func identityAttributeNamesThePrimaryKey() throws {
        let stack = try Self.syncedStack()
        let names = try stack.read { try stack.context.objects(entityNamed: "Hero", "ORDER BY identifier").map { $0.value(forKey: "name") as? String } }
        #expect(names == ["Ada", "Alan"])
    }

    @Test func jsonKeyPathReadsANestedValue() throws {
        let stack = try Self.syncedStack()
        #expect(try stack.read { try Self.hero(7, in: stack)?.value(forKey: "alias") as? String } == "Countess")
    }

    @Test func propertiesWithoutJSONKeyPathAreNotMapped() throws {
        let stack = try Self.syncedStack()
        #expect(try stack.read { try Self.hero(7, in: stack)?.value(forKey: "secretNote") } == nil)
    }

    @Test func jsonTransformerNameTransformsTheValue() throws {
        let stack = try Self.syncedStack()
        let team = try stack.read { try stack.context.object(entityNamed: "Team", withPrimaryKey: 1)?.value(forKey: "name") as? String }
        #expect(team == "Analysts")
    }

    @Test func aBareIdentifierGoesThroughTheTransformerToo() throws {
        let stack = try Self.syncedStack()
        let team = try stack.read { (try Self.hero(8, in: stack)?.value(forKey: "team") as? NSManagedObject)?.value(forKey: "name") as? String }
        #expect(team == "Analysts")
    }

    @Test func exportWritesOnlyJSONKeyPathsWithTheReverseTransformation() throws {
        let stack = try Self.syncedStack()
        let json = try stack.read { try Self.hero(7, in: stack)?.export() }
        #expect(json?.keys.sorted() == ["alias", "id", "name", "team"])
        #expect((json?["alias"] as? [String: Any])?["name"] as? String == "Countess")
        #expect((json?["team"] as? [String: Any])?["id"] as? String == "T-1")
    }

    @Test func aCompositeIdentityCannotBeSyncedByEntityName() throws {
        let stack = try TestStack(model: Fixture.model("Comics"))
        _ = stack.read {
            #expect {
                try stack.context.sync([["row": 1, "column": 2]], inEntityNamed: "Tile")
            } throws: { error in
                (error as? CoreDataCodableError)?.code == CoreDataCodableError.noPrimaryKey
            }
        }
    }
}
#endif
