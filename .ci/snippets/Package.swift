// swift-tools-version: 6.0
import PackageDescription

// The documentation's code blocks, extracted by `.ci/doc-snippets` into `Generated/` and compiled
// against the package by `.ci/check-doc-snippets`: a nested package, so the library's own manifest
// does not depend on generated files.
let package = Package(
    name: "DocSnippets",
    dependencies: [.package(name: "CoreDataCodable", path: "../..")],
    targets: [
        .target(
            name: "DocSnippets",
            dependencies: [.product(name: "CoreDataCodable", package: "CoreDataCodable")],
            path: "Generated"
        ),
    ],
    swiftLanguageModes: [.v6]
)
