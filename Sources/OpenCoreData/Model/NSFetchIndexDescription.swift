import Foundation

/// An index that a store keeps on some properties of an entity.
open class NSFetchIndexDescription: NSObject, @unchecked Sendable {
    /// The index's name.
    open var name: String
    /// The indexed properties, in order.
    open var elements: [NSFetchIndexElementDescription]
    /// The entity the index belongs to; not retained, as in Core Data (see `NSPropertyDescription.entity`).
    open internal(set) unowned(unsafe) var entity: NSEntityDescription?

    /// Creates an index with a name and elements.
    public init(name: String, elements: [NSFetchIndexElementDescription]?) {
        self.name = name
        self.elements = elements ?? []
        super.init()
    }
}

/// One property of a fetch index.
open class NSFetchIndexElementDescription: NSObject, @unchecked Sendable {
    /// How a fetch index element is stored.
    public enum ElementType: UInt, Sendable {
        /// An ordinary (B-tree) index.
        case binary = 0
        /// A spatial index.
        case rTree = 1
    }

    /// The indexed property.
    open var property: NSPropertyDescription?
    /// The name of the indexed property.
    open var propertyName: String? { property?.name }
    /// How the element is stored. The default is `.binary`.
    open var collationType: ElementType = .binary
    /// Whether the element is in ascending order. The default is `true`.
    open var isAscending: Bool = true

    /// Creates an element for `property`.
    public init(property: NSPropertyDescription, collationType: ElementType) {
        self.property = property
        self.collationType = collationType
        super.init()
    }
}
