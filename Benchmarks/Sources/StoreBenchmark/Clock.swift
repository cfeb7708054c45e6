import Foundation

/// The cost of one measured step: process CPU time and wall time, in seconds.
struct Timing {
    var cpu: Double
    var wall: Double
}

/// Process CPU time (every thread of the process) and monotonic wall time, read together.
private struct ClockReading {
    let cpu: Double
    let wall: Double

    static func now() -> ClockReading {
        var cpu = timespec()
        var wall = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        clock_gettime(CLOCK_MONOTONIC, &wall)
        return ClockReading(cpu: seconds(cpu), wall: seconds(wall))
    }

    private static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Runs `body` and returns its result with what it cost.
func measured<T>(_ body: () throws -> T) rethrows -> (T, Timing) {
    let start = ClockReading.now()
    let result = try body()
    let end = ClockReading.now()
    return (result, Timing(cpu: end.cpu - start.cpu, wall: end.wall - start.wall))
}

/// Records the steps of one run and prints them for the parent process, one `RESULT` line each.
struct StepRecorder {
    private(set) var steps: [(name: String, timing: Timing)] = []

    /// Runs `body` as the step `name` and records its cost.
    mutating func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let (result, timing) = try measured(body)
        steps.append((name, timing))
        return result
    }

    /// Records the step `name` as the sum of the steps `parts` already recorded.
    mutating func total(_ name: String, of parts: [String]) {
        let timings = steps.filter { parts.contains($0.name) }.map(\.timing)
        steps.append((name, Timing(cpu: timings.map(\.cpu).reduce(0, +), wall: timings.map(\.wall).reduce(0, +))))
    }

    /// Prints `RESULT <step> <cpu seconds> <wall seconds>` lines.
    func report() {
        for (name, timing) in steps { print("RESULT \(name) \(timing.cpu) \(timing.wall)") }
    }
}
