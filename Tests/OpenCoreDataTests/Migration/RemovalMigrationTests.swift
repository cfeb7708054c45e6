#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// Removed attributes, relationships and entities: their data leaves the store. Opening the migrated store with
/// the first version again migrates the removed elements back as new, so they come back empty.
@Suite("Lightweight migration: removals")
struct RemovalMigrationTests {
    /// Seeds `Removals` version 1: Ann ("Annie") with her dog, and a note.
    private func seeded() throws -> MigrationFixture {
        let fixture = try MigrationFixture("Removals")
        try fixture.seed { context in
            let ann = MigrationFixture.insert("Person", ["name": "Ann", "nickname": "Annie"], into: context)
            MigrationFixture.insert("Pet", ["kind": "dog", "owner": ann], into: context)
            MigrationFixture.insert("Note", ["text": "remember"], into: context)
        }
        return fixture
    }

    @Test func keptPropertiesKeepTheirValues() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        #expect(try SQLiteTestSupport.fetch("Person", in: context).map { $0.value(forKey: "name") as? String } == ["Ann"])
        #expect(try SQLiteTestSupport.fetch("Pet", in: context).map { $0.value(forKey: "kind") as? String } == ["dog"])
    }

    @Test func removedAttributeValuesAreGone() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        _ = try fixture.open(try fixture.currentVersion())
        let context = try fixture.open(try fixture.firstVersion()).viewContext
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context).first)
        #expect(ann.value(forKey: "name") as? String == "Ann")
        #expect(ann.value(forKey: "nickname") == nil)
    }

    @Test func removedRelationshipLinksAreGone() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        _ = try fixture.open(try fixture.currentVersion())
        let context = try fixture.open(try fixture.firstVersion()).viewContext
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context).first)
        #expect(ann.value(forKey: "pet") == nil)
        #expect(try SQLiteTestSupport.fetch("Pet", in: context).count == 1)
    }

    @Test func removedEntityRowsAreGone() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        _ = try fixture.open(try fixture.currentVersion())
        let context = try fixture.open(try fixture.firstVersion()).viewContext
        #expect(try SQLiteTestSupport.fetch("Note", in: context).isEmpty)
    }
}

#endif
