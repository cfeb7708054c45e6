/// https://developer.apple.com/documentation/coredata/nspersistentcontainer
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
open class NSPersistentContainer: NSObject {
    /// https://developer.apple.com/documentation/coredata/nspersistentcontainer/init(name:managedobjectmodel:)
    public init(name: String, managedObjectModel model: NSManagedObjectModel) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nspersistentcontainer/viewcontext
    open var viewContext: NSManagedObjectContext { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nspersistentcontainer/persistentstoredescriptions
    open var persistentStoreDescriptions: [NSPersistentStoreDescription] { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nspersistentcontainer/loadpersistentstores(completionhandler:)
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nspersistentcontainer/newbackgroundcontext()
    open func newBackgroundContext() -> NSManagedObjectContext { fatalError() }
}

/// Sendable (`NS_SWIFT_SENDABLE`) in every SDK that compiles Swift 6, as `NSManagedObjectID` is (see
/// there for the evidence): the container hands out contexts, which do the work on their queues.
extension NSPersistentContainer: @unchecked Sendable {}

/// https://developer.apple.com/documentation/coredata/nspersistentstoredescription
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
open class NSPersistentStoreDescription: NSObject {
    /// https://developer.apple.com/documentation/coredata/nspersistentstoredescription/init(url:)
    public convenience init(url: URL) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nspersistentstoredescription/type
    open var type: String { get { fatalError() } set { fatalError() } }
}

/// https://developer.apple.com/documentation/coredata/nsinmemorystoretype
public var NSInMemoryStoreType: String { fatalError() }
