import Foundation

/// A request that deletes the objects a fetch request matches (or the objects of given IDs) in the store,
/// without loading them into a context.
///
/// Make it from an `NSFetchRequest<NSFetchRequestResult>` whose entity and predicate select the objects,
/// set `resultType` to `.resultTypeObjectIDs` to learn which objects went, and run it with the context's
/// `execute(_:)`, whose result is an ``NSBatchDeleteResult``.
///
/// The SQLite store deletes the rows in SQL, in one transaction; the in-memory store supports the request
/// too. Validation does not run. Relationships follow their delete rules: cascade deletes the
/// destinations, nullify clears the inverse relationships (the request fails with
/// `NSPersistentStoreSaveError` when an inverse to-one relationship is required), deny fails the request
/// with `NSValidationRelationshipDeniedDeleteError` when the relationship is not empty. Contexts keep the
/// objects they registered until they merge the deleted IDs (`resultTypeObjectIDs`).
open class NSBatchDeleteRequest: NSPersistentStoreRequest, @unchecked Sendable {
    /// The fetch request whose predicate, entity and bounds select the objects to delete.
    public let fetchRequest: NSFetchRequest<any NSFetchRequestResult>
    /// The IDs to delete, when the request was made with `init(objectIDs:)`.
    let objectIDs: [NSManagedObjectID]?
    /// What executing the request returns. The default is `.resultTypeStatusOnly`.
    open var resultType: NSBatchDeleteRequestResultType = .resultTypeStatusOnly

    /// A request that deletes the objects `fetch` matches.
    public init(fetchRequest fetch: NSFetchRequest<any NSFetchRequestResult>) {
        fetchRequest = fetch
        objectIDs = nil
        super.init()
    }

    /// A request that deletes the objects of `objects`, which must all be of one entity (executing the
    /// request fails otherwise).
    public init(objectIDs objects: [NSManagedObjectID]) {
        let fetch = NSFetchRequest<any NSFetchRequestResult>()
        fetch.entity = objects.first?.entity
        fetchRequest = fetch
        objectIDs = objects
        super.init()
    }

    override open var requestType: NSPersistentStoreRequestType { .batchDeleteRequestType }
}
