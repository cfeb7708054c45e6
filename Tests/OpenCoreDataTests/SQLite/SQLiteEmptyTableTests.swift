#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Fetches and counts on a table that holds no row, before and after rows come and go.
@Suite("SQLite store: empty tables")
struct SQLiteEmptyTableTests {
    typealias S = SQLiteTestSupport

    private func ownersNamed(_ names: [String], in context: NSManagedObjectContext) throws -> [String] {
        try S.fetch("Owner", in: context, predicate: NSPredicate(format: "name IN %@", names), sortedBy: "name")
            .compactMap { $0.value(forKey: "name") as? String }
    }

    /// Runs `body` with a new store file and a container on it; the file is removed after.
    private func withNewStore(_ body: (URL, NSPersistentContainer) throws -> Void) throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Empty.sqlite")
        try body(url, try S.container(at: url, model: S.model()))
    }

    private func countOfOwners(in context: NSManagedObjectContext) throws -> Int {
        try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Owner"))
    }

    @Test func tableEmptiedBySaveMatchesNothing() throws {
        try withNewStore { url, container in
            let context = container.viewContext
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            owner.setValue("first", forKey: "name")
            try context.save()
            context.delete(owner)
            try context.save()
            let reopened = try S.container(at: url, model: S.model())
            #expect(try ownersNamed(["first", "second"], in: reopened.viewContext) == [])
            #expect(try countOfOwners(in: reopened.viewContext) == 0)
        }
    }

    @Test func tableFilledAfterBeingEmptyMatchesItsRows() throws {
        try withNewStore { url, container in
            let context = container.viewContext
            #expect(try ownersNamed(["second"], in: context) == [])
            NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context).setValue("second", forKey: "name")
            try context.save()
            #expect(try ownersNamed(["first", "second"], in: context) == ["second"])
            let reopened = try S.container(at: url, model: S.model())
            #expect(try ownersNamed(["first", "second"], in: reopened.viewContext) == ["second"])
            #expect(try countOfOwners(in: reopened.viewContext) == 1)
        }
    }
}
