import Foundation

/// `import-benchmark growth`: the growing-store batches, then a mixed batch into a small and a large
/// store, each mixed import in a child process of its own.
struct GrowthCommand {
    var batchSize = 10_000
    var batches = 20
    var svgPath: String?

    init(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--batch": batchSize = remaining.popFirst().flatMap { Int($0) } ?? batchSize
            case "--batches": batches = remaining.popFirst().flatMap { Int($0) } ?? batches
            case "--svg": svgPath = remaining.popFirst()
            case "mixed-child":
                // import-benchmark growth mixed-child <batch> <store size>: prints `MIXED <seconds>`.
                let batch = remaining.popFirst().flatMap { Int($0) } ?? batchSize
                let storeSize = remaining.popFirst().flatMap { Int($0) } ?? 0
                do {
                    print("MIXED \(try GrowthBenchmark.mixedImport(batchSize: batch, storeSize: storeSize))")
                    exit(0)
                } catch {
                    print("ERROR \(error)")
                    exit(1)
                }
            default: FileHandle.standardError.write(Data("ignored argument \(argument)\n".utf8))
            }
        }
    }

    func run() {
        print("| batch | people stored | s | registered | own objects | registered ÷ own | resident MB | × batch 1 MB |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        var first: GrowthBenchmark.Batch?
        let results: [GrowthBenchmark.Batch]
        do {
            results = try GrowthBenchmark(batchSize: batchSize, batches: batches).run { batch in
                if first == nil { first = batch }
                let base = Double(first?.residentBytes ?? 1)
                print(String(format: "| %d | %d | %.3f | %d | %d | %.2f | %.1f | %.2f |",
                             batch.storedPeople / batchSize, batch.storedPeople, batch.seconds, batch.registered, batch.own,
                             Double(batch.registered) / Double(max(batch.own, 1)), Double(batch.residentBytes) / 1_048_576,
                             Double(batch.residentBytes) / base))
            }
        } catch {
            print("growth benchmark failed: \(error)")
            exit(1)
        }
        if let svgPath {
            let chart = TimeAndMemoryChart(
                title: "Imports into a growing SQLite store (batches of \(batchSize) people)",
                xAxisTitle: "people in the store after the batch",
                tickLabel: { "\($0 / 1000)k" },
                secondsLegend: "decode and save, seconds per batch",
                memoryLegend: "resident memory after reset()",
                points: results.map { .init(x: $0.storedPeople, seconds: $0.seconds, residentBytes: $0.residentBytes) }
            )
            try? chart.svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
        }
        let small = batchSize / 2
        let large = batchSize * 10
        guard let smallSeconds = mixedChild(storeSize: small), let largeSeconds = mixedChild(storeSize: large) else { return }
        print("")
        print("| \(batchSize) people, half stored, into a store of | s | × small store |")
        print("|---|---:|---:|")
        print(String(format: "| %d people | %.3f | 1.00 |", small, smallSeconds))
        print(String(format: "| %d people | %.3f | %.2f |", large, largeSeconds, largeSeconds / smallSeconds))
    }

    /// Runs one mixed import in a child process; its median over three runs.
    private func mixedChild(storeSize: Int) -> Double? {
        var times: [Double] = []
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = ["growth", "mixed-child", String(batchSize), String(storeSize)]
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return nil }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MIXED ") }), let seconds = Double(line.dropFirst(6)) else {
                FileHandle.standardError.write(Data("mixed import into \(storeSize): \(text)\n".utf8))
                return nil
            }
            times.append(seconds)
        }
        return times.sorted()[times.count / 2]
    }
}
