import Foundation

/// A part of the benchmark, run in a child process of its own so runs do not share caches or heaps.
enum StoreScenario: String, CaseIterable {
    case raw
    case records
    case graphMemory = "graph-memory"
    case graphSQLite = "graph-sqlite"
    case migration
    case batch
    case batchRaw = "batch-raw"

    /// Runs the scenario once and records its steps.
    func run(recorder: inout StepRecorder) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        switch self {
        case .raw:
            try RawSQLiteScenario.run(in: directory, recorder: &recorder)
        case .records:
            try RecordScenario.run(in: directory, recorder: &recorder)
            recorder.total("ocd-insert+save", of: ["ocd-insert", "ocd-save"])
        case .graphMemory:
            try GraphScenario.runInMemory(recorder: &recorder)
        case .graphSQLite:
            try GraphScenario.runSQLite(in: directory, recorder: &recorder)
        case .migration:
            try MigrationScenario.run(in: directory, recorder: &recorder)
        case .batch:
            try BatchScenario.run(in: directory, recorder: &recorder)
        case .batchRaw:
            try BatchScenario.runRaw(in: directory, recorder: &recorder)
        }
    }
}

/// Command-line options of the parent process.
struct StoreBenchmarkOptions {
    var runs = 5
    var scenarios = StoreScenario.allCases

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--runs":
                runs = remaining.popFirst().flatMap { Int($0) }.map { max(1, $0) } ?? runs
            case "--only":
                let names = remaining.popFirst()?.split(separator: ",").map(String.init) ?? []
                scenarios = StoreScenario.allCases.filter { names.contains($0.rawValue) }
            default:
                FileHandle.standardError.write(Data("ignored argument \(argument)\n".utf8))
            }
        }
    }
}

/// Runs every scenario in child processes, round-robin, and prints the medians as markdown tables.
struct StoreBenchmarkRunner {
    let options: StoreBenchmarkOptions

    /// One row of a table: a step, and optionally the floor step it is compared with.
    private struct Row {
        let label: String
        let step: String
        var floor: String?
    }

    func run() {
        var samples: [String: [Timing]] = [:]
        for run in 1...options.runs {
            FileHandle.standardError.write(Data("run \(run)/\(options.runs)\n".utf8))
            for scenario in options.scenarios {
                for (step, timing) in runChild(scenario) { samples[step, default: []].append(timing) }
            }
        }
        let medians = samples.mapValues(median)
        print("Medians of \(options.runs) runs, each in a child process; CPU is process CPU time (CLOCK_PROCESS_CPUTIME_ID).\n")
        printTable(title: "Issue #4: 100k records with a to-one in one save() into SQLite, 10k fetched by IN on an indexed attribute", rows: [
            Row(label: "raw SQLite insert (prepared statements, one transaction)", step: "raw-insert"),
            Row(label: "OpenCoreData save()", step: "ocd-save", floor: "raw-insert"),
            Row(label: "OpenCoreData insert into context", step: "ocd-insert"),
            Row(label: "OpenCoreData insert into context + save()", step: "ocd-insert+save", floor: "raw-insert"),
            Row(label: "raw SQLite fetch of 10k by IN", step: "raw-fetch"),
            Row(label: "OpenCoreData fetch of 10k by IN", step: "ocd-fetch", floor: "raw-fetch"),
        ], medians: medians)
        printTable(title: "Import-like graph: 100k people, 150k notes, 200 countries, 500 tags", rows: [
            Row(label: "build the graph (in-memory store context)", step: "graph-build"),
            Row(label: "IN predicate with 100k constants", step: "graph-predicate"),
            Row(label: "fetch 100k by IN, unsaved in the context", step: "graph-fetch-pending"),
            Row(label: "save() into the in-memory store", step: "graph-save-memory"),
            Row(label: "fetch 100k by IN, saved, fresh context", step: "graph-fetch-saved"),
            Row(label: "save() into a new SQLite file", step: "graph-save-sqlite"),
        ], medians: medians)
        printTable(title: "Lightweight migration of a 100k-row SQLite store: renaming 2 entities, an attribute and a relationship; removing an attribute", rows: [
            Row(label: "raw SQLite copy of the tables (INSERT INTO new SELECT FROM old)", step: "migration-copy"),
            Row(label: "OpenCoreData: open the store with the renamed model (migrates)", step: "migration-rename", floor: "migration-copy"),
            Row(label: "OpenCoreData: open the store with an attribute removed (copies the table)", step: "migration-remove", floor: "migration-copy"),
        ], medians: medians)
        printTable(title: "Batch requests: 100k rows of a SQLite file updated, then deleted, by one statement (× raw: the same statement in raw SQLite)", rows: [
            Row(label: "raw SQLite UPDATE of 100k rows", step: "raw-batch-update"),
            Row(label: "NSBatchUpdateRequest", step: "ocd-batch-update", floor: "raw-batch-update"),
            Row(label: "fetch 100k objects, change each, save()", step: "ocd-update-objects", floor: "raw-batch-update"),
            Row(label: "raw SQLite DELETE of 100k rows", step: "raw-batch-delete"),
            Row(label: "NSBatchDeleteRequest", step: "ocd-batch-delete", floor: "raw-batch-delete"),
            Row(label: "fetch 100k objects, delete each, save()", step: "ocd-delete-objects", floor: "raw-batch-delete"),
            Row(label: "NSBatchInsertRequest of 100k rows", step: "ocd-batch-insert"),
        ], medians: medians)
    }

    private func printTable(title: String, rows: [Row], medians: [String: Timing]) {
        let present = rows.filter { medians[$0.step] != nil }
        guard !present.isEmpty else { return }
        print("### \(title)\n")
        print("| step | CPU ms | wall ms | × raw (CPU) | × raw (wall) |")
        print("|---|---:|---:|---:|---:|")
        for row in present {
            guard let timing = medians[row.step] else { continue }
            var line = String(format: "| %@ | %.1f | %.1f |", row.label, timing.cpu * 1000, timing.wall * 1000)
            if let floorStep = row.floor, let floor = medians[floorStep] {
                line += String(format: " %.2f | %.2f |", timing.cpu / floor.cpu, timing.wall / floor.wall)
            } else {
                line += " | |"
            }
            print(line)
        }
        print("")
    }

    /// Runs one scenario in a child process; returns its steps, or none when it failed.
    private func runChild(_ scenario: StoreScenario) -> [(String, Timing)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["child", scenario.rawValue]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("\(scenario.rawValue): \(error)\n".utf8))
            return []
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("\(scenario.rawValue) failed: \(text)\n".utf8))
            return []
        }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[0] == "RESULT", let cpu = Double(fields[2]), let wall = Double(fields[3]) else { return nil }
            return (String(fields[1]), Timing(cpu: cpu, wall: wall))
        }
    }

    private func median(_ timings: [Timing]) -> Timing {
        let middle = timings.count / 2
        return Timing(cpu: timings.map(\.cpu).sorted()[middle], wall: timings.map(\.wall).sorted()[middle])
    }
}
