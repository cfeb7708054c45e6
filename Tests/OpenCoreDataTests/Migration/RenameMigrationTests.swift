#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// Renames by renaming identifier: a destination element whose renaming identifier names a source element takes
/// its data. Apple, "Using Lightweight Migration": set the renaming identifier of the renamed entity or property
/// in the destination model to the name of the corresponding element in the source model.
@Suite("Lightweight migration: renames")
struct RenameMigrationTests {
    /// Seeds `Renames` version 1: Ann owns a red 2019 car and has the tag "vip"; Bob owns a blue 2021 car.
    private func seeded() throws -> MigrationFixture {
        let fixture = try MigrationFixture("Renames")
        try fixture.seed { context in
            let ann = MigrationFixture.insert("Person", ["name": "Ann"], into: context)
            let bob = MigrationFixture.insert("Person", ["name": "Bob"], into: context)
            MigrationFixture.insert("Car", ["color": "red", "year": 2019, "owner": ann], into: context)
            MigrationFixture.insert("Car", ["color": "blue", "year": 2021, "owner": bob], into: context)
            let vip = MigrationFixture.insert("Tag", ["title": "vip"], into: context)
            ann.setValue(Set([vip]), forKey: "tags")
        }
        return fixture
    }

    @Test func renamedEntityKeepsItsRows() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let automobiles = try SQLiteTestSupport.fetch("Automobile", in: context, sortedBy: "year")
        #expect(automobiles.map { $0.value(forKey: "year") as? Int } == [2019, 2021])
    }

    @Test func renamedAttributeKeepsItsValues() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let automobiles = try SQLiteTestSupport.fetch("Automobile", in: context, sortedBy: "year")
        #expect(automobiles.map { $0.value(forKey: "paintColor") as? String } == ["red", "blue"])
    }

    @Test func renamedToOneAndToManyRelationshipsKeepTheirObjects() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let automobiles = try SQLiteTestSupport.fetch("Automobile", in: context, sortedBy: "year")
        #expect(automobiles.map { ($0.value(forKey: "driver") as? NSManagedObject)?.value(forKey: "name") as? String } == ["Ann", "Bob"])
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name == %@", "Ann")).first)
        let vehicles = try #require(ann.value(forKey: "vehicles") as? Set<NSManagedObject>)
        #expect(vehicles.map { $0.value(forKey: "paintColor") as? String } == ["red"])
    }

    @Test func renamedManyToManyRelationshipKeepsItsObjectsFromBothSides() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name == %@", "Ann")).first)
        let labels = try #require(ann.value(forKey: "labels") as? Set<NSManagedObject>)
        #expect(labels.map { $0.value(forKey: "title") as? String } == ["vip"])
        let vip = try #require(try SQLiteTestSupport.fetch("Tag", in: context).first)
        let people = try #require(vip.value(forKey: "people") as? Set<NSManagedObject>)
        #expect(people.map { $0.value(forKey: "name") as? String } == ["Ann"])
    }

    @Test func migratedStoreSavesAndReopensWithoutAnotherMigration() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        do {
            let context = try fixture.open(try fixture.currentVersion()).viewContext
            let ann = try #require(try SQLiteTestSupport.fetch("Person", in: context, predicate: NSPredicate(format: "name == %@", "Ann")).first)
            MigrationFixture.insert("Automobile", ["paintColor": "green", "year": 2024, "driver": ann], into: context)
            try context.save()
        }
        // Migration off: the store now records the current model, so it opens as it is.
        let context = try fixture.open(try fixture.currentVersion()) { $0.shouldMigrateStoreAutomatically = false }.viewContext
        let automobiles = try SQLiteTestSupport.fetch("Automobile", in: context, sortedBy: "year")
        #expect(automobiles.map { $0.value(forKey: "paintColor") as? String } == ["red", "blue", "green"])
        #expect(automobiles.map { ($0.value(forKey: "driver") as? NSManagedObject)?.value(forKey: "name") as? String } == ["Ann", "Bob", "Ann"])
    }
}

#endif
