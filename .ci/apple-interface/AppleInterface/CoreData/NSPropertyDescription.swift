/// https://developer.apple.com/documentation/coredata/nspropertydescription
@available(macOS 10.4, iOS 3.0, *)
open class NSPropertyDescription: NSObject {
    /// https://developer.apple.com/documentation/coredata/nspropertydescription/init()
    public override init() { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nspropertydescription/name
    open var name: String { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nspropertydescription/isoptional
    open var isOptional: Bool { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nspropertydescription/userinfo
    open var userInfo: [AnyHashable: Any]? { get { fatalError() } set { fatalError() } }
}

/// https://developer.apple.com/documentation/coredata/nsattributedescription
@available(macOS 10.4, iOS 3.0, *)
open class NSAttributeDescription: NSPropertyDescription {
    /// https://developer.apple.com/documentation/coredata/nsattributedescription/attributetype
    open var attributeType: NSAttributeType { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsattributedescription/valuetransformername
    @available(macOS 10.5, iOS 3.0, *)
    open var valueTransformerName: String? { get { fatalError() } set { fatalError() } }
}

/// https://developer.apple.com/documentation/coredata/nsattributetype
///
/// All of Apple's cases, so that a `switch` that leaves some out needs a `default`, as it does for
/// Apple's enumeration, which is not frozen. (A `switch` that lists every case without a `default`
/// compiles here and not against Apple's.)
@available(macOS 10.4, iOS 3.0, *)
public enum NSAttributeType: UInt, Sendable {
    case undefinedAttributeType = 0
    case integer16AttributeType = 100
    case integer32AttributeType = 200
    case integer64AttributeType = 300
    case decimalAttributeType = 400
    case doubleAttributeType = 500
    case floatAttributeType = 600
    case stringAttributeType = 700
    case booleanAttributeType = 800
    case dateAttributeType = 900
    case binaryDataAttributeType = 1000
    @available(macOS 10.13, iOS 11.0, *)
    case UUIDAttributeType = 1100
    @available(macOS 10.13, iOS 11.0, *)
    case URIAttributeType = 1200
    case transformableAttributeType = 1800
    case objectIDAttributeType = 2000
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    case compositeAttributeType = 2100
}

/// https://developer.apple.com/documentation/coredata/nsrelationshipdescription
@available(macOS 10.4, iOS 3.0, *)
open class NSRelationshipDescription: NSPropertyDescription {
    /// https://developer.apple.com/documentation/coredata/nsrelationshipdescription/destinationentity
    open var destinationEntity: NSEntityDescription? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsrelationshipdescription/inverserelationship
    open var inverseRelationship: NSRelationshipDescription? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsrelationshipdescription/istomany
    open var isToMany: Bool { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsrelationshipdescription/isordered
    @available(macOS 10.7, iOS 5.0, *)
    open var isOrdered: Bool { get { fatalError() } set { fatalError() } }
}
