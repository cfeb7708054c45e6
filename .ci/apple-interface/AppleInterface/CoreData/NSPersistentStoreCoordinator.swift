/// https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator
@available(macOS 10.4, iOS 3.0, *)
open class NSPersistentStoreCoordinator: NSObject {
    /// https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator/managedobjectmodel
    open var managedObjectModel: NSManagedObjectModel { fatalError() }
}
