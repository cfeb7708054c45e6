import Foundation

/// A description of the objects to fetch: an entity, a predicate, an order and bounds.
///
/// ```swift
/// let request = NSFetchRequest<Person>(entityName: "Person")
/// request.predicate = NSPredicate(format: "age >= %d", 18)
/// request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
/// let adults = try context.fetch(request)
/// ```
open class NSFetchRequest<ResultType>: NSPersistentStoreRequest, @unchecked Sendable {
    private var name: String?
    private var explicitEntity: NSEntityDescription?

    /// Which objects match; nil for all.
    open var predicate: NSPredicate?
    /// The order of the results; nil or empty for no particular order.
    open var sortDescriptors: [NSSortDescriptor]?
    /// The maximum number of results; 0 for no limit.
    open var fetchLimit: Int = 0
    /// How many matching objects to skip.
    open var fetchOffset: Int = 0
    /// A batching hint; OpenCoreData loads all results at once.
    open var fetchBatchSize: Int = 0
    /// Whether unsaved changes of the context count: unsaved inserts match, unsaved deletes do not. The default is `true`.
    open var includesPendingChanges: Bool = true
    /// Whether objects come back without their values loaded. The default is `true`.
    open var returnsObjectsAsFaults: Bool = true
    /// Whether fetched objects with unsaved changes take the store's newer values for the properties they
    /// did not change. The default is `false`. (Objects without unsaved changes always take newer stored
    /// values in OpenCoreData, so that contexts see each other's saves on their next fetch.)
    open var shouldRefreshRefetchedObjects: Bool = false
    /// Whether objects of subentities match too. The default is `true`.
    open var includesSubentities: Bool = true
    /// Whether property values are loaded with the objects. The default is `true`.
    open var includesPropertyValues: Bool = true
    /// What the fetch returns. The default is `.managedObjectResultType`.
    open var resultType: NSFetchRequestResultType = .managedObjectResultType
    /// For dictionary results: the properties to include (names or descriptions); nil for all attributes.
    open var propertiesToFetch: [Any]?
    /// Relationships to load with the objects. To-many relationships named by the first component
    /// of a key path are loaded for all fetched objects at once; deeper components are ignored.
    open var relationshipKeyPathsForPrefetching: [String]?
    /// For dictionary results: whether duplicates are removed.
    open var returnsDistinctResults: Bool = false

    /// Creates a request with no entity.
    override public init() {
        super.init()
    }

    /// Creates a request for the entity named `entityName`.
    public init(entityName: String) {
        name = entityName
        super.init()
    }

    /// The name of the entity to fetch.
    open var entityName: String? {
        explicitEntity?.name ?? name
    }

    /// The entity to fetch.
    open var entity: NSEntityDescription? {
        get { explicitEntity }
        set {
            explicitEntity = newValue
            name = newValue?.name
        }
    }

    /// Executes the request in the context whose block is running on the current thread.
    open func execute() throws -> [ResultType] {
        guard let context = NSManagedObjectContext.current.value else {
            preconditionFailure("NSFetchRequest.execute() must be called inside a block run by NSManagedObjectContext.perform or performAndWait")
        }
        return try context.fetch(self)
    }

    /// A request for the same objects, typed for any result (as Objective-C sees every request).
    func erased() -> NSFetchRequest<any NSFetchRequestResult> {
        let request = NSFetchRequest<any NSFetchRequestResult>()
        request.name = name
        request.explicitEntity = explicitEntity
        request.predicate = predicate
        request.sortDescriptors = sortDescriptors
        request.fetchLimit = fetchLimit
        request.fetchOffset = fetchOffset
        request.includesPendingChanges = includesPendingChanges
        request.includesSubentities = includesSubentities
        request.resultType = resultType
        request.affectedStores = affectedStores
        return request
    }

    override open var description: String {
        "<NSFetchRequest> (entity: \(entityName ?? "nil"); predicate: (\(predicate.map { "\($0)" } ?? "")); sortDescriptors: (\(sortDescriptors.map { "\($0)" } ?? "")); limit: \(fetchLimit))"
    }
}
