import Foundation

/// A store of managed objects: the layer below a coordinator that keeps rows.
///
/// OpenCoreData provides an in-memory store (`NSInMemoryStoreType`) and a SQLite store
/// (`NSSQLiteStoreType`). Coordinators create stores; this class is not subclassed by users.
open class NSPersistentStore: NSObject, @unchecked Sendable {
    /// The store's coordinator.
    open private(set) weak var persistentStoreCoordinator: NSPersistentStoreCoordinator?
    /// The name of the model configuration the store holds.
    open private(set) var configurationName: String
    /// The options the store was added with.
    open private(set) var options: [AnyHashable: Any]?
    /// The store's location.
    open var url: URL?
    /// A unique identifier of the store.
    @exclusivity(unchecked)
    open var identifier: String!
    /// Whether the store refuses saves.
    open var isReadOnly: Bool = false
    /// The store's metadata: its type and identifier, and what the store type adds.
    open var metadata: [String: Any]! = [:]

    /// Creates a store for a coordinator.
    public init(persistentStoreCoordinator root: NSPersistentStoreCoordinator?, configurationName name: String?, at url: URL, options: [AnyHashable: Any]?) {
        persistentStoreCoordinator = root
        configurationName = name ?? "PF_DEFAULT_CONFIGURATION_NAME"
        self.options = options
        self.url = url
        identifier = UUID().uuidString
        isReadOnly = (options?[NSReadOnlyPersistentStoreOption] as? Bool) ?? false
        super.init()
        metadata = [NSStoreTypeKey: type, NSStoreUUIDKey: identifier as Any]
    }

    /// The store's type, such as `NSInMemoryStoreType`.
    open var type: String { "" }

    /// Loads the store's metadata (and, for file stores, opens the file).
    open func loadMetadata() throws {}

    // MARK: - Store engine (implemented by each store type)

    /// Opens the store for `model`; called once when the coordinator adds it.
    func open(model: NSManagedObjectModel) throws {}

    /// The rows matching `plan`, sorted, offset and limited as it says.
    func fetchRows(_ plan: FetchPlan) throws -> [StoredRow] {
        preconditionFailure("\(Swift.type(of: self)) does not implement fetching")
    }

    /// The number of rows matching `plan`.
    func countRows(_ plan: FetchPlan) throws -> Int {
        try fetchRows(plan).count
    }

    /// The values of the row of `objectID`, or nil when there is none.
    func snapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        preconditionFailure("\(Swift.type(of: self)) does not implement loading")
    }

    /// The current version of each row, nil for rows that no longer exist.
    func rowVersions(of objectIDs: [NSManagedObjectID]) throws -> [Int64?] {
        try objectIDs.map { try snapshot(for: $0)?.version }
    }

    /// The destination object IDs of a to-many relationship of the row of `objectID`.
    func relatedObjectIDs(of objectID: NSManagedObjectID, slot: Int) throws -> [NSManagedObjectID] {
        guard let values = try snapshot(for: objectID)?.values, slot < values.count else { return [] }
        return values[slot] as? [NSManagedObjectID] ?? []
    }

    /// The destination object IDs of a to-many relationship of each row of `objectIDs`, in order.
    func relatedObjectIDs(of objectIDs: [NSManagedObjectID], slot: Int) throws -> [[NSManagedObjectID]] {
        try objectIDs.map { try relatedObjectIDs(of: $0, slot: slot) }
    }

    /// `count` new permanent object IDs for objects of `entity`.
    func newObjectIDs(for entity: NSEntityDescription, count: Int) throws -> [NSManagedObjectID] {
        preconditionFailure("\(Swift.type(of: self)) does not implement object IDs")
    }

    /// Whether the store may hold rows of `entity`'s inheritance tree; false lets lookups skip it.
    func mayHoldRows(ofTreeOf entity: NSEntityDescription) throws -> Bool {
        true
    }

    /// For each tuple of `valueSets`, the objects of `entity`'s hierarchy whose values at `slots` equal it
    /// (uniqueness constraints); one lookup for all tuples.
    func objectIDs(of entity: NSEntityDescription, slots: [Int], matchingEach valueSets: [[Any?]]) throws -> [[NSManagedObjectID]] {
        preconditionFailure("\(Swift.type(of: self)) does not implement constraint lookups")
    }

    /// Writes `request` all or nothing; returns the version number the written rows now have.
    func save(_ request: StoreSaveRequest) throws -> Int64 {
        preconditionFailure("\(Swift.type(of: self)) does not implement saving")
    }

    /// Deletes the rows `plan` selects, following their relationships' delete rules (`NSBatchDeleteRequest`).
    func executeBatchDelete(_ plan: BatchDeletePlan) throws -> BatchOutcome {
        try deleteRowByRow(plan)
    }

    /// Sets the values `plan` gives in the rows it selects (`NSBatchUpdateRequest`).
    func executeBatchUpdate(_ plan: BatchUpdatePlan) throws -> BatchOutcome {
        try updateRowByRow(plan)
    }

    /// Makes a permanent object ID of this store.
    func objectID(for entity: NSEntityDescription, primaryKey: Int64) -> NSManagedObjectID {
        NSManagedObjectID(entity: entity, reference: .permanent(primaryKey), store: self)
    }
}
