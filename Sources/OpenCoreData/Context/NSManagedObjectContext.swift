import Foundation

/// How a context serializes the work done in it.
public enum NSManagedObjectContextConcurrencyType: UInt, Sendable {
    /// Deprecated by Apple; behaves like `.privateQueueConcurrencyType` here.
    case confinementConcurrencyType = 0
    /// The context runs its work on a private serial queue.
    case privateQueueConcurrencyType = 1
    /// The context stands for the main queue (see the note on ``NSManagedObjectContext``).
    case mainQueueConcurrencyType = 2
}

/// A scratch pad of managed objects: fetch them, change them, then save the changes to the store
/// (or to a parent context).
///
/// Every context serializes its work: `performAndWait(_:)` runs a block while holding the context
/// (re-entrantly), `perform(_:)` enqueues a block on the context's own serial queue.
///
/// - Note: A main-queue context does not require a running main run loop: its asynchronous blocks
///   run on a serial queue of its own, in order, and `performAndWait(_:)` runs inline on the calling
///   thread. Processes that never run the main run loop (servers, tests) can use `viewContext` freely.
open class NSManagedObjectContext: NSObject, @unchecked Sendable {
    /// The context's concurrency type.
    public let concurrencyType: NSManagedObjectContextConcurrencyType
    /// A name for debugging.
    open var name: String?
    /// The author recorded with saved transactions.
    open var transactionAuthor: String?
    /// How save resolves conflicts: one of the `NSMergePolicy` objects. The default is `NSErrorMergePolicy`.
    open var mergePolicy: Any = NSErrorMergePolicy
    /// Whether the context refreshes its objects when another context saves to the same coordinator.
    open var automaticallyMergesChangesFromParent: Bool = false
    /// Information of the app's own, kept with the context and released with it.
    open var userInfo: NSMutableDictionary { storedUserInfo }

    private let storedUserInfo = NSMutableDictionary()

    let lock = NSRecursiveLock()
    let queue: DispatchQueue
    var storeCoordinator: NSPersistentStoreCoordinator?
    var parentContext: NSManagedObjectContext?
    /// One object per object ID.
    @exclusivity(unchecked)
    var registry = ObjectRegistry()
    /// Inserted, updated and deleted objects, in the order they changed.
    @exclusivity(unchecked)
    var changedObjects = ChangedObjects()
    /// Deleted objects whose delete rules have not run yet.
    var pendingDeletions: [NSManagedObject] = []
    /// Whether objects were marked deleted since inserted-and-deleted objects were last dropped, so
    /// `processPendingChanges()` (at every fetch and save) looks for them only when there can be some.
    @exclusivity(unchecked)
    var hasUnprocessedDeletions = false
    var fetchCount = 0
    /// What changed since the last `didChangeObjectsNotification`.
    @exclusivity(unchecked)
    var changeJournal = ChangeJournal()
    /// The contexts whose parent this one is.
    var childContexts: [WeakContext] = []
    /// The identity the context's objects hold (see `ContextToken`).
    let token = ContextToken()

    /// Creates a context of the given concurrency type, with no coordinator or parent yet.
    public init(concurrencyType: NSManagedObjectContextConcurrencyType) {
        self.concurrencyType = concurrencyType
        queue = DispatchQueue(label: concurrencyType == .mainQueueConcurrencyType ? "NSManagedObjectContext.main" : "NSManagedObjectContext.private")
        super.init()
        token.context = self
    }

    // A released context frees what only it holds: its objects keep each other alive through their
    // relationships, so, as `reset()` does, it turns them into faults that no longer belong to it.
    deinit {
        detachRegisteredObjects()
    }

    /// The coordinator the context saves to, directly or through its parents.
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        get { storeCoordinator ?? parentContext?.persistentStoreCoordinator }
        set {
            storeCoordinator = newValue
            if newValue != nil { parentContext = nil }
            newValue?.register(self)
        }
    }

    /// The context this one saves into, instead of a coordinator.
    open var parent: NSManagedObjectContext? {
        get { parentContext }
        set {
            parentContext = newValue
            if newValue != nil { storeCoordinator = nil }
            newValue?.adoptChild(self)
        }
    }

    /// Lists `child` among the contexts whose parent this one is.
    private func adoptChild(_ child: NSManagedObjectContext) {
        performAndWait {
            childContexts.removeAll { $0.context == nil || $0.context === child }
            childContexts.append(WeakContext(context: child))
        }
    }

    /// The contexts whose parent this one is that are still alive.
    var liveChildren: [NSManagedObjectContext] {
        childContexts.compactMap(\.context)
    }

    var managedObjectModel: NSManagedObjectModel? {
        persistentStoreCoordinator?.managedObjectModel
    }

    /// OpenCoreData only: how many fetch and count requests this context has executed. Useful to check
    /// that an import does a bounded number of fetches.
    public var executedFetchRequestCount: Int {
        performAndWait { fetchCount }
    }

    // MARK: - Registered objects

    /// Whether the context has unsaved inserts, updates or deletes.
    open var hasChanges: Bool {
        performAndWait { changedObjects.elements.contains { $0.hasChanges } }
    }

    /// The objects inserted and not yet saved.
    open var insertedObjects: Set<NSManagedObject> {
        performAndWait { Set(changedObjects.elements.filter { $0.isInserted && !$0.isDeleted }) }
    }

    /// The saved objects changed and not yet saved.
    open var updatedObjects: Set<NSManagedObject> {
        performAndWait { Set(changedObjects.elements.filter(\.isUpdated)) }
    }

    /// The saved objects deleted and not yet saved.
    open var deletedObjects: Set<NSManagedObject> {
        performAndWait { Set(changedObjects.elements.filter { $0.isDeleted && !$0.isInserted }) }
    }

    /// All objects registered in the context.
    open var registeredObjects: Set<NSManagedObject> {
        performAndWait { Set(registeredObjectList) }
    }

    /// The object registered for `objectID`, if any; never fetches.
    open func registeredObject(for objectID: NSManagedObjectID) -> NSManagedObject? {
        performAndWait { registered(objectID) }
    }

    /// The object for `objectID`: the registered one, or a fault that loads its values on first use.
    open func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        performAndWait { registeredOrFault(objectID) }
    }

    /// The object for `objectID`, with its values loaded; throws when no such object exists.
    open func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        try performAndWait {
            if let object = registered(objectID), !object.isFault { return object }
            guard let snapshot = try snapshot(for: objectID) else {
                throw CoreDataError.objectNotFound(objectID)
            }
            let object = object(with: objectID)
            if object.isFault { apply(snapshot, to: object) }
            return object
        }
    }

    /// Inserts `object`, which then appears in `insertedObjects` and is saved with the next save.
    open func insert(_ object: NSManagedObject) {
        performAndWait {
            if object.contextToken === token { return }
            precondition(object.contextToken?.context == nil, "An NSManagedObject may only be in (or observed by) a single NSManagedObjectContext")
            object.managedObjectContext = self
            registry.registerInserted(object)
            object.isInserted = true
            changedObjects.insert(object)
            changeJournal.note(object, .inserted)
            object.awakeFromInsert()
        }
    }

    /// Marks `object` deleted; delete rules run when pending changes are processed (at the latest on save).
    open func delete(_ object: NSManagedObject) {
        performAndWait {
            guard object.contextToken === token, !object.isDeleted else { return }
            object.fireFaultIfNeeded()
            object.prepareForChange()
            object.isDeleted = true
            hasUnprocessedDeletions = true
            changedObjects.insert(object)
            changeJournal.note(object, .deleted)
            pendingDeletions.append(object)
        }
    }

    /// Called by an object on its first change since it was saved or fetched.
    func objectDidChange(_ object: NSManagedObject) {
        changedObjects.insert(object)
    }

    /// Registers `object` under its (new) object ID.
    func reregister(_ object: NSManagedObject, from oldID: NSManagedObjectID) {
        registry.removeValue(forKey: oldID)
        registry.register(object)
    }

    /// The object registered under `objectID`: the one way to look one up, as a lookup by a temporary
    /// ID makes the registry table new objects (see `ObjectRegistry`).
    func registered(_ objectID: NSManagedObjectID) -> NSManagedObject? {
        if objectID.isTemporaryID, !registry.tablesNewObjects { registry.startTablingNewObjects(untabledNewObjects) }
        return registry.tabledObject(for: objectID)
    }

    /// The new objects inserted into the context that the registry has not tabled.
    private var untabledNewObjects: [NSManagedObject] {
        changedObjects.elements.filter { $0.isInserted && registry.isUntabled($0) }
    }

    /// Every registered object.
    var registeredObjectList: [NSManagedObject] {
        registry.tabled + untabledNewObjects
    }

    /// Makes every registered object a fault that belongs to no context and holds no values, so that
    /// objects related to each other no longer keep each other alive.
    func detachRegisteredObjects() {
        for object in registeredObjectList {
            object.managedObjectContext = nil
            object.discardValues()
        }
    }

    /// Removes `object` from the context entirely.
    func forget(_ object: NSManagedObject) {
        registry.unregister(object)
        changedObjects.remove(object)
        object.managedObjectContext = nil
    }
}
