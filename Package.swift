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
        // Core Data's API on platforms that do not ship Core Data.
        .target(name: "OpenCoreData", dependencies: ["ManagedProperty"]),
        // The product: Codable for NSManagedObject subclasses.
        .target(
            name: "CoreDataCodable",
            dependencies: [
                "ManagedProperty",
                .target(name: "OpenCoreData", condition: .when(platforms: openCoreDataPlatforms)),
            ]
        ),
        .testTarget(name: "OpenCoreDataTests", dependencies: ["OpenCoreData"]),
        .testTarget(name: "CoreDataCodableTests", dependencies: ["CoreDataCodable"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
