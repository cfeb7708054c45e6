import Foundation

extension NSManagedObjectModel {
    /// Loads the Xcode model at `url`: a `.xcdatamodeld` folder (its current version), a `.xcdatamodel`
    /// folder or its `contents` file. Returns nil when the file is missing or not a valid model.
    ///
    /// On Apple platforms this initializer reads compiled models (`.momd`, `.mom`); OpenCoreData reads
    /// the Xcode model they are compiled from. ``init(validatingContentsOf:productModuleName:)`` says
    /// what is wrong with a file that does not load.
    public convenience init?(contentsOf url: URL) {
        guard let reader = try? ModelFileReader(url: url, productModuleName: nil) else { return nil }
        self.init(reader)
    }

    /// Loads the Xcode model at `url`, or throws a ``ModelFileError`` naming the file, the element and
    /// the value at fault (OpenCoreData extension).
    ///
    /// - Parameter productModuleName: The module of the classes that Xcode's "Current Product Module"
    ///   class names (`.Person`) refer to. When nil, they are looked for in the module of the SwiftPM
    ///   resource bundle holding the file, then in the main executable's module.
    public convenience init(validatingContentsOf url: URL, productModuleName: String? = nil) throws {
        self.init(try ModelFileReader(url: url, productModuleName: productModuleName))
    }

    private convenience init(_ reader: ModelFileReader) {
        self.init()
        entities = reader.entities
        for configuration in reader.configurations {
            setEntities(configuration.entities, forConfigurationName: configuration.name)
        }
        versionIdentifiers = reader.versionIdentifiers
    }

    /// A model made of all the models found in `bundles` (the main bundle when nil): each
    /// `.xcdatamodeld` and `.xcdatamodel` at the top of each bundle's resources. Nil when none loads, when
    /// one fails to load, or when two define an entity of the same name.
    public class func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? {
        let urls = (bundles ?? [.main]).flatMap(ModelFileSearch.modelURLs(in:))
        var models: [NSManagedObjectModel] = []
        for url in urls {
            guard let model = NSManagedObjectModel(contentsOf: url) else { return nil }
            models.append(model)
        }
        guard !models.isEmpty else { return nil }
        return NSManagedObjectModel(byMerging: models)
    }

    /// A model holding the entities and configurations of all `models`; nil when two define an entity of
    /// the same name. The models given must not be in use by a coordinator.
    public convenience init?(byMerging models: [NSManagedObjectModel]?) {
        let models = models ?? []
        let merged = models.flatMap(\.entities)
        guard Set(merged.compactMap(\.name)).count == merged.count else { return nil }
        self.init()
        entities = merged
        for model in models {
            for name in model.configurations {
                let members = (entities(forConfigurationName: name) ?? []) + (model.entities(forConfigurationName: name) ?? [])
                setEntities(members, forConfigurationName: name)
            }
            versionIdentifiers.formUnion(model.versionIdentifiers)
        }
    }
}
