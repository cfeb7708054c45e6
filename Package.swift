// swift-tools-version: 6.0
import PackageDescription

/// Platforms without Apple's Core Data, where OpenCoreData stands in for it.
let openCoreDataPlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

// On an Apple host the package builds against Apple's Core Data, and OpenCoreData's targets are not
// part of it: they re-declare Core Data's API over Foundation, which does not compile against Apple's
// Foundation. Its tests then run against Apple's framework (OpenCombine's compatibility tests).
#if canImport(Darwin)
let buildsOpenCoreData = false
#else
let buildsOpenCoreData = true
#endif

/// OpenCoreData: the system SQLite library, Core Data's API, and the module users import, which
/// re-exports the implementation with scoped imports of the classes whose names
/// swift-corelibs-foundation also declares (NSPredicate, NSSortDescriptor...), making them
/// unambiguous in client code.
let openCoreDataTargets: [Target] = [
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(name: "OpenCoreDataCore", dependencies: ["ManagedProperty", "OpenAddressing", "CSQLite"], path: "Sources/OpenCoreData", exclude: ["Exports"]),
    .target(name: "OpenCoreData", dependencies: ["OpenCoreDataCore"], path: "Sources/OpenCoreData/Exports"),
]

/// What a target that uses Core Data's API depends on: OpenCoreData where it is built.
let coreDataDependencies: [Target.Dependency] = buildsOpenCoreData
    ? [.target(name: "OpenCoreData", condition: .when(platforms: openCoreDataPlatforms))]
    : []

let package = Package(
    name: "CoreDataCodable",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CoreDataCodable", targets: ["CoreDataCodable"]),
    ] + (buildsOpenCoreData ? [.library(name: "OpenCoreData", targets: ["OpenCoreData"])] : []),
    targets: [
        // `@Managed` typed properties; platform-neutral, used over Apple's and OpenCoreData's NSManagedObject.
        .target(name: "ManagedProperty", dependencies: ["OpenAddressing"]),
        // The open-addressing hash table of integer keys that CoreDataCodable, OpenCoreData and ManagedProperty share.
        .target(name: "OpenAddressing"),
        // The product: Codable for NSManagedObject subclasses.
        .target(name: "CoreDataCodable", dependencies: ["ManagedProperty", "OpenAddressing"] + coreDataDependencies),
        .executableTarget(name: "example", dependencies: ["CoreDataCodable"], path: "Example", resources: [.copy("Payloads"), .process("Model.xcdatamodeld")]),
        // A process the SQLite crash-consistency test kills in the middle of a save.
        .executableTarget(name: "OpenCoreDataCrashHelper", dependencies: coreDataDependencies, path: "Tests/OpenCoreDataCrashHelper"),
        .testTarget(
            name: "OpenCoreDataTests",
            dependencies: ["ManagedProperty", "OpenCoreDataCrashHelper"] + coreDataDependencies
                + (buildsOpenCoreData ? [.target(name: "OpenCoreDataCore", condition: .when(platforms: openCoreDataPlatforms))] : []),
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "CoreDataCodableTests", dependencies: ["CoreDataCodable"], resources: [.copy("Fixtures")]),
        .testTarget(name: "OpenAddressingTests", dependencies: ["OpenAddressing"]),
    ] + (buildsOpenCoreData ? openCoreDataTargets : []),
    swiftLanguageModes: [.v6]
)
