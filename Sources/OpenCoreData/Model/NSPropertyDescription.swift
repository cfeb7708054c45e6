import Foundation

/// A property of an entity: the common part of attributes and relationships.
open class NSPropertyDescription: NSObject, @unchecked Sendable {
    /// The property's name, the key used with `value(forKey:)`.
    open var name: String = ""
    /// Whether the property may be nil (or, for a to-many, empty) when the object is saved. The default is `true`.
    open var isOptional: Bool = true
    /// Whether the property is kept in memory only and never saved to a store.
    open var isTransient: Bool = false
    /// Application data attached to the property.
    open var userInfo: [AnyHashable: Any]?
    /// Whether the store keeps an index on this property (deprecated by Apple in favour of fetch indexes).
    open var isIndexed: Bool = false
    /// The entity that declares the property.
    open internal(set) weak var entity: NSEntityDescription!

    /// Creates an empty property description.
    override public init() {
        super.init()
    }

    override open var description: String {
        "(\(type(of: self))), name \(name), isOptional \(isOptional), isTransient \(isTransient)"
    }
}
