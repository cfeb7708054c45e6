import CoreDataCodable
import Foundation
import Testing

// Groot's own model and fixtures (gonzalezreal/Groot, MIT), in `../shared/peers/groot/` beside the
// package, with its user-info keys unchanged. The folder is not part of the repository: without it
// the suite is skipped and `PeerGrootCorpusPresenceTests` says so.
#if !canImport(CoreData)

private let groot = PeerCorpus("groot")

@Suite("Groot's peer corpus presence")
struct PeerGrootCorpusPresenceTests {
    // Always runs: says whether the Groot suite ran or was skipped.
    @Test func recordsWhetherTheCorpusIsPresent() {
        print(groot.isAvailable ? "Groot's corpus found at \(groot.root.path)." : "Groot's corpus not found at \(groot.root.path): its tests are skipped.")
    }
}

/// Groot's character scenarios, synced by entity name with Groot's semantics (`.upsert`).
@Suite("Groot's model and fixtures", .enabled(if: groot.isAvailable))
struct PeerGrootTests {
    private static func stack() throws -> TestStack {
        try TestStack(model: NSManagedObjectModel(validatingContentsOf: groot.root.appendingPathComponent("Model.xcdatamodeld")))
    }

    private static func sync(_ name: String, into entity: String, in stack: TestStack) throws {
        let data = try Data(contentsOf: groot.root.appendingPathComponent("JSON/\(name).json"))
        _ = try stack.read { try stack.context.sync(data, inEntityNamed: entity, operations: .upsert) }
    }

    /// `identifier`, `name` and `realName` of every character, by identifier.
    private static func characters(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "Character", "ORDER BY identifier").map {
                "\($0.value(forKey: "identifier") ?? "nil") \($0.value(forKey: "name") ?? "nil") \($0.value(forKey: "realName") ?? "nil")"
            }
        }
    }

    @Test func charactersMapByJSONKeyPathWithTheirIdentityAttribute() throws {
        let stack = try Self.stack()
        try Self.sync("characters", into: "Character", in: stack)
        #expect(try Self.characters(in: stack) == ["1699 Batman Guille Gonzalez", "1700 Superman Franck Letellier"])
    }

    @Test func anUpdateMergesIntoTheSameObjectsAndInsertsTheNewOne() throws {
        let stack = try Self.stack()
        try Self.sync("characters", into: "Character", in: stack)
        try Self.sync("characters_update", into: "Character", in: stack)
        #expect(try Self.characters(in: stack) == ["1699 Batman Bruce Wayne", "1700 Superman Clark Kent", "1701 Spiderman nil"])
    }
}
#endif
