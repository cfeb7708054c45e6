#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// Changes of optionality. Apple, "Using Lightweight Migration": inferable changes include a non-optional
/// attribute becoming optional, and an optional attribute becoming non-optional and defining a default value.
@Suite("Lightweight migration: optionality")
struct OptionalityMigrationTests {
    /// Seeds `Optionality` version 1: Ann, 30, and a person with no name and no age.
    private func seeded() throws -> MigrationFixture {
        let fixture = try MigrationFixture("Optionality")
        try fixture.seed { context in
            MigrationFixture.insert("Person", ["name": "Ann", "age": 30, "email": "ann@example.com"], into: context)
            MigrationFixture.insert("Person", ["email": "anon@example.com"], into: context)
        }
        return fixture
    }

    private func migratedPeople(_ fixture: MigrationFixture) throws -> [NSManagedObject] {
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        return try SQLiteTestSupport.fetch("Person", in: context, sortedBy: "email")
    }

    @Test func nilValuesOfANewlyRequiredAttributeTakeItsDefault() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let people = try migratedPeople(fixture)
        #expect(people.map { $0.value(forKey: "email") as? String } == ["ann@example.com", "anon@example.com"])
        #expect(people.map { $0.value(forKey: "name") as? String } == ["Ann", "Unknown"])
        #expect(people.map { $0.value(forKey: "age") as? Int } == [30, 18])
    }

    @Test func newlyOptionalAttributeKeepsItsValuesAndTakesNil() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name == %@", "Ann")).first)
        #expect(ann.value(forKey: "email") as? String == "ann@example.com")
        ann.setValue(nil, forKey: "email")
        try context.save()
    }
}

/// Additions: new attributes (optional, or required with a default value), relationships and entities.
@Suite("Lightweight migration: additions")
struct AdditionMigrationTests {
    private func seeded() throws -> MigrationFixture {
        let fixture = try MigrationFixture("Additions")
        try fixture.seed { context in
            MigrationFixture.insert("Person", ["name": "Ann"], into: context)
        }
        return fixture
    }

    @Test func existingRowsTakeNilForANewOptionalAttributeAndTheDefaultOfANewRequiredOne() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context).first)
        #expect(ann.value(forKey: "name") as? String == "Ann")
        #expect(ann.value(forKey: "bio") == nil)
        #expect(ann.value(forKey: "level") as? Int == 1)
    }

    @Test func newEntityAndRelationshipsStoreObjects() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        do {
            let context = try fixture.open(try fixture.currentVersion()).viewContext
            let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context).first)
            MigrationFixture.insert("Badge", ["title": "founder", "holder": ann], into: context)
            let bob = MigrationFixture.insert("Person", ["name": "Bob"], into: context)
            ann.setValue(Set([bob]), forKey: "friends")
            try context.save()
        }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name == %@", "Ann")).first)
        #expect((ann.value(forKey: "badges") as? Set<NSManagedObject>)?.map { $0.value(forKey: "title") as? String } == ["founder"])
        #expect((ann.value(forKey: "friends") as? Set<NSManagedObject>)?.map { $0.value(forKey: "name") as? String } == ["Bob"])
    }
}

#endif
