import CoreDataCodable
import Foundation

/// A server's way of using a store: each request makes a context, decodes people into it, saves,
/// and lets the context go without `reset()`, as request handlers do (on every path, errors and
/// early returns included). Resident memory after each request shows whether released contexts
/// free what they held.
struct RequestsBenchmark {
    /// What one request measured.
    struct Request {
        /// The request's number, from 1.
        var number: Int
        /// Decode and save, in seconds.
        var seconds: Double
        /// Resident memory once the request's context is released, in bytes.
        var residentBytes: Int
    }

    let peoplePerRequest: Int
    let requests: Int

    /// Serves the requests against one SQLite store, calling `report` after each. Each request
    /// brings people of its own, with countries and tags shared by all.
    func run(report: (Request) -> Void) throws -> [Request] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("requests-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ManagedScenario(storeURL: directory.appendingPathComponent("people.sqlite"))
        var generator = PayloadGenerator(seed: 11)
        var results: [Request] = []
        for number in 1...requests {
            let payload = generator.people(count: peoplePerRequest, revision: 0, firstID: (number - 1) * peoplePerRequest + 1)
            let seconds = try timed {
                let context = store.container.newBackgroundContext()
                try ManagedScenario.decode(payload, into: context, save: true)
            }
            let request = Request(number: number, seconds: seconds, residentBytes: residentBytes().current)
            report(request)
            results.append(request)
        }
        return results
    }
}
