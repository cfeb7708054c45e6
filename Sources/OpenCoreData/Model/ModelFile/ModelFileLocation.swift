import Foundation

/// Where a model's XML is: the `contents` file of the chosen version of an Xcode model.
///
/// A `.xcdatamodeld` folder holds one `.xcdatamodel` folder per version and, when versioned, a
/// `.xccurrentversion` property list naming the current one; a `.xcdatamodel` folder holds the XML in
/// a file named `contents`.
struct ModelFileLocation {
    /// The `contents` XML file.
    let contentsURL: URL

    /// Finds the XML of the model at `url`: a `.xcdatamodeld` folder, a `.xcdatamodel` folder or a `contents` file.
    init(url: URL) throws {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ModelFileError(.fileNotFound, url: url, detail: "no model file at this path")
        }
        switch url.pathExtension {
        case "xcdatamodeld" where isDirectory.boolValue:
            contentsURL = try Self.currentVersion(in: url).appendingPathComponent("contents")
        case "xcdatamodel" where isDirectory.boolValue:
            contentsURL = url.appendingPathComponent("contents")
        case "momd", "mom", "omo":
            throw ModelFileError(.unsupportedFormat, url: url, detail: "compiled models (.\(url.pathExtension)) are not readable here: load the .xcdatamodeld it was compiled from")
        default:
            guard !isDirectory.boolValue else {
                throw ModelFileError(.unsupportedFormat, url: url, detail: "a folder that is neither a .xcdatamodeld nor a .xcdatamodel")
            }
            contentsURL = url
        }
        guard fileManager.fileExists(atPath: contentsURL.path) else {
            throw ModelFileError(.fileNotFound, url: contentsURL, detail: "the model version has no contents file")
        }
    }

    /// The version folder that `.xccurrentversion` names, or the only one when there is no such file.
    private static func currentVersion(in bundle: URL) throws -> URL {
        let marker = bundle.appendingPathComponent(".xccurrentversion")
        if let data = FileManager.default.contents(atPath: marker.path) {
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            guard let name = (plist as? [String: Any])?["_XCCurrentVersionName"] as? String else {
                throw ModelFileError(.malformedXML, url: marker, detail: "not a property list with a _XCCurrentVersionName string")
            }
            let version = bundle.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: version.path) else {
                throw ModelFileError(.missingCurrentVersion, url: marker, detail: "the current version \"\(name)\" is not in \(bundle.lastPathComponent)")
            }
            return version
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? []
        let versions = contents.filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        guard versions.count == 1, let only = versions.first else {
            let found = versions.isEmpty ? "no .xcdatamodel version" : "versions \(versions.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw ModelFileError(.ambiguousVersion, url: bundle, detail: "\(found) and no .xccurrentversion naming the current one")
        }
        return bundle.appendingPathComponent(only)
    }
}
