import Foundation

/// A request that sets properties of the objects of an entity that match a predicate, in the store,
/// without loading them into a context.
///
/// Make it with the entity's name, set `predicate` to select the objects and `propertiesToUpdate` to the
/// new values by property name (`["isAdult": true]`), and run it with the context's `execute(_:)`, whose
/// result is an ``NSBatchUpdateResult``.
///
/// Values are converted and stored as a save stores them; a value of the wrong type, or a key that names
/// no attribute of the entity, fails the request. Validation does not run. The SQLite store updates the
/// rows in SQL, in one transaction; the in-memory store supports the request too. Contexts keep their
/// registered objects' values until they refresh them or merge the updated IDs; their later fetches see the
/// new values.
open class NSBatchUpdateRequest: NSPersistentStoreRequest, @unchecked Sendable {
    /// The entity whose objects are updated; for a request made with `init(entityName:)`, a description
    /// holding only the name until the request runs against a context's model.
    public let entity: NSEntityDescription
    /// The name of the entity whose objects are updated.
    public let entityName: String
    /// Which objects are updated; nil for all.
    open var predicate: NSPredicate?
    /// Whether objects of subentities are updated too. The default is `true`.
    open var includesSubentities: Bool = true
    /// The new values, by attribute (its name or its `NSPropertyDescription`): constants, `NSNull` for nil, or
    /// an `NSExpression` (a constant, or the key path of another attribute of the same type).
    open var propertiesToUpdate: [AnyHashable: Any]?
    /// What executing the request returns. The default is `.statusOnlyResultType`.
    open var resultType: NSBatchUpdateRequestResultType = .statusOnlyResultType

    /// A request that updates objects of the entity named `entityName`.
    public init(entityName: String) {
        self.entityName = entityName
        let named = NSEntityDescription()
        named.name = entityName
        entity = named
        super.init()
    }

    /// A request that updates objects of `entity`.
    public init(entity: NSEntityDescription) {
        self.entity = entity
        entityName = entity.name ?? ""
        super.init()
    }

    override open var requestType: NSPersistentStoreRequestType { .batchUpdateRequestType }
}
