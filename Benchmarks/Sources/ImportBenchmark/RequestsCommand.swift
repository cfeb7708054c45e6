import Foundation

/// `import-benchmark requests`: a context per request, released without `reset()`; prints each
/// request's time and resident memory, and the memory after the last request against the memory
/// after the twentieth; draws them as SVG.
struct RequestsCommand {
    var peoplePerRequest = 1_000
    var requests = 200
    var svgPath: String?

    init(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--people": peoplePerRequest = remaining.popFirst().flatMap { Int($0) } ?? peoplePerRequest
            case "--requests": requests = remaining.popFirst().flatMap { Int($0) } ?? requests
            case "--svg": svgPath = remaining.popFirst()
            default: FileHandle.standardError.write(Data("ignored argument \(argument)\n".utf8))
            }
        }
    }

    func run() {
        print("| request | s | resident MB |")
        print("|---:|---:|---:|")
        let results: [RequestsBenchmark.Request]
        do {
            results = try RequestsBenchmark(peoplePerRequest: peoplePerRequest, requests: requests).run { request in
                print(String(format: "| %d | %.3f | %.1f |", request.number, request.seconds, Double(request.residentBytes) / 1_048_576))
            }
        } catch {
            print("requests benchmark failed: \(error)")
            exit(1)
        }
        let reference = results.first { $0.number == min(20, requests) }
        if let reference, let last = results.last {
            print("")
            print(String(format: "resident memory after request %d: %.1f MB, %.2fx the %.1f MB after request %d",
                         last.number, Double(last.residentBytes) / 1_048_576, Double(last.residentBytes) / Double(max(reference.residentBytes, 1)),
                         Double(reference.residentBytes) / 1_048_576, reference.number))
        }
        if let svgPath {
            let chart = TimeAndMemoryChart(
                title: "A context per request, released without reset() (\(peoplePerRequest) people each, SQLite)",
                xAxisTitle: "requests served",
                tickLabel: { "\($0)" },
                secondsLegend: "decode and save, seconds per request",
                memoryLegend: "resident memory after the request",
                points: results.map { .init(x: $0.number, seconds: $0.seconds, residentBytes: $0.residentBytes) }
            )
            try? chart.svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
        }
    }
}
