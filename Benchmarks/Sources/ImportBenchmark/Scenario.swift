import Foundation

/// One benchmark scenario, run in a child process of its own so its peak memory is its own.
enum Scenario: String, CaseIterable {
    case floor = "1 floor: JSONDecoder into structs"
    case managedInsert = "2 CoreDataCodable, empty in-memory context"
    case declaredInsert = "2d as 2, classes declaring UsingDefaultHooks"
    case byHand = "2h by hand: structs, then objects set one by one"
    case managedUpdate = "3 CoreDataCodable, same payload again (update)"
    case declaredUpdate = "3d as 3, classes declaring UsingDefaultHooks"
    case sqliteInsert = "4 CoreDataCodable + save, new SQLite file"
    case sqliteUpdate = "4u CoreDataCodable + save, update payload"
    case sqliteResync = "4s CoreDataCodable + save, same payload again after save"
    case grdbInsert = "5 GRDB records, insert"
    case grdbUpsert = "5u GRDB records, upsert update payload"
    case syncInsert = "6 sync by entity name, empty in-memory context"
    case syncUpdate = "6u sync by entity name, same payload again"

    var key: String { String(rawValue.prefix { $0 != " " }) }

    /// What one run measured.
    struct Measurement {
        var seconds: Double
        var fetches: Int
    }

    /// Runs the scenario once on a payload of `size` people, timing only the work being compared.
    func run(size: Int) throws -> Measurement {
        var generator = PayloadGenerator(seed: 42)
        let payload = generator.people(count: size, revision: 0)
        let update = generator.people(count: size, revision: 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        switch self {
        case .floor:
            return try Measurement(seconds: timed { _ = try makeDecoder().decode([PersonPayload].self, from: payload) }, fetches: 0)
        case .managedInsert:
            let store = try ManagedScenario(storeURL: nil)
            return try store.measure { try store.decode(payload) }
        case .declaredInsert:
            let store = try ManagedScenario(storeURL: nil, declaresHooks: true)
            return try store.measure { try store.decode(payload) }
        case .byHand:
            let store = try ManagedScenario(storeURL: nil)
            return try store.measure { try store.importByHand(payload) }
        case .managedUpdate:
            let store = try ManagedScenario(storeURL: nil)
            try store.decode(payload)
            return try store.measure { try store.decode(payload) }
        case .declaredUpdate:
            let store = try ManagedScenario(storeURL: nil, declaresHooks: true)
            try store.decode(payload)
            return try store.measure { try store.decode(payload) }
        case .sqliteInsert:
            let store = try ManagedScenario(storeURL: directory.appendingPathComponent("people.sqlite"))
            return try store.measure { try store.decode(payload, save: true) }
        case .sqliteUpdate:
            let store = try ManagedScenario(storeURL: directory.appendingPathComponent("people.sqlite"))
            try store.decode(payload, save: true)
            store.reset()
            return try store.measure { try store.decode(update, save: true) }
        case .sqliteResync:
            let store = try ManagedScenario(storeURL: directory.appendingPathComponent("people.sqlite"))
            try store.decode(payload, save: true)
            store.reset()
            return try store.measure { try store.decode(payload, save: true) }
        case .syncInsert:
            let store = try ManagedScenario(storeURL: nil)
            return try store.measure { try store.sync(payload) }
        case .syncUpdate:
            let store = try ManagedScenario(storeURL: nil)
            try store.sync(payload)
            return try store.measure { try store.sync(payload) }
        case .grdbInsert:
            let queue = try GRDBScenario.makeDatabase(at: directory.appendingPathComponent("grdb.sqlite"))
            return try Measurement(seconds: timed { try GRDBScenario.importPayload(payload, into: queue, upsert: false) }, fetches: 0)
        case .grdbUpsert:
            let queue = try GRDBScenario.makeDatabase(at: directory.appendingPathComponent("grdb.sqlite"))
            try GRDBScenario.importPayload(payload, into: queue, upsert: false)
            return try Measurement(seconds: timed { try GRDBScenario.importPayload(update, into: queue, upsert: true) }, fetches: 0)
        }
    }
}

/// The wall-clock seconds `body` takes.
func timed(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Resident memory of this process, in bytes: the most it has held (`peak`) and what it holds now.
///
/// On Linux both come from `/proc/self/status` (`VmHWM`, `VmRSS`), which count this process image
/// only: `getrusage`'s `ru_maxrss` survives `exec`, so a child started by a large process (the
/// parent, or `swift run`) would report that process's peak as its own.
func residentBytes() -> (peak: Int, current: Int) {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func kilobytes(_ field: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }.map { $0 * 1024 } ?? 0
    }
    return (kilobytes("VmHWM"), kilobytes("VmRSS"))
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return (usage.ru_maxrss, usage.ru_maxrss)
    #endif
}
