#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// Stores that do not migrate: a migration that fails leaves the file as it was; with migration off, or for a
/// change lightweight migration cannot infer, opening fails with `NSPersistentStoreIncompatibleVersionHashError`
/// naming what differs.
@Suite("Lightweight migration: failures")
struct FailedMigrationTests {
    private func isError(_ error: any Error, code: Int, mentioning words: [String]) -> Bool {
        let error = error as NSError
        return error.domain == NSCocoaErrorDomain && error.code == code && words.allSatisfy { error.localizedDescription.contains($0) }
    }

    @Test func requiredAttributeWithoutDefaultFailsForAStoreWithRowsAndLeavesTheFileByteForByte() throws {
        let fixture = try MigrationFixture("RequiredWithoutDefault")
        defer { fixture.remove() }
        try fixture.seed { MigrationFixture.insert("Person", ["name": "Ann"], into: $0) }
        let before = try fixture.fileBytes()
        #expect {
            _ = try fixture.open(try fixture.currentVersion())
        } throws: { isError($0, code: NSMigrationError, mentioning: ["Person", "email"]) }
        #expect(try fixture.fileBytes() == before)
        let context = try fixture.open(try fixture.firstVersion()) { $0.shouldMigrateStoreAutomatically = false }.viewContext
        #expect(try SQLiteTestSupport.fetch("Person", in: context).map { $0.value(forKey: "name") as? String } == ["Ann"])
    }

    @Test func requiredAttributeWithoutDefaultMigratesAStoreWithoutRows() throws {
        let fixture = try MigrationFixture("RequiredWithoutDefault")
        defer { fixture.remove() }
        try fixture.seed { _ in }
        let context = try fixture.open(try fixture.currentVersion()).viewContext
        MigrationFixture.insert("Person", ["name": "Ann", "email": "ann@example.com"], into: context)
        try context.save()
        #expect(try SQLiteTestSupport.fetch("Person", in: context).map { $0.value(forKey: "email") as? String } == ["ann@example.com"])
    }

    @Test func migrationOffFailsWith134100NamingWhatDiffers() throws {
        let fixture = try MigrationFixture("Removals")
        defer { fixture.remove() }
        try fixture.seed { MigrationFixture.insert("Note", ["text": "remember"], into: $0) }
        #expect {
            _ = try fixture.open(try fixture.currentVersion()) { $0.shouldMigrateStoreAutomatically = false }
        } throws: { isError($0, code: NSPersistentStoreIncompatibleVersionHashError, mentioning: ["entity Note removed", "entity Person", "property nickname removed"]) }
    }

    @Test func inferringOffFailsWith134100() throws {
        let fixture = try MigrationFixture("Additions")
        defer { fixture.remove() }
        try fixture.seed { _ in }
        #expect {
            _ = try fixture.open(try fixture.currentVersion()) { $0.shouldInferMappingModelAutomatically = false }
        } throws: { isError($0, code: NSPersistentStoreIncompatibleVersionHashError, mentioning: ["entity Badge added"]) }
    }

    @Test func attributeTypeChangeFailsWith134100NamingTheAttributeAndLeavesTheFileByteForByte() throws {
        let fixture = try MigrationFixture("TypeChange")
        defer { fixture.remove() }
        try fixture.seed { MigrationFixture.insert("Person", ["name": "Ann", "age": 30], into: $0) }
        let before = try fixture.fileBytes()
        #expect {
            _ = try fixture.open(try fixture.currentVersion())
        } throws: { isError($0, code: NSPersistentStoreIncompatibleVersionHashError, mentioning: ["entity Person, property age", "type changed"]) }
        #expect(try fixture.fileBytes() == before)
    }

    @Test func optionsOfAddPersistentStoreTurnMigrationOn() throws {
        let fixture = try MigrationFixture("Renames")
        defer { fixture.remove() }
        try fixture.seed { MigrationFixture.insert("Car", ["color": "red"], into: $0) }
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: try fixture.currentVersion())
        #expect(throws: (any Error).self) {
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: fixture.storeURL, options: nil)
        }
        let options = [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true]
        try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: fixture.storeURL, options: options)
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
        #expect(try SQLiteTestSupport.fetch("Automobile", in: context).map { $0.value(forKey: "paintColor") as? String } == ["red"])
    }
}

#endif
