#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Optimistic locking against rows in the file: a save finds which of its updated objects another
/// coordinator changed or deleted since they were loaded.
@Suite("SQLite store: merge conflicts")
struct SQLiteMergeConflictTests {
    typealias S = SQLiteTestSupport

    /// Saves `count` items with serials `0..<count` into the file at `url`.
    private func seedItems(_ count: Int, at url: URL) throws {
        let context = try S.container(at: url, model: S.model()).viewContext
        for serial in 0..<count {
            NSEntityDescription.insertNewObject(forEntityName: "Item", into: context).setValue(Int64(serial), forKey: "serial")
        }
        try context.save()
    }

    /// The serials of the source objects of the conflicts a failed save reports.
    private func conflictingSerials(_ error: NSError?) -> [Int64] {
        let conflicts = error?.userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSMergeConflict] ?? []
        return conflicts.compactMap { $0.sourceObject.value(forKey: "serial") as? Int64 }.sorted()
    }

    /// Saves `count` items, changes them on another coordinator with `elsewhere`, then sets every
    /// item's `string` in a context that loaded them before and returns the error of its save, with
    /// that context's container (which must outlive the conflicts' objects).
    private func staleSave(
        seeding count: Int, elsewhere: (NSManagedObjectContext) throws -> Void
    ) throws -> (error: NSError?, container: NSPersistentContainer) {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Conflicts.sqlite")
        try seedItems(count, at: url)
        let stale = try S.container(at: url, model: S.model())
        let items = try S.fetch("Item", in: stale.viewContext)

        let other = try S.container(at: url, model: S.model()).viewContext
        try elsewhere(other)
        try other.save()

        for item in items { item.setValue("here", forKey: "string") }
        return (saveError(stale.viewContext), stale)
    }

    @Test func onlyTheObjectChangedElsewhereConflictsAmongMany() throws {
        let (error, container) = try staleSave(seeding: 1200) { other in
            try S.fetch("Item", in: other, predicate: NSPredicate(format: "serial == 700")).first?.setValue("elsewhere", forKey: "string")
        }
        defer { withExtendedLifetime(container) {} }
        #expect(error?.code == NSManagedObjectMergeError)
        #expect(conflictingSerials(error) == [700])
    }

    @Test func anObjectDeletedElsewhereConflictsWithVersionZero() throws {
        let (error, container) = try staleSave(seeding: 3) { other in
            for item in try S.fetch("Item", in: other, predicate: NSPredicate(format: "serial == 1")) { other.delete(item) }
        }
        defer { withExtendedLifetime(container) {} }
        let conflicts = error?.userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSMergeConflict] ?? []
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.newVersionNumber == 0)
        #expect(conflicts.first?.sourceObject.value(forKey: "serial") as? Int64 == 1)
    }

    @Test func aSubentityRowSharingItsParentsTableConflictsAlone() throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Conflicts.sqlite")
        let seed = try S.container(at: url, model: S.model()).viewContext
        NSEntityDescription.insertNewObject(forEntityName: "Tag", into: seed).setValue("plain", forKey: "label")
        NSEntityDescription.insertNewObject(forEntityName: "SpecialTag", into: seed).setValue("special", forKey: "label")
        try seed.save()
        let stale = try S.container(at: url, model: S.model()).viewContext
        let tags = try S.fetch("Tag", in: stale)
        #expect(tags.count == 2)

        let other = try S.container(at: url, model: S.model()).viewContext
        try S.fetch("SpecialTag", in: other).first?.setValue(Int32(2), forKey: "level")
        try other.save()

        for tag in tags { tag.setValue("renamed", forKey: "label") }
        let error = saveError(stale)
        let conflicts = error?.userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSMergeConflict] ?? []
        #expect(conflicts.map { $0.sourceObject.entity.name } == ["SpecialTag"])
    }
}
