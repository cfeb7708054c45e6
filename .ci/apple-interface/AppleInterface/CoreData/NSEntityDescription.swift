/// https://developer.apple.com/documentation/coredata/nsentitydescription
@available(macOS 10.4, iOS 3.0, *)
open class NSEntityDescription: NSObject {
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/init()
    public override init() { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/name
    open var name: String? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/managedobjectclassname
    open var managedObjectClassName: String! { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/properties
    open var properties: [NSPropertyDescription] { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/attributesbyname
    open var attributesByName: [String: NSAttributeDescription] { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/propertiesbyname
    open var propertiesByName: [String: NSPropertyDescription] { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/isabstract
    open var isAbstract: Bool { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/subentities
    open var subentities: [NSEntityDescription] { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/superentity
    unowned(unsafe) open var superentity: NSEntityDescription? { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/userinfo
    open var userInfo: [AnyHashable: Any]? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/uniquenessconstraints
    @available(macOS 10.11, iOS 9.0, *)
    open var uniquenessConstraints: [[Any]] { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsentitydescription/iskindof(entity:)
    @available(macOS 10.5, iOS 3.0, *)
    open func isKindOf(entity: NSEntityDescription) -> Bool { fatalError() }
}
