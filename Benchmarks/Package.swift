// swift-tools-version: 6.1
import PackageDescription

// The benchmarks: a nested package, so the library itself keeps zero dependencies.
// Run them with `swift run -c release --package-path Benchmarks import-benchmark` (CoreDataCodable imports)
// and `swift run -c release --package-path Benchmarks store-benchmark` (OpenCoreData against raw SQLite).
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "CoreDataCodable", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // What both benchmarks use: deterministic random numbers.
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "import-benchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "CoreDataCodable", package: "CoreDataCodable"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ImportBenchmark"
        ),
        // The system SQLite library, called directly for the raw floor of the store benchmark.
        .systemLibrary(name: "RawSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .executableTarget(
            name: "store-benchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "OpenCoreData", package: "CoreDataCodable"),
                "RawSQLite",
            ],
            path: "Sources/StoreBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
