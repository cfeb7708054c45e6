import CoreDataCodable
import Foundation
import Testing

/// The mappings the library builds for a model do not keep it alive: a server that makes a model
/// per tenant frees each with its last stack.
@Suite("Memory: a released model's mappings")
struct ReleasedModelTests {
    /// Syncs `tiles.json` into a stack of a new model of its own.
    private static func syncTiles(into model: NSManagedObjectModel) throws {
        let stack = try TestStack(model: model)
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("tiles"), inEntityNamed: "Tile") }
    }

    @Test func aModelSyncedIntoIsFreedWithItsEntitiesOnceAnotherModelIsUsed() throws {
        weak var released: NSManagedObjectModel?
        weak var releasedEntity: NSEntityDescription?
        try {
            let model = try Fixture.model("Comics")
            released = model
            releasedEntity = model.entitiesByName["Tile"]
            try Self.syncTiles(into: model)
        }()
        try Self.syncTiles(into: Fixture.model("Comics"))
        #expect(released == nil)
        #expect(releasedEntity == nil)
    }
}
