import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The model is an Xcode model file (`Fixture.model`).
/// Lidenbrock's convention: an attribute named `syncID` is the identity, read from the JSON's `id`,
/// `_id` or `syncID` (the recipes and ingredients of Lidenbrock's README).
@Suite("Sync by Lidenbrock's syncID convention")
struct LidenbrockSyncTests {
    /// A stack with the recipes synced.
    private static func syncedStack() throws -> TestStack {
        let stack = try TestStack(model: Fixture.model("Lidenbrock"))
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("recipes"), inEntityNamed: "Recipe") }
        return stack
    }

    @Test func syncIDIsTheIdentityReadFromIdUnderscoreIdOrSyncID() throws {
        let stack = try Self.syncedStack()
        let names = try stack.read {
            try stack.context.objects(entityNamed: "Recipe", "ORDER BY syncID").map { "\($0.value(forKey: "syncID") ?? "") \($0.value(forKey: "name") ?? "")" }
        }
        #expect(names == ["REC1 pancake", "REC2 omelette", "REC3 bread"])
    }

    @Test func manyToManyIngredientsAreUniquedBySyncID() throws {
        let stack = try Self.syncedStack()
        try stack.read {
            let ingredients = try stack.context.objects(entityNamed: "Ingredient", "ORDER BY syncID")
            #expect(ingredients.map { $0.value(forKey: "syncID") as? String } == ["INGR1", "INGR2"])
            #expect(ingredients.map { $0.value(forKey: "name") as? String } == ["flour", "eggs"])
            let eggs = try #require(ingredients.last?.value(forKey: "recipes") as? Set<NSManagedObject>)
            #expect(Set(eggs.compactMap { $0.value(forKey: "syncID") as? String }) == ["REC1", "REC2"])
        }
    }

    @Test func snakeCaseDatesReachTheirAttribute() throws {
        let stack = try Self.syncedStack()
        let createdOn = try stack.read { try stack.context.object(entityNamed: "Recipe", withPrimaryKey: "REC1")?.value(forKey: "createdOn") as? Date }
        #expect(createdOn == Date(timeIntervalSince1970: 1_614_844_800))
    }

    @Test func exportWritesSyncIDAsId() throws {
        let stack = try Self.syncedStack()
        let json = try stack.read { try stack.context.object(entityNamed: "Ingredient", withPrimaryKey: "INGR1")?.export(using: .excludedRelationships) }
        #expect(json?["id"] as? String == "INGR1")
        #expect(json?["sync_id"] == nil)
    }
}
#endif
