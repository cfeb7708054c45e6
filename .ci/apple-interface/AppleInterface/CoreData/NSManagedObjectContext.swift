/// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext
@available(macOS 10.4, iOS 3.0, *)
open class NSManagedObjectContext: NSObject {
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/persistentstorecoordinator
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/parent
    @available(macOS 10.7, iOS 5.0, *)
    open var parent: NSManagedObjectContext? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/mergepolicy
    open var mergePolicy: Any { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/userinfo
    @available(macOS 10.7, iOS 5.0, *)
    open var userInfo: NSMutableDictionary { fatalError() }

    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/insertedobjects
    open var insertedObjects: Set<NSManagedObject> { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/updatedobjects
    open var updatedObjects: Set<NSManagedObject> { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/registeredobjects
    open var registeredObjects: Set<NSManagedObject> { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/haschanges
    open var hasChanges: Bool { fatalError() }

    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/delete(_:)
    open func delete(_ object: NSManagedObject) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/existingobject(with:)
    @available(macOS 10.6, iOS 3.0, *)
    open func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/refresh(_:mergechanges:)
    open func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/refreshallobjects()
    @available(macOS 10.11, iOS 8.3, *)
    open func refreshAllObjects() { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/processpendingchanges()
    open func processPendingChanges() { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/save()
    open func save() throws { fatalError() }

    // Apple's Objective-C `count(for:)` and `fetch(_:)` take an `NSFetchRequest<any NSFetchRequestResult>`;
    // Swift code calls the generic overlays below, which are the ones declared here (on Linux a
    // protocol's existential cannot stand for a generic argument constrained to the protocol).

    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/count(for:)-3r91z
    @available(macOS 10.5, iOS 3.0, *)
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int where T: NSFetchRequestResult { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/fetch(_:)-4xeoz
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] where T: NSFetchRequestResult { fatalError() }

    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/scheduledtasktype
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public enum ScheduledTaskType: Sendable {
        case immediate
        case enqueued
    }

    #if SENDABLE_SDK
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/perform(_:)
    @available(macOS 10.7, iOS 5.0, *)
    open func perform(_ block: @escaping @Sendable () -> Void) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/performandwait(_:)-ypye
    @available(macOS 10.7, iOS 5.0, *)
    open func performAndWait(_ block: @Sendable () -> Void) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/perform(schedule:_:)
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @preconcurrency
    public func perform<T>(schedule: NSManagedObjectContext.ScheduledTaskType = .immediate, _ block: @escaping @Sendable () throws -> T) async rethrows -> T { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/performandwait(_:)-6aaf1
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @preconcurrency
    public func performAndWait<T>(_ block: @Sendable () throws -> T) rethrows -> T { fatalError() }
    #else
    @available(macOS 10.7, iOS 5.0, *)
    open func perform(_ block: @escaping () -> Void) { fatalError() }
    @available(macOS 10.7, iOS 5.0, *)
    open func performAndWait(_ block: () -> Void) { fatalError() }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func perform<T>(schedule: NSManagedObjectContext.ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async rethrows -> T { fatalError() }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T { fatalError() }
    #endif
}

#if SENDABLE_SDK
/// The newest SDKs mark the class Sendable (`NS_SWIFT_SENDABLE`): its `perform` methods may be
/// called from any thread.
extension NSManagedObjectContext: @unchecked Sendable {}
#endif

/// https://developer.apple.com/documentation/coredata/nsmergebypropertyobjecttrumpmergepolicy
public var NSMergeByPropertyObjectTrumpMergePolicy: Any { fatalError() }
