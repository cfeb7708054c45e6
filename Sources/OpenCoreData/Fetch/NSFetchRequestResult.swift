import Foundation

/// A type a fetch request can return: managed objects, object IDs, dictionaries or counts.
public protocol NSFetchRequestResult: NSObjectProtocol {}

extension NSManagedObject: NSFetchRequestResult {}
extension NSManagedObjectID: NSFetchRequestResult {}
extension NSDictionary: NSFetchRequestResult {}
extension NSNumber: NSFetchRequestResult {}

/// What a fetch request returns.
public struct NSFetchRequestResultType: OptionSet, Sendable {
    public let rawValue: UInt

    /// Creates a result type from its raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Managed objects (the default).
    public static let managedObjectResultType = NSFetchRequestResultType([])
    /// Object IDs.
    public static let managedObjectIDResultType = NSFetchRequestResultType(rawValue: 1 << 0)
    /// Dictionaries of property values.
    public static let dictionaryResultType = NSFetchRequestResultType(rawValue: 1 << 1)
    /// One `NSNumber` holding the number of matching objects.
    public static let countResultType = NSFetchRequestResultType(rawValue: 1 << 2)
}

/// The kinds of request a store executes.
public enum NSPersistentStoreRequestType: UInt, Sendable {
    /// A fetch request.
    case fetchRequestType = 1
    /// A save request.
    case saveRequestType = 2
    /// A batch update request.
    case batchUpdateRequestType = 6
    /// A batch delete request.
    case batchDeleteRequestType = 7
    /// A batch insert request.
    case batchInsertRequestType = 5
}

/// A request to a persistent store.
open class NSPersistentStoreRequest: NSObject, @unchecked Sendable {
    /// The stores the request applies to; nil for all.
    open var affectedStores: [NSPersistentStore]?
    /// The request's type.
    open var requestType: NSPersistentStoreRequestType { .fetchRequestType }
}
