import Foundation

/// An entity of a managed object model: a name, a class, properties and a place in an inheritance tree.
open class NSEntityDescription: NSObject, @unchecked Sendable {
    /// The entity's name, unique in its model.
    open var name: String? { didSet { checkMutable() } }
    /// The name of the class that instantiates the entity's objects, as `NSClassFromString` resolves it
    /// ("Module.Class"). The default is `"NSManagedObject"`.
    open var managedObjectClassName: String! = "NSManagedObject" { didSet { checkMutable() } }
    /// Whether the entity is abstract: it has no instances of its own, only of subentities.
    open var isAbstract: Bool = false { didSet { checkMutable() } }
    /// Application data attached to the entity.
    open var userInfo: [AnyHashable: Any]?
    /// Sets of attribute names whose values, taken together, must be unique among the entity's objects.
    /// Each inner array holds names (`String`) or attribute descriptions.
    open var uniquenessConstraints: [[Any]] = [] { didSet { checkMutable() } }
    /// A string mixed into the entity's version hash, to mark a change the hash would not otherwise see.
    open var versionHashModifier: String?
    /// The name this entity had in an earlier version of the model, which lightweight migration maps it
    /// from; when unset, the entity's name. It does not enter the version hash.
    open var renamingIdentifier: String? {
        get { storedRenamingIdentifier ?? name }
        set { storedRenamingIdentifier = newValue }
    }
    private var storedRenamingIdentifier: String?
    /// The entity's fetch indexes.
    open var indexes: [NSFetchIndexDescription] = [] { didSet { checkMutable() } }
    /// The entity this entity inherits from.
    open internal(set) weak var superentity: NSEntityDescription?
    /// The model that holds the entity.
    open internal(set) weak var managedObjectModel: NSManagedObjectModel!

    private var ownProperties: [NSPropertyDescription] = []
    private var ownSubentities: [NSEntityDescription] = []
    /// The frozen layout, set when the model is first used.
    @exclusivity(unchecked)
    var frozenLayout: EntityLayout?

    /// Creates an entity with no name and no properties.
    override public init() {
        super.init()
    }

    /// The entity's properties: the inherited ones first, then its own. Setting it sets its own properties.
    open var properties: [NSPropertyDescription] {
        get { frozenLayout?.properties ?? (superentity?.properties ?? []) + ownProperties }
        set {
            checkMutable()
            ownProperties = newValue
            for property in newValue { property.entity = self }
        }
    }

    /// The entities that inherit from this one.
    open var subentities: [NSEntityDescription] {
        get { ownSubentities }
        set {
            checkMutable()
            ownSubentities = newValue
            for entity in newValue { entity.superentity = self }
        }
    }

    /// The subentities by name.
    open var subentitiesByName: [String: NSEntityDescription] {
        Dictionary(ownSubentities.compactMap { entity in entity.name.map { ($0, entity) } }, uniquingKeysWith: { first, _ in first })
    }

    /// All properties, inherited ones included, by name.
    open var propertiesByName: [String: NSPropertyDescription] {
        Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { _, own in own })
    }

    /// All attributes, inherited ones included, by name.
    open var attributesByName: [String: NSAttributeDescription] {
        Dictionary(properties.compactMap { $0 as? NSAttributeDescription }.map { ($0.name, $0) }, uniquingKeysWith: { _, own in own })
    }

    /// All relationships, inherited ones included, by name.
    open var relationshipsByName: [String: NSRelationshipDescription] {
        Dictionary(properties.compactMap { $0 as? NSRelationshipDescription }.map { ($0.name, $0) }, uniquingKeysWith: { _, own in own })
    }

    /// Traps when the model is in use: Core Data raises for changes to a model a coordinator uses.
    func checkMutable() {
        precondition(frozenLayout == nil, "Can't modify an immutable model: entity '\(name ?? "?")' belongs to a model in use by a persistent store coordinator")
    }

    /// The relationships whose destination is `entity`.
    open func relationships(forDestination entity: NSEntityDescription) -> [NSRelationshipDescription] {
        properties.compactMap { $0 as? NSRelationshipDescription }.filter { $0.destinationEntity === entity }
    }

    /// Whether this entity is `entity` or inherits from it.
    open func isKindOf(entity: NSEntityDescription) -> Bool {
        var current: NSEntityDescription? = self
        while let candidate = current {
            if candidate === entity { return true }
            current = candidate.superentity
        }
        return false
    }

    /// The entity named `entityName` in the model of `context`.
    open class func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        context.managedObjectModel?.entitiesByName[entityName]
    }

    /// Creates an object of the entity named `entityName` and inserts it into `context`.
    ///
    /// The entity must exist in the context's model; a missing entity is a programmer error, as in Core Data.
    open class func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            preconditionFailure("+insertNewObject(forEntityName:into:) could not locate an entity named '\(entityName)' in the context's model")
        }
        let objectClass = entity.layout.objectClass
        return objectClass.init(entity: entity, insertInto: context)
    }

    override open var description: String {
        "(\(type(of: self))) name \(name ?? "nil"), managedObjectClassName \(managedObjectClassName ?? "nil"), properties \(properties.map(\.name))"
    }
}
