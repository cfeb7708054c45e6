import Foundation

/// Finds Xcode model files among bundles' resources, as Core Data finds compiled models.
enum ModelFileSearch {
    /// The file extensions of Xcode models, the versioned form first.
    static let extensions = ["xcdatamodeld", "xcdatamodel"]

    /// The bundles that `NSPersistentContainer(name:)` searches: the main bundle, then the SwiftPM resource
    /// bundles beside the main executable (`<package>_<target>.resources`), where `Bundle.module` finds them.
    static var applicationBundles: [Bundle] {
        let directory = Bundle.main.bundleURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let resourceBundles = names.filter { $0.hasSuffix(".resources") }.sorted().compactMap { name in
            Bundle(url: directory.appendingPathComponent(name))
        }
        return [.main] + resourceBundles
    }

    /// The model named `name` in the first of `bundles` that holds one.
    static func modelURL(named name: String, in bundles: [Bundle]) -> URL? {
        for bundle in bundles {
            for pathExtension in extensions {
                let url = resourceDirectory(of: bundle).appendingPathComponent("\(name).\(pathExtension)")
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        return nil
    }

    /// The models at the top of `bundle`'s resources, by name.
    static func modelURLs(in bundle: Bundle) -> [URL] {
        let directory = resourceDirectory(of: bundle)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { extensions.contains(($0 as NSString).pathExtension) }.sorted().map { directory.appendingPathComponent($0) }
    }

    private static func resourceDirectory(of bundle: Bundle) -> URL {
        bundle.resourceURL ?? bundle.bundleURL
    }
}
