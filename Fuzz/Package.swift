// swift-tools-version: 6.0
import PackageDescription

// The fuzz targets: a nested package, one libFuzzer target per parser of untrusted input.
// Build and run them with `.ci/fuzz` (see README.md here); they link libFuzzer's `main`, so they
// must be built with `-sanitize=fuzzer` (as that script does) and are not plain executables.
let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "CoreDataCodable", path: ".."),
    ],
    targets: [
        // What the targets share: building their models in code, and an in-memory context.
        .target(name: "FuzzSupport", dependencies: [.product(name: "OpenCoreData", package: "CoreDataCodable")]),
        // JSON decoded with JSONDecoder into a model with every attribute and relationship kind.
        .executableTarget(
            name: "fuzz-json-decode",
            dependencies: ["FuzzSupport", .product(name: "CoreDataCodable", package: "CoreDataCodable")],
            path: "Sources/FuzzJSONDecode"
        ),
        // JSON decoded as `Many` by JSONDecoder, parsed by the library, against Foundation's own decode.
        .executableTarget(
            name: "fuzz-many-parse",
            dependencies: ["FuzzSupport", .product(name: "CoreDataCodable", package: "CoreDataCodable")],
            path: "Sources/FuzzManyParse"
        ),
        // JSON synced by entity name into the models of the peer corpus (or the test models).
        .executableTarget(
            name: "fuzz-model-sync",
            dependencies: [.product(name: "CoreDataCodable", package: "CoreDataCodable")],
            path: "Sources/FuzzModelSync"
        ),
        // The `contents` file of an Xcode model, loaded, used by a store, saved into.
        .executableTarget(
            name: "fuzz-model-file",
            dependencies: [.product(name: "OpenCoreData", package: "CoreDataCodable")],
            path: "Sources/FuzzModelFile"
        ),
        // A SQLite store file made by OpenCoreData, damaged by the input, opened and read in full.
        .executableTarget(
            name: "fuzz-sqlite-store",
            dependencies: ["FuzzSupport", .product(name: "OpenCoreData", package: "CoreDataCodable")],
            path: "Sources/FuzzSQLiteStore"
        ),
    ],
    swiftLanguageModes: [.v6]
)
