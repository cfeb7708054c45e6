import Foundation

/// A conflict found at save: an object changed in memory whose stored row was changed by another
/// context or coordinator since the object was loaded.
open class NSMergeConflict: NSObject {
    /// The object being saved.
    open private(set) var sourceObject: NSManagedObject
    /// The object's values in memory.
    open private(set) var objectSnapshot: [String: Any]?
    /// The values the object was loaded with.
    open private(set) var cachedSnapshot: [String: Any]?
    /// The values now stored; nil when the row was deleted.
    open private(set) var persistedSnapshot: [String: Any]?
    /// The row's current version.
    open private(set) var newVersionNumber: Int
    /// The row's version when the object was loaded.
    open private(set) var oldVersionNumber: Int

    /// Creates a conflict description.
    public init(source srcObject: NSManagedObject, newVersion newvers: Int, oldVersion oldvers: Int, cachedSnapshot cachesnap: [String: Any]?, persistedSnapshot persnap: [String: Any]?) {
        sourceObject = srcObject
        newVersionNumber = newvers
        oldVersionNumber = oldvers
        cachedSnapshot = cachesnap
        persistedSnapshot = persnap
        objectSnapshot = nil
        super.init()
    }
}
