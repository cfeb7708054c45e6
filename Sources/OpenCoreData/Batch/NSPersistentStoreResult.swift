import Foundation

/// What executing a persistent store request returns; each kind of request has its subclass.
open class NSPersistentStoreResult: NSObject, @unchecked Sendable {}

/// What an `NSBatchDeleteRequest` returns, of the kind its `resultType` asked for.
open class NSBatchDeleteResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true` (status only), the number of deleted objects (`Int`) or their IDs (`[NSManagedObjectID]`).
    public let result: Any?
    /// The kind of value `result` holds: the request's `resultType`.
    public let resultType: NSBatchDeleteRequestResultType

    init(result: Any?, resultType: NSBatchDeleteRequestResultType) {
        self.result = result
        self.resultType = resultType
    }
}

/// What an `NSBatchUpdateRequest` returns, of the kind its `resultType` asked for.
open class NSBatchUpdateResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true` (status only), the number of updated objects (`Int`) or their IDs (`[NSManagedObjectID]`).
    public let result: Any?
    /// The kind of value `result` holds: the request's `resultType`.
    public let resultType: NSBatchUpdateRequestResultType

    init(result: Any?, resultType: NSBatchUpdateRequestResultType) {
        self.result = result
        self.resultType = resultType
    }
}

/// What an `NSBatchInsertRequest` returns, of the kind its `resultType` asked for.
open class NSBatchInsertResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true` (status only), the number of inserted or updated objects (`Int`) or their IDs (`[NSManagedObjectID]`).
    public let result: Any?
    /// The kind of value `result` holds: the request's `resultType`.
    public let resultType: NSBatchInsertRequestResultType

    init(result: Any?, resultType: NSBatchInsertRequestResultType) {
        self.result = result
        self.resultType = resultType
    }
}

/// The kinds of result of a batch delete request.
public enum NSBatchDeleteRequestResultType: UInt, Sendable {
    /// `true` when the request succeeded (the default).
    case resultTypeStatusOnly = 0
    /// The IDs of the deleted objects.
    case resultTypeObjectIDs = 1
    /// The number of deleted objects.
    case resultTypeCount = 2
}

/// The kinds of result of a batch update request.
public enum NSBatchUpdateRequestResultType: UInt, Sendable {
    /// `true` when the request succeeded (the default).
    case statusOnlyResultType = 0
    /// The IDs of the updated objects.
    case updatedObjectIDsResultType = 1
    /// The number of updated objects.
    case updatedObjectsCountResultType = 2
}

/// The kinds of result of a batch insert request.
public enum NSBatchInsertRequestResultType: UInt, Sendable {
    /// `true` when the request succeeded (the default).
    case statusOnly = 0
    /// The IDs of the inserted (or, with uniqueness constraints, updated) objects.
    case objectIDs = 1
    /// The number of inserted (or updated) objects.
    case count = 2
}

extension BatchOutcome {
    /// The result `kind` asks for: `true`, the count, or the object IDs (0, 2, 1 as Apple numbers them).
    func result(rawKind: UInt) -> Any? {
        switch rawKind {
        case 1: objectIDs
        case 2: count
        default: true
        }
    }
}
