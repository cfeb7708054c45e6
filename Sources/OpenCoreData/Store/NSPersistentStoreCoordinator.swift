import Foundation

/// Connects contexts to the stores that hold a model's objects, and serializes access to the stores.
///
/// OpenCoreData saves new objects to the coordinator's first store; fetches read every store.
open class NSPersistentStoreCoordinator: NSObject, @unchecked Sendable {
    /// The model of the objects in the coordinator's stores.
    public let managedObjectModel: NSManagedObjectModel
    /// A name for debugging.
    open var name: String?

    private let lock = NSRecursiveLock()
    private var stores: [NSPersistentStore] = []
    private var contexts: [WeakContext] = []

    /// Creates a coordinator for `model`, which is frozen from now on.
    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
        model.freeze()
        super.init()
    }

    /// The coordinator's stores.
    open var persistentStores: [NSPersistentStore] {
        withLock { stores }
    }

    /// Adds a store of `storeType` (`NSInMemoryStoreType` or `NSSQLiteStoreType`) at `storeURL`.
    @discardableResult
    open func addPersistentStore(ofType storeType: String, configurationName configuration: String?, at storeURL: URL?, options: [AnyHashable: Any]?) throws -> NSPersistentStore {
        let store = try StoreFactory.makeStore(type: storeType, coordinator: self, configuration: configuration, url: storeURL, options: options)
        try store.open(model: managedObjectModel)
        withLock { stores.append(store) }
        return store
    }

    /// Adds the store `description` describes and reports the outcome to `block` (synchronously).
    open func addPersistentStore(with description: NSPersistentStoreDescription, completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        do {
            try addPersistentStore(ofType: description.type, configurationName: description.configuration, at: description.url, options: description.storeOptions)
            block(description, nil)
        } catch {
            block(description, error)
        }
    }

    /// Removes `store` from the coordinator.
    open func remove(_ store: NSPersistentStore) throws {
        withLock { stores.removeAll { $0 === store } }
    }

    /// The store at `URL`, if the coordinator has one.
    open func persistentStore(for URL: URL) -> NSPersistentStore? {
        withLock { stores.first { $0.url == URL } }
    }

    /// The object ID that `url` (from `uriRepresentation()`) names, if it belongs to one of the stores.
    open func managedObjectID(forURIRepresentation url: URL) -> NSManagedObjectID? {
        guard url.scheme == "x-coredata", let storeIdentifier = url.host else { return nil }
        let components = url.pathComponents.filter { $0 != "/" }
        guard components.count == 2, components[1].hasPrefix("p"), let key = Int64(components[1].dropFirst()),
              let entity = managedObjectModel.entitiesByName[components[0]],
              let store = withLock({ stores.first { $0.identifier == storeIdentifier } })
        else { return nil }
        return store.objectID(for: entity, primaryKey: key)
    }

    // MARK: - Engine access for contexts

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The rows `plan` finds, in the form objects hold (see `AttributeTransform`).
    func fetchRows(_ plan: FetchPlan) throws -> [StoredRow] {
        let rows = try withLock {
            if stores.count == 1 { return try stores[0].fetchRows(plan) }
            guard plan.sortDescriptors.isEmpty, plan.offset == 0, plan.limit == 0 else {
                throw CoreDataError.unsupportedMultiStoreFetch
            }
            return try stores.flatMap { try $0.fetchRows(plan) }
        }
        guard plan.entities.contains(where: { !$0.layout.transformerNames.isEmpty }) else { return rows }
        return rows.map(AttributeTransform.objectForm)
    }

    func countRows(_ plan: FetchPlan) throws -> Int {
        try withLock { try stores.reduce(0) { $0 + (try $1.countRows(plan)) } }
    }

    /// The stored values of `objectID`, in the form objects hold.
    func snapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        try withLock { try (objectID.persistentStore ?? stores.first)?.snapshot(for: objectID) }
            .map { AttributeTransform.objectForm(of: $0, layout: objectID.entity.layout) }
    }

    func rowVersions(of objectIDs: [NSManagedObjectID]) throws -> [Int64?] {
        try withLock {
            guard let store = stores.first else { return objectIDs.map { _ in nil } }
            return try store.rowVersions(of: objectIDs)
        }
    }

    func relatedObjectIDs(of objectID: NSManagedObjectID, slot: Int) throws -> [NSManagedObjectID] {
        try withLock { try (objectID.persistentStore ?? stores.first)?.relatedObjectIDs(of: objectID, slot: slot) ?? [] }
    }

    /// The destination object IDs of a to-many relationship of each of `objectIDs` (objects of one
    /// entity), in order: one request per store rather than one per object.
    func relatedObjectIDs(of objectIDs: [NSManagedObjectID], slot: Int) throws -> [[NSManagedObjectID]] {
        try withLock {
            var related = [[NSManagedObjectID]](repeating: [], count: objectIDs.count)
            var positionsByStore: [ObjectIdentifier: (store: NSPersistentStore, positions: [Int])] = [:]
            for (position, objectID) in objectIDs.enumerated() {
                guard let store = objectID.persistentStore ?? stores.first else { continue }
                positionsByStore[ObjectIdentifier(store), default: (store, [])].positions.append(position)
            }
            for (store, positions) in positionsByStore.values {
                let found = try store.relatedObjectIDs(of: positions.map { objectIDs[$0] }, slot: slot)
                for (position, ids) in zip(positions, found) { related[position] = ids }
            }
            return related
        }
    }

    func newObjectIDs(for entity: NSEntityDescription, count: Int) throws -> [NSManagedObjectID] {
        try withLock {
            guard let store = stores.first else { throw CoreDataError.noPersistentStores }
            return try store.newObjectIDs(for: entity, count: count)
        }
    }

    /// For each tuple of `valueSets` (computed only when a store may hold rows of `entity`'s tree), the
    /// objects whose values at `slots` equal it.
    func objectIDs(of entity: NSEntityDescription, slots: [Int], matchingEach valueSets: @autoclosure () -> [[Any?]]) throws -> [[NSManagedObjectID]] {
        try withLock {
            let candidates = try stores.filter { try $0.mayHoldRows(ofTreeOf: entity) }
            guard !candidates.isEmpty else { return [] }
            let layout = entity.layout
            let sets = try valueSets().map { try AttributeTransform.storedForms(of: $0, slots: slots, layout: layout) }
            var result = [[NSManagedObjectID]](repeating: [], count: sets.count)
            for store in candidates {
                for (index, ids) in try store.objectIDs(of: entity, slots: slots, matchingEach: sets).enumerated() { result[index] += ids }
            }
            return result
        }
    }

    /// Writes a context's changes; returns the new row version.
    func save(_ request: StoreSaveRequest) throws -> Int64 {
        try withLock {
            guard let store = stores.first else { throw CoreDataError.noPersistentStores }
            return try store.save(request)
        }
    }

    // MARK: - Contexts

    func register(_ context: NSManagedObjectContext) {
        withLock {
            contexts.removeAll { $0.context == nil }
            contexts.append(WeakContext(context: context))
        }
    }

    /// The contexts attached to the coordinator that are still alive.
    var registeredContexts: [NSManagedObjectContext] {
        withLock { contexts.compactMap(\.context) }
    }
}
