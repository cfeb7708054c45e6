#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if os(Linux)
/// A process killed (SIGKILL) in the middle of a large save leaves the file with the last committed state.
@Suite("SQLite store: crash consistency")
struct SQLiteCrashConsistencyTests {
    static let before = 1_000
    static let during = 50_000

    /// The helper executable, built next to the test bundle.
    static var helperURL: URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("OpenCoreDataCrashHelper")
    }

    /// The model of `OpenCoreDataCrashHelper`: `Record(serial, payload) ↔ Batch(name)`.
    static func model() -> NSManagedObjectModel {
        typealias S = SQLiteTestSupport
        let record = S.entity("Record", [S.attribute("serial", .integer64AttributeType), S.attribute("payload", .stringAttributeType)])
        let batch = S.entity("Batch", [S.attribute("name", .stringAttributeType)])
        let toBatch = S.relationship("batch", to: batch), records = S.relationship("records", to: record, toMany: true)
        S.relate(toBatch, records)
        record.properties.append(toBatch)
        batch.properties.append(records)
        let model = NSManagedObjectModel()
        model.entities = [record, batch]
        return model
    }

    @Test func killedSaveLeavesAllOrNothing() throws {
        let helper = Self.helperURL
        try #require(FileManager.default.isExecutableFile(atPath: helper.path), "build OpenCoreDataCrashHelper first")
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("Crash.sqlite")
        let wal = directory.appendingPathComponent("Crash.sqlite-wal")

        let process = Process()
        process.executableURL = helper
        process.arguments = [store.path, "\(Self.before)", "\(Self.during)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        // Wait until the helper starts the large save, then until its transaction spills pages into the WAL.
        var text = ""
        while !text.contains("saving"), process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        #expect(text.contains("committed"))
        let walSize = { ((try? FileManager.default.attributesOfItem(atPath: wal.path))?[.size] as? NSNumber)?.intValue ?? 0 }
        let committedSize = walSize()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, walSize() < committedSize + 1_000_000, Date() < deadline {
            usleep(500)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the helper finished its save before it was killed")

        let context = try SQLiteTestSupport.container(at: store, model: Self.model()).viewContext
        let records = try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Record"))
        let batches = try SQLiteTestSupport.fetch("Batch", in: context).compactMap { $0.value(forKey: "name") as? String }
        #expect(records == Self.before || records == Self.before + Self.during)
        #expect(batches == (records == Self.before ? ["before"] : ["before", "during"]))
        let linked = try context.count(for: {
            let request = NSFetchRequest<NSManagedObject>(entityName: "Record")
            request.predicate = NSPredicate(format: "batch.name == 'before'")
            return request
        }())
        #expect(linked == Self.before)
    }
}
#endif
