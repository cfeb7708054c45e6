import Foundation

/// A Core Data stack in one object: a model, a coordinator, its stores and a main-queue context.
open class NSPersistentContainer: NSObject, @unchecked Sendable {
    /// The container's name; the default store file is named after it.
    public let name: String
    /// The container's model.
    public let managedObjectModel: NSManagedObjectModel
    /// The container's coordinator.
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    /// The stores `loadPersistentStores(completionHandler:)` loads. The default is one SQLite store
    /// in ``defaultDirectoryURL()`` named after the container.
    open var persistentStoreDescriptions: [NSPersistentStoreDescription]
    /// The main-queue context, connected to the coordinator.
    public let viewContext: NSManagedObjectContext
    /// Why the model named after the container could not be loaded, reported by `loadPersistentStores`.
    private var modelLoadError: (any Error)?

    /// Creates a container for `model`.
    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        persistentStoreDescriptions = [NSPersistentStoreDescription(url: Self.defaultDirectoryURL().appendingPathComponent("\(name).sqlite"))]
        viewContext = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        super.init()
        viewContext.persistentStoreCoordinator = persistentStoreCoordinator
    }

    /// Creates a container whose model is the Xcode model named `name` (`<name>.xcdatamodeld` or
    /// `<name>.xcdatamodel`) in the main bundle or in a SwiftPM resource bundle beside the main executable,
    /// where Core Data looks for `<name>.momd`.
    ///
    /// When no such model exists, or it does not load, the container's model is empty and
    /// ``loadPersistentStores(completionHandler:)`` reports the error for every store, adding none.
    public convenience init(name: String) {
        self.init(name: name, searching: ModelFileSearch.applicationBundles)
    }

    /// Creates a container whose model is the Xcode model named `name` in `bundle`, such as a package's
    /// `Bundle.module` (OpenCoreData extension). Missing or invalid models are reported as by ``init(name:)``.
    public convenience init(name: String, bundle: Bundle) {
        self.init(name: name, searching: [bundle])
    }

    private convenience init(name: String, searching bundles: [Bundle]) {
        let model: NSManagedObjectModel
        let failure: (any Error)?
        if let url = ModelFileSearch.modelURL(named: name, in: bundles) {
            do {
                model = try NSManagedObjectModel(validatingContentsOf: url)
                failure = nil
            } catch {
                model = NSManagedObjectModel()
                failure = error
            }
        } else {
            let searched = bundles.map { ($0.resourceURL ?? $0.bundleURL).path }.joined(separator: ", ")
            model = NSManagedObjectModel()
            failure = CocoaError(.fileNoSuchFile, userInfo: [
                NSFilePathErrorKey: name,
                NSLocalizedDescriptionKey: "No model named \"\(name)\": found neither \(name).xcdatamodeld nor \(name).xcdatamodel in \(searched). "
                    + "Add the model to the target's resources, or pass one to init(name:managedObjectModel:).",
            ])
        }
        self.init(name: name, managedObjectModel: model)
        modelLoadError = failure
    }

    /// The directory of default store files: the user's Application Support directory.
    open class func defaultDirectoryURL() -> URL {
        let directory = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return directory
    }

    /// Adds the described stores, calling `block` once per store with the outcome.
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        for description in persistentStoreDescriptions {
            if let modelLoadError {
                block(description, modelLoadError)
                continue
            }
            if let directory = description.url?.deletingLastPathComponent(), description.type == NSSQLiteStoreType, description.url?.path != "/dev/null" {
                try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            persistentStoreCoordinator.addPersistentStore(with: description, completionHandler: block)
        }
    }

    /// A new private-queue context connected to the coordinator.
    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs `block` on a new private-queue context, asynchronously.
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.perform { block(context) }
    }

    /// Runs `block` on a new private-queue context and returns its result.
    public func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async throws -> T {
        let context = newBackgroundContext()
        return try await context.perform { try block(context) }
    }

    /// Runs `block` on a new private-queue context and returns its result.
    public func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) -> T) async -> T {
        let context = newBackgroundContext()
        return await context.perform { block(context) }
    }
}
