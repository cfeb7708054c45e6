/// https://developer.apple.com/documentation/coredata/nsmanagedobject
@available(macOS 10.4, iOS 3.0, *)
open class NSManagedObject: NSObject, NSFetchRequestResult {
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/init(entity:insertinto:)
    ///
    /// Apple's designated initializer is not `required`. It is `required` here because Swift lets an
    /// initializer imported from Objective-C be called on a metatype (`type.init(entity:insertInto:)`),
    /// which it allows a Swift initializer only when it is `required`.
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/init(context:)
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public convenience init(context moc: NSManagedObjectContext) { fatalError() }

    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/entity
    open var entity: NSEntityDescription { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/managedobjectcontext
    open var managedObjectContext: NSManagedObjectContext? { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/objectid
    open var objectID: NSManagedObjectID { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/isinserted
    open var isInserted: Bool { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/isdeleted
    open var isDeleted: Bool { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/haschanges
    @available(macOS 10.7, iOS 5.0, *)
    open var hasChanges: Bool { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/hasfault(forrelationshipnamed:)
    @available(macOS 10.5, iOS 3.0, *)
    open func hasFault(forRelationshipNamed key: String) -> Bool { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobject/changedvalues()
    open func changedValues() -> [String: Any] { fatalError() }
}

#if SENDABLE_SDK
/// The newest SDKs mark the class non-Sendable (`NS_SWIFT_NONSENDABLE`): an object belongs to its
/// context's queue.
@available(*, unavailable)
extension NSManagedObject: @unchecked Sendable {}
#endif
