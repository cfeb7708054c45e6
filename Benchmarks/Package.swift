// swift-tools-version: 6.1
import PackageDescription

// The import benchmark: a nested package, so the library itself keeps zero dependencies.
// Run it with `swift run -c release --package-path Benchmarks import-benchmark`.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "CoreDataCodable", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "import-benchmark",
            dependencies: [
                .product(name: "CoreDataCodable", package: "CoreDataCodable"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ImportBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
