#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// Migrations within an inheritance tree, and renames across several model versions.
@Suite("Lightweight migration: inheritance and chained renames")
struct HierarchyMigrationTests {
    /// Seeds `Hierarchy` version 1: Rex the beagle kept by Jo, and Tom the indoor cat kept by Ann.
    private func seeded() throws -> MigrationFixture {
        let fixture = try MigrationFixture("Hierarchy")
        try fixture.seed { context in
            let rex = MigrationFixture.insert("Dog", ["name": "Rex", "breed": "beagle"], into: context)
            let tom = MigrationFixture.insert("Cat", ["name": "Tom", "indoor": true], into: context)
            MigrationFixture.insert("Keeper", ["name": "Jo", "pet": rex], into: context)
            MigrationFixture.insert("Keeper", ["name": "Ann", "pet": tom], into: context)
        }
        return fixture
    }

    @Test func renamedRootAndSubentityKeepTheirRowsAndRemovedSubentityRowsAreGone() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let creatures = try SQLiteTestSupport.fetch("Creature", in: context, sortedBy: "name")
        #expect(creatures.map { $0.entity.name } == ["Hound"])
        #expect(creatures.map { $0.value(forKey: "name") as? String } == ["Rex"])
        #expect(creatures.map { $0.value(forKey: "breedName") as? String } == ["beagle"])
    }

    @Test func toOneReferencesToRowsOfARemovedSubentityBecomeNil() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let keepers = try SQLiteTestSupport.fetch("Keeper", in: context, sortedBy: "name")
        #expect(keepers.map { ($0.value(forKey: "pet") as? NSManagedObject)?.value(forKey: "name") as? String } == [nil, "Rex"])
    }

    @Test func newSubentityStoresObjectsBesideMigratedOnes() throws {
        let fixture = try seeded()
        defer { fixture.remove() }
        do {
            let context = try fixture.open(try fixture.currentVersion()).viewContext
            MigrationFixture.insert("Bird", ["name": "Tweety", "wingspan": 0.2], into: context)
            try context.save()
        }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        let creatures = try SQLiteTestSupport.fetch("Creature", in: context, sortedBy: "name")
        #expect(creatures.map { $0.entity.name } == ["Hound", "Bird"])
        #expect(creatures.last?.value(forKey: "wingspan") as? Double == 0.2)
    }

    /// Apple, "Using Lightweight Migration": the renaming identifier is a canonical name, so a property renamed
    /// in version 2 and again in version 3 migrates from version 1 or from version 2 alike.
    @Test func propertyRenamedTwiceMigratesFromEitherEarlierVersion() throws {
        let fixture = try MigrationFixture("ChainedRenames")
        defer { fixture.remove() }
        let date = Date(timeIntervalSinceReferenceDate: 1_000_000)
        let versions = try (1...3).map { version in
            try ModelFixtures.load("Migration/ChainedRenames.xcdatamodeld/ChainedRenames\(version == 1 ? "" : " \(version)").xcdatamodel")
        }
        try fixture.seed { MigrationFixture.insert("Event", ["timeStamp": date], into: $0) }
        let whenValue = try SQLiteTestSupport.fetch("Event", in: try fixture.open(versions[1]).viewContext).first?.value(forKey: "when") as? Date
        #expect(whenValue == date)
        let timeValue = try SQLiteTestSupport.fetch("Event", in: try fixture.open(versions[2]).viewContext).first?.value(forKey: "time") as? Date
        #expect(timeValue == date)
        let other = try MigrationFixture("ChainedRenames")
        defer { other.remove() }
        try other.seed { MigrationFixture.insert("Event", ["timeStamp": date], into: $0) }
        let direct = try SQLiteTestSupport.fetch("Event", in: try other.open(versions[2]).viewContext).first?.value(forKey: "time") as? Date
        #expect(direct == date)
    }
}

#endif
