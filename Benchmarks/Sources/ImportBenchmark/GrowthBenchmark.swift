import Foundation

/// Imports into a growing SQLite store, as an app that syncs again and again does: batches of new
/// people, each decoded, saved and followed by `reset()`, in one process so that what the context
/// and the coordinator keep from batch to batch shows in its memory.
struct GrowthBenchmark {
    /// What one batch measured.
    struct Batch {
        /// People in the store after the batch.
        var storedPeople: Int
        /// Decode and save, in seconds.
        var seconds: Double
        /// Objects the context had registered when the save ended, before `reset()`.
        var registered: Int
        /// Objects the batch's payload names: its people and notes, and the countries and tags it uses.
        var own: Int
        /// Resident memory after `reset()`, in bytes.
        var residentBytes: Int
    }

    let batchSize: Int
    let batches: Int

    /// Builds the store batch by batch, calling `report` after each.
    func run(report: (Batch) -> Void) throws -> [Batch] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("growth-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ManagedScenario(storeURL: directory.appendingPathComponent("people.sqlite"))
        var generator = PayloadGenerator(seed: 7)
        var results: [Batch] = []
        for index in 0..<batches {
            let payload = generator.people(count: batchSize, revision: 0, firstID: index * batchSize + 1)
            let own = try PayloadCensus(payload).objectCount
            var registered = 0
            let seconds = try timed {
                try store.decode(payload, save: true)
                registered = store.context.performAndWait { store.context.registeredObjects.count }
            }
            store.reset()
            let batch = Batch(storedPeople: (index + 1) * batchSize, seconds: seconds, registered: registered, own: own, residentBytes: residentBytes().current)
            report(batch)
            results.append(batch)
        }
        return results
    }

    /// Times decoding and saving `batchSize` people, half of them already stored and half new, into a
    /// store built to `storeSize` people in batches (save and reset after each).
    static func mixedImport(batchSize: Int, storeSize: Int) throws -> Double {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mixed-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ManagedScenario(storeURL: directory.appendingPathComponent("people.sqlite"))
        var generator = PayloadGenerator(seed: 7)
        var stored = 0
        while stored < storeSize {
            let count = min(batchSize, storeSize - stored)
            try store.decode(generator.people(count: count, revision: 0, firstID: stored + 1), save: true)
            store.reset()
            stored += count
        }
        let mixed = generator.people(count: batchSize, revision: 1, firstID: storeSize - batchSize / 2 + 1)
        return try timed { try store.decode(mixed, save: true) }
    }
}

/// Counts the objects a people payload names.
private struct PayloadCensus {
    let objectCount: Int

    init(_ payload: Data) throws {
        let people = try JSONSerialization.jsonObject(with: payload) as? [[String: Any]] ?? []
        var countries = Set<Int>()
        var tags = Set<Int>()
        var notes = 0
        for person in people {
            if let id = (person["country"] as? [String: Any])?["id"] as? Int { countries.insert(id) }
            tags.formUnion(person["tags"] as? [Int] ?? [])
            notes += (person["notes"] as? [Any])?.count ?? 0
        }
        objectCount = people.count + notes + countries.count + tags.count
    }
}
