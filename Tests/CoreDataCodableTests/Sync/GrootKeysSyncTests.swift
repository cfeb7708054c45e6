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

    /// `row,column color` of every tile, in order.
    private static func tiles(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "Tile", "ORDER BY row, column").map {
                "\($0.value(forKey: "row") ?? "nil"),\($0.value(forKey: "column") ?? "nil") \($0.value(forKey: "color") ?? "nil")"
            }
        }
    }

    @Test func aCompositeIdentityMatchesByEveryAttribute() throws {
        let stack = try TestStack(model: Fixture.model("Comics"))
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("tiles"), inEntityNamed: "Tile") }
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("tilesUpdate"), inEntityNamed: "Tile", operations: .upsert) }
        #expect(try Self.tiles(in: stack) == ["1,2 green", "1,3 blue", "2,2 white", "2,3 black"])
    }

    @Test func aCompositeIdentityExportsAsAnObjectOfItsKeys() throws {
        let stack = try TestStack(model: Fixture.model("Comics"))
        var options = ExportOptions()
        options.relationships = .identifiers
        let tiles = try stack.read {
            try stack.context.sync(Fixture.syncPayload("board"), inEntityNamed: "Board")
            let board = try #require(try stack.context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Board")).first)
            return board.export(using: options)["tiles"] as? [[String: Int]]
        }
        #expect(tiles == [["row": 1, "column": 2], ["row": 5, "column": 5]])
    }

    @Test func aCompositeIdentityDeletesTheObjectsThePayloadNoLongerNames() throws {
        let stack = try TestStack(model: Fixture.model("Comics"))
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("tiles"), inEntityNamed: "Tile") }
        let changes = try stack.read { try stack.context.sync(Fixture.syncPayload("tilesUpdate"), inEntityNamed: "Tile") }
        #expect(try Self.tiles(in: stack) == ["1,2 green", "2,3 black"])
        #expect((changes.inserted.count, changes.updated.count, changes.deleted.count) == (1, 1, 2))
    }

    @Test func aStoredNestedObjectOfACompositeIdentityOnlyLinksWithoutUpdateRelationships() throws {
        let stack = try TestStack(model: Fixture.model("Comics"))
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("tiles"), inEntityNamed: "Tile") }
        _ = try stack.read {
            try stack.context.sync(Fixture.syncPayload("board"), inEntityNamed: "Board", operations: [.insert, .update, .insertRelationships])
        }
        #expect(try Self.tiles(in: stack) == ["1,2 red", "1,3 blue", "2,2 white", "5,5 grey"])
        let boardTiles = try stack.read {
            try stack.context.objects(entityNamed: "Tile", "board.name == %@ ORDER BY row", "Kitchen").map { "\($0.value(forKey: "row") ?? "nil")" }
        }
        #expect(boardTiles == ["1", "5"])
    }

    // The cost of such a sync depends on the payload: it fetches the stored nested objects the
    // payload names, not every object of their entity.
    @Test func aSyncThatMayNotUpdateNestedObjectsFetchesOnlyTheStoredOnesItNames() throws {
        let stack = try TestStack(model: Fixture.model("Comics"))
        try stack.read {
            _ = try stack.context.sync(Fixture.syncPayload("tiles"), inEntityNamed: "Tile")
            try stack.context.save()
            stack.context.reset()
            _ = try stack.context.sync(Fixture.syncPayload("board"), inEntityNamed: "Board", operations: [.insert, .update, .insertRelationships])
        }
        let registered = stack.read {
            stack.context.registeredObjects.filter { $0.entity.name == "Tile" }.map {
                "\($0.value(forKey: "row") ?? "nil"),\($0.value(forKey: "column") ?? "nil")"
            }.sorted()
        }
        #expect(registered == ["1,2", "5,5"])
    }
}

/// Groot's entity keys: `entityMapperName` chooses the subentity an object is made of, and
/// `JSONDictionaryTransformerName` rewrites each JSON object first; an entity without identity
/// attributes inserts each object.
@Suite("Sync by Groot's entity mapper and dictionary transformer")
struct GrootEntityKeysSyncTests {
    /// Groot's entity mapper: a vehicle's `kind` as its subentity's name.
    private final class VehicleKindMapper: ValueTransformer {
        override func transformedValue(_ value: Any?) -> Any? {
            switch (value as? [String: Any])?["kind"] as? String {
            case "car": "Car"
            case "boat": "Boat"
            default: nil
            }
        }
    }

    /// Groot's dictionary transformer: an older API's `legacy_id` as `id`.
    private final class LegacyIDTransformer: ValueTransformer {
        override func transformedValue(_ value: Any?) -> Any? {
            guard var object = value as? [String: Any] else { return nil }
            object["id"] = object["legacy_id"]
            return object
        }
    }

    private static func stack() throws -> TestStack {
        ValueTransformer.setValueTransformer(VehicleKindMapper(), forName: NSValueTransformerName("ComicsVehicleKind"))
        ValueTransformer.setValueTransformer(LegacyIDTransformer(), forName: NSValueTransformerName("ComicsLegacyID"))
        return try TestStack(model: Fixture.model("Comics"))
    }

    /// `entity identifier wheels sails` of every vehicle, by identifier.
    private static func vehicles(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "Vehicle", "ORDER BY identifier").map { vehicle in
                let values = ["identifier", "wheels", "sails"].map { key in
                    vehicle.entity.attributesByName[key] == nil ? "-" : "\(vehicle.value(forKey: key) ?? "nil")"
                }
                return ([vehicle.entity.name ?? "?"] + values).joined(separator: " ")
            }
        }
    }

    @Test func theEntityMapperChoosesEachNestedObjectsSubentity() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("garage"), inEntityNamed: "Garage", operations: .upsert) }
        #expect(try Self.vehicles(in: stack) == ["Car 1 4 -", "Boat 2 - 2"])
    }

    @Test func anEntityWithoutIdentityAttributesInsertsEachObject() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("garage"), inEntityNamed: "Garage", operations: .upsert) }
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("garage"), inEntityNamed: "Garage", operations: .upsert) }
        #expect(try stack.read { try stack.context.objects(entityNamed: "Garage").count } == 2)
        #expect(try Self.vehicles(in: stack) == ["Car 1 4 -", "Boat 2 - 2"])
    }

    @Test func aSyncIntoTheAbstractEntityUpdatesTheSubentitysOwnAttributes() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("garage"), inEntityNamed: "Garage", operations: .upsert) }
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("vehicleUpdate"), inEntityNamed: "Vehicle", operations: .upsert) }
        #expect(try Self.vehicles(in: stack) == ["Car 1 6 -", "Boat 2 - 2"])
    }

    @Test func aNewObjectTheMapperGivesNoSubentityForThrowsAbstractEntity() throws {
        let stack = try Self.stack()
        stack.read {
            #expect {
                try stack.context.sync(Fixture.syncPayload("vehicleUpdate"), inEntityNamed: "Vehicle")
            } throws: { error in
                (error as? CoreDataCodableError)?.code == CoreDataCodableError.abstractEntity
            }
            #expect(!stack.context.hasChanges)
        }
    }

    @Test func theDictionaryTransformerRewritesEachObjectFirst() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("villains"), inEntityNamed: "Villain") }
        let names = try stack.read { try stack.context.object(entityNamed: "Villain", withPrimaryKey: 5)?.value(forKey: "name") as? String }
        #expect(names == "Moriarty")
    }
}
#endif

#if !canImport(CoreData)
/// Groot's validation: an entity that maps by `JSONKeyPath` needs a value for each mandatory
/// property it maps, in every object the payload holds in full and for every bare identifier.
/// `Sidekick`'s `identifier` and `name` are mandatory and mapped; `nickname` is mandatory and not.
@Suite("Sync by Groot's keys validates mandatory values")
struct GrootValidationSyncTests {
    /// Groot's tests' kind of transformer, as in ``GrootKeysSyncTests``: "T-5" as 5.
    private final class CodeTransformer: ValueTransformer {
        override func transformedValue(_ value: Any?) -> Any? {
            (value as? String).flatMap { Int64($0.dropFirst(2)) }.map { NSNumber(value: $0) }
        }
    }

    private static func stack() throws -> TestStack {
        ValueTransformer.setValueTransformer(CodeTransformer(), forName: NSValueTransformerName("ComicsTeamCode"))
        return try TestStack(model: Fixture.model("Comics"))
    }

    /// The code and the key of the validation error `body` throws; nil when it throws none.
    private static func validationFailure(in stack: TestStack, _ body: () throws -> Void) -> (domain: String, code: Int, key: String?)? {
        stack.read {
            do {
                try body()
                return nil
            } catch {
                // Bridged, not matched: on Linux, `catch let error as NSError` never ends for an
                // error that is not an `NSError`.
                let error = error as NSError
                return (error.domain, error.code, error.userInfo[NSValidationKeyErrorKey] as? String)
            }
        }
    }

    private static func sidekickName(_ id: Int64, in stack: TestStack) throws -> String? {
        try stack.read { try stack.context.object(entityNamed: "Sidekick", withPrimaryKey: id)?.value(forKey: "name") as? String }
    }

    @Test func aNewObjectWithoutAMandatoryMappedValueThrowsCoreDatasValidationError() throws {
        let stack = try Self.stack()
        let failure = Self.validationFailure(in: stack) { try stack.context.sync([["id": "T-5"]], inEntityNamed: "Sidekick") }
        #expect(failure?.domain == NSCocoaErrorDomain)
        #expect(failure?.code == NSValidationMissingMandatoryPropertyError)
        #expect(failure?.key == "name")
    }

    @Test func aFailedValidationLeavesTheContextAsItWas() throws {
        let stack = try Self.stack()
        _ = Self.validationFailure(in: stack) { try stack.context.sync([["id": "T-4", "name": "Robin"], ["id": "T-5"]], inEntityNamed: "Sidekick") }
        #expect(stack.read { stack.context.hasChanges } == false)
    }

    @Test func aStoredObjectMergesWithoutItsMandatoryKey() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync([["id": "T-5", "name": "Robin"]], inEntityNamed: "Sidekick") }
        _ = try stack.read { try stack.context.sync([["id": "T-5"]], inEntityNamed: "Sidekick", operations: .upsert) }
        #expect(try Self.sidekickName(5, in: stack) == "Robin")
    }

    // A sync of several entities makes every object before relating any: `Partner`'s mandatory
    // `hero` is checked once it is set.
    @Test func aSyncOfSeveralEntitiesChecksMandatoryRelationshipsOnceTheyAreSet() throws {
        let stack = try Self.stack()
        let payload = Data(#"{"Hero": [{"id": 7, "name": "Ada"}], "Partner": [{"id": 1, "hero": 7}]}"#.utf8)
        _ = try stack.read { try stack.context.sync(payload, operations: .upsert) }
        let hero = try stack.read {
            (try stack.context.object(entityNamed: "Partner", withPrimaryKey: 1)?.value(forKey: "hero") as? NSManagedObject)?.value(forKey: "name") as? String
        }
        #expect(hero == "Ada")
    }

    @Test func aMandatoryPropertyWithoutJSONKeyPathIsNotChecked() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync([["id": "T-5", "name": "Robin", "nickname": "Boy Wonder"]], inEntityNamed: "Sidekick") }
        #expect(try Self.sidekickName(5, in: stack) == "Robin")
    }

    @Test func aBareIdentifierTheTransformerGivesNothingForThrowsValidation() throws {
        let stack = try Self.stack()
        let failure = Self.validationFailure(in: stack) {
            try stack.context.sync(Data(#"["T-5", "X"]"#.utf8), inEntityNamed: "Sidekick", operations: .upsert)
        }
        #expect(failure?.code == NSValidationMissingMandatoryPropertyError)
        #expect(failure?.key == "identifier")
    }
}
#endif
