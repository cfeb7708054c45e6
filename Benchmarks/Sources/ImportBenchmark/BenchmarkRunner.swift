import Foundation

/// Command-line options of the parent process.
struct BenchmarkOptions {
    var sizes = [1_000, 10_000, 100_000]
    var runs = 5

    mutating func parse(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes": sizes = remaining.popFirst()?.split(separator: ",").compactMap { Int($0) } ?? sizes
            case "--runs": runs = remaining.popFirst().flatMap { Int($0) } ?? runs
            default: FileHandle.standardError.write(Data("ignored argument \(argument)\n".utf8))
            }
        }
    }
}

/// Runs each scenario in child processes and prints medians as ratios to the floor.
struct BenchmarkRunner {
    let options: BenchmarkOptions

    private struct Result {
        var seconds: Double
        var fetches: Int
        var peakBytes: Int
    }

    func run() {
        print("| scenario | people | median s | × floor | fetches | peak MB | × floor MB |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for size in options.sizes {
            // Runs go round the scenarios, so that a slow spell of the machine falls on every
            // scenario alike rather than on the runs of one, and the ratios to the floor hold.
            // Every other round goes the other way, so that no scenario always runs after the
            // same one: on a 2-core VM the scenario before moved a run by about 10%.
            var runs: [Scenario: [Result]] = [:]
            for round in 0..<options.runs {
                let order = round.isMultiple(of: 2) ? Scenario.allCases : Scenario.allCases.reversed()
                for scenario in order {
                    if let result = runChild(scenario, size: size) { runs[scenario, default: []].append(result) }
                }
            }
            var floor: Result?
            for scenario in Scenario.allCases {
                guard let result = median(of: runs[scenario] ?? []) else {
                    print("| \(scenario.rawValue) | \(size) | failed | | | | |")
                    continue
                }
                if scenario == .floor { floor = result }
                let timeRatio = floor.map { result.seconds / $0.seconds } ?? 1
                let memoryRatio = floor.map { Double(result.peakBytes) / Double(max($0.peakBytes, 1)) } ?? 1
                print(String(format: "| %@ | %d | %.3f | %.2f | %d | %.1f | %.2f |",
                             scenario.rawValue, size, result.seconds, timeRatio, result.fetches,
                             Double(result.peakBytes) / 1_048_576, memoryRatio))
            }
        }
    }

    private func runChild(_ scenario: Scenario, size: Int) -> Result? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["child", scenario.key, String(size)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("RESULT ") }
        guard let fields = line?.split(separator: " "), fields.count == 4,
              let seconds = Double(fields[1]), let fetches = Int(fields[2]), let peak = Int(fields[3])
        else {
            FileHandle.standardError.write(Data("\(scenario.key) \(size): \(String(decoding: data, as: UTF8.self))\n".utf8))
            return nil
        }
        return Result(seconds: seconds, fetches: fetches, peakBytes: peak)
    }

    private func median(of results: [Result]) -> Result? {
        guard !results.isEmpty else { return nil }
        let middle = results.count / 2
        let seconds = results.map(\.seconds).sorted()[middle]
        let peak = results.map(\.peakBytes).sorted()[middle]
        return Result(seconds: seconds, fetches: results[0].fetches, peakBytes: peak)
    }
}
