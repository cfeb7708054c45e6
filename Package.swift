// swift-tools-version: 6.0
import PackageDescription

/// Platforms without Apple's Core Data, where OpenCoreData stands in for it.
let openCoreDataPlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "CoreDataCodable",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CoreDataCodable", targets: ["CoreDataCodable"]),
        .library(name: "OpenCoreData", targets: ["OpenCoreData"]),
    ],
    targets: [
        // `@Managed` typed properties; platform-neutral, used over Apple's and OpenCoreData's NSManagedObject.
        .target(name: "ManagedProperty"),
        // The system SQLite library, for OpenCoreData's SQLite store.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // Core Data's API on platforms that do not ship Core Data: the implementation...
        .target(name: "OpenCoreDataCore", dependencies: ["ManagedProperty", "CSQLite"], path: "Sources/OpenCoreData", exclude: ["Exports"]),
        // ...and the module users import. It re-exports the implementation with scoped imports of the
        // classes whose names swift-corelibs-foundation also declares (NSPredicate, NSSortDescriptor...),
        // which makes them unambiguous in client code.
        .target(name: "OpenCoreData", dependencies: ["OpenCoreDataCore"], path: "Sources/OpenCoreData/Exports"),
        // The product: Codable for NSManagedObject subclasses.
        .target(
            name: "CoreDataCodable",
            dependencies: [
                "ManagedProperty",
                .target(name: "OpenCoreData", condition: .when(platforms: openCoreDataPlatforms)),
            ]
        ),
        .executableTarget(name: "example", dependencies: ["CoreDataCodable"], path: "Example", resources: [.copy("Payloads"), .process("Model.xcdatamodeld")]),
        // A process the SQLite crash-consistency test kills in the middle of a save.
        .executableTarget(name: "OpenCoreDataCrashHelper", dependencies: ["OpenCoreData"], path: "Tests/OpenCoreDataCrashHelper"),
        .testTarget(name: "OpenCoreDataTests", dependencies: ["OpenCoreData", "OpenCoreDataCore", "OpenCoreDataCrashHelper"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CoreDataCodableTests", dependencies: ["CoreDataCodable"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
