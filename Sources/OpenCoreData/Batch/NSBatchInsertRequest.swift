import Foundation

/// A request that inserts objects of one entity from dictionaries of attribute values, in the store,
/// without making managed objects in a context.
///
/// Make it with the entity's name and an array of dictionaries of attribute values (or a handler that
/// fills one dictionary, or one managed object, at a time), and run it with the context's `execute(_:)`,
/// whose result is an ``NSBatchInsertResult``.
///
/// Only attributes can be set: relationships stay empty. Missing attributes take their default values;
/// validation does not run, and a value of the wrong type fails the request. When the entity has uniqueness
/// constraints, an object whose constrained values match a stored object updates that object's given
/// attributes instead (an upsert), as do later objects of the request that match earlier ones. The rows
/// are written in one transaction. Contexts see the new objects on their next fetch.
open class NSBatchInsertRequest: NSPersistentStoreRequest, @unchecked Sendable {
    /// The entity whose objects are inserted.
    public let entity: NSEntityDescription?
    /// The name of the entity whose objects are inserted.
    public let entityName: String
    /// The objects to insert, as dictionaries of attribute values by attribute name.
    open var objectsToInsert: [[String: Any]]?
    /// Called for each object to insert, with an empty dictionary to fill, until it returns `true` (the
    /// dictionary of that last call is not inserted).
    open var dictionaryHandler: ((NSMutableDictionary) -> Bool)?
    /// Called for each object to insert, with a new object (in no context) to set, until it returns `true`
    /// (the object of that last call is not inserted).
    open var managedObjectHandler: ((NSManagedObject) -> Bool)?
    /// What executing the request returns. The default is `.statusOnly`.
    open var resultType: NSBatchInsertRequestResultType = .statusOnly

    private init(entity: NSEntityDescription?, name: String) {
        self.entity = entity
        entityName = name
        super.init()
    }

    /// A request that inserts `dictionaries` as objects of the entity named `entityName`.
    public convenience init(entityName: String, objects dictionaries: [[String: Any]]) {
        self.init(entity: nil, name: entityName)
        objectsToInsert = dictionaries
    }

    /// A request that inserts `dictionaries` as objects of `entity`.
    public convenience init(entity: NSEntityDescription, objects dictionaries: [[String: Any]]) {
        self.init(entity: entity, name: entity.name ?? "")
        objectsToInsert = dictionaries
    }

    /// A request that inserts objects of the entity named `entityName` from the dictionaries `handler` fills.
    public convenience init(entityName: String, dictionaryHandler handler: @escaping (NSMutableDictionary) -> Bool) {
        self.init(entity: nil, name: entityName)
        dictionaryHandler = handler
    }

    /// A request that inserts objects of `entity` from the dictionaries `handler` fills.
    public convenience init(entity: NSEntityDescription, dictionaryHandler handler: @escaping (NSMutableDictionary) -> Bool) {
        self.init(entity: entity, name: entity.name ?? "")
        dictionaryHandler = handler
    }

    /// A request that inserts objects of the entity named `entityName` from the objects `handler` sets.
    public convenience init(entityName: String, managedObjectHandler handler: @escaping (NSManagedObject) -> Bool) {
        self.init(entity: nil, name: entityName)
        managedObjectHandler = handler
    }

    /// A request that inserts objects of `entity` from the objects `handler` sets.
    public convenience init(entity: NSEntityDescription, managedObjectHandler handler: @escaping (NSManagedObject) -> Bool) {
        self.init(entity: entity, name: entity.name ?? "")
        managedObjectHandler = handler
    }

    override open var requestType: NSPersistentStoreRequestType { .batchInsertRequestType }
}
