import CoreDataCodable
import Foundation
import Testing

// JSONCache's own model and bulk payload (andersblehr/JSONCache, MIT), in
// `../shared/peers/jsoncache/` beside the package, with `JC.isIdentifier` and snake_case keys
// unchanged. The folder is not part of the repository: without it the suite is skipped and
// `PeerJSONCacheCorpusPresenceTests` says so.
#if !canImport(CoreData)

private let jsonCache = PeerCorpus("jsoncache")

@Suite("JSONCache's peer corpus presence")
struct PeerJSONCacheCorpusPresenceTests {
    // Always runs: says whether the JSONCache suite ran or was skipped.
    @Test func recordsWhetherTheCorpusIsPresent() {
        print(jsonCache.isAvailable
            ? "JSONCache's corpus found at \(jsonCache.root.path)."
            : "JSONCache's corpus not found at \(jsonCache.root.path): its tests are skipped.")
    }
}

/// The walk-through of JSONCache's README: bands, musicians, band members and albums loaded in one
/// call, with JSONCache's semantics (`.upsert`).
@Suite("JSONCache's model and bulk payload", .enabled(if: jsonCache.isAvailable))
struct PeerJSONCacheTests {
    private static func stack() throws -> TestStack {
        try TestStack(model: NSManagedObjectModel(validatingContentsOf: jsonCache.root.appendingPathComponent("JSONCacheTests.xcdatamodeld")))
    }

    private static func bands() throws -> Data {
        try Data(contentsOf: jsonCache.root.appendingPathComponent("bands.json"))
    }

    /// A stack with `bands.json` loaded.
    private static func loadedStack() throws -> TestStack {
        let stack = try stack()
        _ = try stack.read { try stack.context.sync(bands(), operations: .upsert) }
        return stack
    }

    @Test func bulkLoadMakesEveryEntitysObjects() throws {
        let stack = try Self.loadedStack()
        #expect(try ["Album", "Band", "BandMember", "Musician"].map { try stack.count($0) } == [17, 2, 12, 12])
    }

    @Test func reservedAndSnakeCaseKeysReachTheirAttributes() throws {
        let stack = try Self.loadedStack()
        let japan = try stack.read { try stack.context.object(entityNamed: "Band", withPrimaryKey: "Japan") }
        stack.read {
            #expect(japan?.value(forKey: "otherNames") as? String == "Rain Tree Crow")
            #expect((japan?.value(forKey: "bandDescription") as? String)?.hasPrefix("Initially a glam-inspired group") == true)
            #expect(japan?.value(forKey: "formed") as? Int32 == 1974)
        }
    }

    @Test func membersLinkBandsAndMusiciansByName() throws {
        let stack = try Self.loadedStack()
        let member = try stack.read { try stack.context.object(entityNamed: "BandMember", withPrimaryKey: "Bryan Ferry in Roxy Music") }
        stack.read {
            #expect((member?.value(forKey: "band") as? NSManagedObject)?.value(forKey: "name") as? String == "Roxy Music")
            #expect((member?.value(forKey: "musician") as? NSManagedObject)?.value(forKey: "born") as? Int32 == 1945)
        }
    }

    @Test func loadingOneAlbumAgainDeletesNothing() throws {
        let stack = try Self.loadedStack()
        let album: [String: Any] = ["name": "Avalon", "band": "Roxy Music", "label": "E.G.", "released": "1982-05-28T00:00:00Z"]
        let changes = try stack.read { try stack.context.sync([album], inEntityNamed: "Album", operations: .upsert) }
        #expect(changes.deleted == [])
        #expect(try stack.count("Album") == 17)
    }

    // JSONCache's testJSONGenerationAsync: an album as JSONCache writes it, its band by name and
    // its date in UTC.
    @Test func anAlbumExportsItsBandByIdentifierAndItsDateInUTC() throws {
        let stack = try Self.loadedStack()
        var options = ExportOptions()
        options.relationships = .identifiers
        let album = try stack.read { try stack.context.object(entityNamed: "Album", withPrimaryKey: "Rain Tree Crow")?.export(using: options) }
        #expect(album?["name"] as? String == "Rain Tree Crow")
        #expect(album?["band"] as? String == "Japan")
        #expect(album?["released"] as? String == "1991-04-08T00:00:00Z")
        #expect(album?["label"] as? String == "Virgin")
        #expect(album?["released_as"] as? String == "Rain Tree Crow")
    }

    @Test func fillMapsTheModelsKeys() throws {
        let stack = try Self.stack()
        let band = try stack.read {
            let band = NSEntityDescription.insertNewObject(forEntityName: "Band", into: stack.context)
            try band.fill(with: ["name": "Japan", "other_names": "Rain Tree Crow", "description": "From Catford"])
            return band
        }
        stack.read {
            #expect(band.value(forKey: "otherNames") as? String == "Rain Tree Crow")
            #expect(band.value(forKey: "bandDescription") as? String == "From Catford")
        }
    }
}
#endif
