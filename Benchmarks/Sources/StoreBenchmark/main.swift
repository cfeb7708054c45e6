import Foundation

// store-benchmark [--runs N] [--only raw,records,graph-memory,graph-sqlite,migration,batch,batch-raw]
//   Runs every scenario N times (default 5), each run in a child process, and prints tables of medians.
// store-benchmark child <scenario>
//   Runs one scenario once and prints `RESULT <step> <cpu seconds> <wall seconds>` lines.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "child", arguments.count == 2, let scenario = StoreScenario(rawValue: arguments[1]) {
    var recorder = StepRecorder()
    do {
        try scenario.run(recorder: &recorder)
        recorder.report()
    } catch {
        print("ERROR \(error)")
        exit(1)
    }
} else {
    StoreBenchmarkRunner(options: StoreBenchmarkOptions(arguments)).run()
}
