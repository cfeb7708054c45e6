import Foundation

/// An attribute of an entity: a property holding a value rather than other objects.
open class NSAttributeDescription: NSPropertyDescription, @unchecked Sendable {
    /// The type of the attribute's values. The default is `.undefinedAttributeType`.
    open var attributeType: NSAttributeType = .undefinedAttributeType { didSet { checkMutable() } }
    /// The value a newly inserted object starts with.
    open var defaultValue: Any? { didSet { checkMutable() } }
    /// The name of the value transformer of a transformable attribute.
    open var valueTransformerName: String? { didSet { checkMutable() } }
    /// The name of the class of the attribute's values.
    open var attributeValueClassName: String?
    /// Whether a binary attribute may be stored outside the store's main file.
    open var allowsExternalBinaryDataStorage: Bool = false

    /// Creates an attribute description of undefined type.
    override public init() {
        super.init()
    }
}
