/// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel
@available(macOS 10.4, iOS 3.0, *)
open class NSManagedObjectModel: NSObject {
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/init()
    public override init() { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/mergedmodel(from:)
    open class func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/entities
    open var entities: [NSEntityDescription] { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/entitiesbyname
    open var entitiesByName: [String: NSEntityDescription] { fatalError() }
}
