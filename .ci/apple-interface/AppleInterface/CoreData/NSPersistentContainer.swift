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

/// https://developer.apple.com/documentation/coredata/nspersistentstoredescription
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
open class NSPersistentStoreDescription: NSObject {
    /// https://developer.apple.com/documentation/coredata/nspersistentstoredescription/init(url:)
    public convenience init(url: URL) { fatalError() }
}
