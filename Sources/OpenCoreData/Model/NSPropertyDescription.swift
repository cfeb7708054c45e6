import Foundation

/// A property of an entity: the common part of attributes and relationships.
open class NSPropertyDescription: NSObject, @unchecked Sendable {
    /// The property's name, the key used with `value(forKey:)`.
    open var name: String = "" { didSet { checkMutable() } }
    /// Whether the property may be nil (or, for a to-many, empty) when the object is saved. The default is `true`.
    open var isOptional: Bool = true { didSet { checkMutable() } }
    /// Whether the property is kept in memory only and never saved to a store.
    open var isTransient: Bool = false { didSet { checkMutable() } }
    /// Application data attached to the property.
    open var userInfo: [AnyHashable: Any]?
    /// Whether the store keeps an index on this property (deprecated by Apple in favour of fetch indexes).
    open var isIndexed: Bool = false
    /// A string mixed into the property's version hash, to mark a change the hash would not otherwise see.
    open var versionHashModifier: String?
    /// The name this property had in an earlier version of the model, which lightweight migration maps it
    /// from; when unset, the property's name. It does not enter the version hash.
    open var renamingIdentifier: String? {
        get { storedRenamingIdentifier ?? name }
        set { storedRenamingIdentifier = newValue }
    }
    private var storedRenamingIdentifier: String?
    /// The entity that declares the property.
    ///
    /// Not retained, as in Core Data (`unowned(unsafe)`): the entity must outlive the property's use. A weak
    /// reference would give every entity a side table, making each retain of an entity, on every hot path
    /// that reads an object's entity, slower.
    open internal(set) unowned(unsafe) var entity: NSEntityDescription!

    /// Creates an empty property description.
    override public init() {
        super.init()
    }

    /// Traps when the model is in use: Core Data raises for changes to a model a coordinator uses.
    func checkMutable() {
        precondition(entity?.frozenLayout == nil, "Can't modify an immutable model: property '\(name)' belongs to a model in use by a persistent store coordinator")
    }

    override open var description: String {
        "(\(type(of: self))), name \(name), isOptional \(isOptional), isTransient \(isTransient)"
    }
}
