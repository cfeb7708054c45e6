import Foundation

/// The standard ways of resolving conflicts at save.
public enum NSMergePolicyType: UInt, Sendable {
    /// Fail the save.
    case errorMergePolicyType = 0
    /// Merge by property; the store's values win.
    case mergeByPropertyStoreTrumpMergePolicyType = 1
    /// Merge by property; the in-memory values win.
    case mergeByPropertyObjectTrumpMergePolicyType = 2
    /// The in-memory object replaces the stored one entirely.
    case overwriteMergePolicyType = 3
    /// The in-memory changes are discarded.
    case rollbackMergePolicyType = 4
}

/// A policy that resolves conflicts between in-memory objects and the store at save.
///
/// For uniqueness-constraint conflicts with a row already in the store, the merging policies make the
/// in-memory object take over that row (it keeps being the object you hold, with the row's object ID),
/// so saving an object whose constrained values already exist updates the row instead of duplicating it.
open class NSMergePolicy: NSObject, @unchecked Sendable {
    /// The policy's type.
    public let mergeType: NSMergePolicyType

    /// Creates a policy of type `ty`.
    public init(merge ty: NSMergePolicyType) {
        mergeType = ty
        super.init()
    }

    /// Fails saves that have conflicts (the default).
    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    /// Merges by property; the store's values win.
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    /// Merges by property; the in-memory values win.
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    /// The in-memory objects overwrite the stored ones.
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    /// The in-memory changes are discarded.
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)

    /// Resolves uniqueness-constraint conflicts; the error policy throws `NSManagedObjectConstraintMergeError`.
    open func resolve(constraintConflicts list: [NSConstraintConflict]) throws {
        guard mergeType != .errorMergePolicyType else {
            throw CoreDataError.make(
                NSManagedObjectConstraintMergeError,
                "Constraint unique violation: \(list.map { "\($0.constraint) = \($0.constraintValues)" }.joined(separator: ", "))",
                [NSPersistentStoreSaveConflictsErrorKey: list]
            )
        }
        for conflict in list { ConstraintResolution.resolve(conflict, policy: mergeType) }
    }

    /// Resolves conflicts between objects being saved and rows changed elsewhere since they were loaded;
    /// the error policy throws `NSManagedObjectMergeError` with the conflicts under
    /// `NSPersistentStoreSaveConflictsErrorKey`.
    open func resolve(mergeConflicts list: [Any]) throws {
        let conflicts = list.compactMap { $0 as? NSMergeConflict }
        guard mergeType != .errorMergePolicyType else {
            throw CoreDataError.make(
                NSManagedObjectMergeError,
                "Could not merge changes: \(conflicts.count) object(s) were changed in the store since they were loaded.",
                [NSPersistentStoreSaveConflictsErrorKey: conflicts]
            )
        }
        for conflict in conflicts { MergeResolution.resolve(conflict, policy: mergeType) }
    }
}

/// The default merge policy: saves with conflicts fail.
public let NSErrorMergePolicy = NSMergePolicy.error
/// Merges by property; the store's values win.
public let NSMergeByPropertyStoreTrumpMergePolicy = NSMergePolicy.mergeByPropertyStoreTrump
/// Merges by property; the in-memory values win.
public let NSMergeByPropertyObjectTrumpMergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
/// The in-memory objects overwrite the stored ones.
public let NSOverwriteMergePolicy = NSMergePolicy.overwrite
/// The in-memory changes are discarded.
public let NSRollbackMergePolicy = NSMergePolicy.rollback
