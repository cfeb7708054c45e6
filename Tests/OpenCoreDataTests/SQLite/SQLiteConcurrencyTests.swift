#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Several contexts and several coordinators on one file see each other's saves and lose nothing.
@Suite("SQLite store: concurrency")
struct SQLiteConcurrencyTests {
    typealias S = SQLiteTestSupport

    private func withFile(_ body: (URL) throws -> Void) throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.appendingPathComponent("Shared.sqlite"))
    }

    private func count(_ entity: String, _ context: NSManagedObjectContext, _ predicate: NSPredicate? = nil) throws -> Int {
        try context.performAndWait {
            let request = NSFetchRequest<NSManagedObject>(entityName: entity)
            request.predicate = predicate
            return try context.count(for: request)
        }
    }

    @Test func twoCoordinatorsSeeEachOthersSaves() throws {
        try withFile { url in
            let first = try S.container(at: url, model: S.model()).viewContext
            let second = try S.container(at: url, model: S.model()).viewContext
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: first)
            item.setValue("one", forKey: "string")
            try first.save()
            let seen = try #require(try S.fetch("Item", in: second).first)
            #expect((seen.value(forKey: "string") as? String) == "one")
            seen.setValue("two", forKey: "string")
            try second.save()
            let refetched = try #require(try S.fetch("Item", in: first).first)
            #expect(refetched === item)
            #expect((refetched.value(forKey: "string") as? String) == "two")
        }
    }

    @Test func backgroundContextsSavingAtOnceLoseNothing() async throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = try S.container(at: directory.appendingPathComponent("Shared.sqlite"), model: S.model())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    try await container.performBackgroundTask { context in
                        for round in 0..<5 {
                            for index in 0..<50 {
                                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                                item.setValue(Int64(worker * 10_000 + round * 100 + index), forKey: "serial")
                            }
                            try context.save()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try count("Item", container.viewContext) == 8 * 5 * 50)
    }

    @Test func coordinatorsSavingAtOnceLoseNothingAndGetDistinctKeys() async throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Shared.sqlite")
        _ = try S.container(at: url, model: S.model())
        let containers = try (0..<4).map { _ in try S.container(at: url, model: S.model()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (worker, container) in containers.enumerated() {
                group.addTask {
                    try await container.performBackgroundTask { context in
                        for round in 0..<5 {
                            for index in 0..<40 {
                                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                                item.setValue(Int64(worker * 10_000 + round * 100 + index), forKey: "serial")
                            }
                            try context.save()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let context = try S.container(at: url, model: S.model()).viewContext
        let items = try S.fetch("Item", in: context)
        #expect(items.count == 4 * 5 * 40)
        #expect(Set(items.map(\.objectID)).count == items.count)
        #expect(Set(items.compactMap { $0.value(forKey: "serial") as? Int64 }).count == items.count)
    }

    @Test func mergeByPropertyObjectTrumpUpsertsAgainstRowsInTheFile() throws {
        try withFile { url in
            let first = try S.container(at: url, model: S.model()).viewContext
            let ann = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: first)
            ann.setValue("Ann", forKey: "name")
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: first)
            item.setValue(ann, forKey: "owner")
            try first.save()

            let second = try S.container(at: url, model: S.model()).viewContext
            second.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
            let duplicate = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: second)
            duplicate.setValue("Ann", forKey: "name")
            let profile = NSEntityDescription.insertNewObject(forEntityName: "Profile", into: second)
            profile.setValue("upserted", forKey: "bio")
            duplicate.setValue(profile, forKey: "profile")
            try second.save()

            let check = try S.container(at: url, model: S.model()).viewContext
            let owners = try S.fetch("Owner", in: check)
            #expect(owners.count == 1)
            #expect(((owners.first?.value(forKey: "profile") as? NSManagedObject)?.value(forKey: "bio") as? String) == "upserted")
            #expect((owners.first?.value(forKey: "items") as? Set<NSManagedObject>)?.count == 1)
        }
    }

    @Test func racingUpsertsLeaveOneRowPerConstrainedValue() async throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Shared.sqlite")
        _ = try S.container(at: url, model: S.model())
        let containers = try (0..<4).map { _ in try S.container(at: url, model: S.model()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (worker, container) in containers.enumerated() {
                group.addTask {
                    try await container.performBackgroundTask { context in
                        context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
                        for index in 0..<20 {
                            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
                            owner.setValue("owner \(index)", forKey: "name")
                            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                            item.setValue(Int64(worker), forKey: "serial")
                            item.setValue(owner, forKey: "owner")
                        }
                        // Another saver may commit the same names between this context's check and its write:
                        // the file refuses the duplicate, and saving again merges with the saved rows.
                        for attempt in 1...10 {
                            do {
                                try context.save()
                                return
                            } catch let error as NSError where error.code == NSManagedObjectConstraintMergeError && attempt < 10 {
                                continue
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let context = try S.container(at: url, model: S.model()).viewContext
        let owners = try S.fetch("Owner", in: context)
        #expect(owners.count == 20)
        #expect(Set(owners.compactMap { $0.value(forKey: "name") as? String }).count == 20)
        #expect(try S.fetch("Item", in: context).count == 80)
        #expect(owners.allSatisfy { ($0.value(forKey: "items") as? Set<NSManagedObject>)?.count == 4 })
    }

    @Test func saveVersionsIncreaseAcrossCoordinators() throws {
        try withFile { url in
            let first = try S.container(at: url, model: S.model()).viewContext
            let second = try S.container(at: url, model: S.model()).viewContext
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: first)
            try first.save()
            NSEntityDescription.insertNewObject(forEntityName: "Item", into: second).setValue(1, forKey: "serial")
            try second.save()
            item.setValue(2, forKey: "serial")
            try first.save()
            // The second coordinator's cached copy is older than the row: a fetch refreshes it.
            let fetched = try S.fetch("Item", in: second, predicate: NSPredicate(format: "serial == 2"))
            #expect(fetched.count == 1)
            #expect((fetched.first?.value(forKey: "serial") as? Int) == 2)
        }
    }
}
