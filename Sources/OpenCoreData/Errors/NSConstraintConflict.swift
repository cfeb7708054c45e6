import Foundation

/// A violation of a uniqueness constraint found at save: objects sharing the constrained values.
open class NSConstraintConflict: NSObject {
    /// The names of the constrained attributes.
    open private(set) var constraint: [String]
    /// The values the conflicting objects share, by attribute name.
    open private(set) var constraintValues: [String: Any]
    /// The saved object with those values, if the conflict is with the store.
    open private(set) var databaseObject: NSManagedObject?
    /// The stored values of `databaseObject`.
    open private(set) var databaseSnapshot: [String: Any]?
    /// The in-memory objects with those values.
    open private(set) var conflictingObjects: [NSManagedObject]
    /// The committed values of the conflicting objects.
    open private(set) var conflictingSnapshots: [Any]

    /// Creates a conflict description.
    public init(constraint contraint: [String], database databaseObject: NSManagedObject?, databaseSnapshot: [String: Any]?, conflicting conflictingObjects: [NSManagedObject], conflictingSnapshots: [Any]) {
        constraint = contraint
        self.databaseObject = databaseObject
        self.databaseSnapshot = databaseSnapshot
        self.conflictingObjects = conflictingObjects
        self.conflictingSnapshots = conflictingSnapshots
        var values: [String: Any] = [:]
        if let sample = conflictingObjects.first {
            for name in contraint { values[name] = sample.value(forKey: name) ?? NSNull() }
        }
        constraintValues = values
        super.init()
    }
}
