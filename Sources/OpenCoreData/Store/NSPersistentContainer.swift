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

    /// Creates a container with an empty model: OpenCoreData does not load compiled model files,
    /// so use ``init(name:managedObjectModel:)`` with a model built in code.
    public convenience init(name: String) {
        self.init(name: name, managedObjectModel: NSManagedObjectModel())
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
