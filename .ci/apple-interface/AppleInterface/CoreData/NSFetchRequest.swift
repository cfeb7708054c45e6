/// https://developer.apple.com/documentation/coredata/nspersistentstorerequest
@available(macOS 10.7, iOS 5.0, *)
open class NSPersistentStoreRequest: NSObject {}

/// https://developer.apple.com/documentation/coredata/nsfetchrequest
@available(macOS 10.4, iOS 3.0, *)
open class NSFetchRequest<ResultType: NSFetchRequestResult>: NSPersistentStoreRequest {
    /// https://developer.apple.com/documentation/coredata/nsfetchrequest/init(entityname:)
    @available(macOS 10.7, iOS 4.0, *)
    public convenience init(entityName: String) { fatalError() }
    /// https://developer.apple.com/documentation/coredata/nsfetchrequest/predicate
    open var predicate: NSPredicate? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsfetchrequest/sortdescriptors
    open var sortDescriptors: [NSSortDescriptor]? { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsfetchrequest/fetchlimit
    open var fetchLimit: Int { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsfetchrequest/returnsobjectsasfaults
    @available(macOS 10.5, iOS 3.0, *)
    open var returnsObjectsAsFaults: Bool { get { fatalError() } set { fatalError() } }
    /// https://developer.apple.com/documentation/coredata/nsfetchrequest/relationshipkeypathsforprefetching
    @available(macOS 10.5, iOS 3.0, *)
    open var relationshipKeyPathsForPrefetching: [String]? { get { fatalError() } set { fatalError() } }
}
