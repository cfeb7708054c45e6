import Foundation

// import-benchmark [--sizes 1000,10000,100000] [--runs N]
//   Runs every scenario at every size, each run in a child process, and prints a table of medians.
// import-benchmark growth [--batch 10000] [--batches 20] [--svg FILE]
//   Imports batches into a growing SQLite store and prints each batch's time, registered objects and
//   memory, then how a mixed batch's time depends on the store's size; draws the batches as SVG.
// import-benchmark requests [--people 1000] [--requests 200] [--svg FILE]
//   Serves requests that each decode and save people in a context of their own, released without
//   reset(), and prints each request's time and the process's resident memory; draws them as SVG.
// import-benchmark complexity
//   Times a nested chain of objects and a save of many new to-many links at doubling sizes.
// import-benchmark child <scenario> <size>
//   Runs one scenario once and prints `RESULT <seconds> <fetches> <peak bytes>`.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "complexity" {
    ComplexityCommand().run()
} else if arguments.first == "growth" {
    GrowthCommand(arguments: Array(arguments.dropFirst())).run()
} else if arguments.first == "requests" {
    RequestsCommand(arguments: Array(arguments.dropFirst())).run()
} else if arguments.first == "child", arguments.count == 3, let scenario = Scenario.allCases.first(where: { $0.key == arguments[1] }), let size = Int(arguments[2]) {
    let baseline = residentBytes().current
    do {
        let measurement = try scenario.run(size: size)
        print("RESULT \(measurement.seconds) \(measurement.fetches) \(max(0, residentBytes().peak - baseline))")
    } catch {
        print("ERROR \(error)")
        exit(1)
    }
} else {
    var options = BenchmarkOptions()
    options.parse(arguments)
    BenchmarkRunner(options: options).run()
}
