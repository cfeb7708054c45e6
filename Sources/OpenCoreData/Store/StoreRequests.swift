import Foundation

/// What a fetch asks a store for.
struct FetchPlan {
    /// The entities whose objects qualify (the requested entity and, usually, its subentities).
    let entities: [NSEntityDescription]
    let predicate: NSPredicate?
    let sortDescriptors: [NSSortDescriptor]
    let offset: Int
    /// The maximum number of results; 0 for no limit.
    let limit: Int
    /// Whether registered objects take the values of the rows fetched again.
    var refreshesRegisteredObjects = false

    /// The same plan without sorting, offset and limit (when pending changes must be merged first).
    var unbounded: FetchPlan {
        var plan = FetchPlan(entities: entities, predicate: predicate, sortDescriptors: [], offset: 0, limit: 0)
        plan.refreshesRegisteredObjects = refreshesRegisteredObjects
        return plan
    }
}

/// The values of one object as a store (or a parent context) hands them to a context.
///
/// Values are by slot of the entity's layout: attributes in canonical form, to-one relationships as
/// `NSManagedObjectID?`, to-many relationships as `[NSManagedObjectID]`, or nil when the store loads
/// them lazily (see `NSManagedObjectContext.loadToMany(of:slot:)`).
struct ObjectSnapshot {
    var values: [Any?]
    /// The store's version of the row, to notice rows that changed since an object loaded them.
    var version: Int64
}

/// A row a store found: its object ID and values.
struct StoredRow {
    let objectID: NSManagedObjectID
    let snapshot: ObjectSnapshot
}

/// The changes one save writes to a store, applied all or nothing.
struct StoreSaveRequest {
    /// One changed object: all its values (as in `ObjectSnapshot`) and which slots changed.
    struct Change {
        let objectID: NSManagedObjectID
        let values: [Any?]
        let changedSlots: [Int]
    }

    var inserted: [Change] = []
    var updated: [Change] = []
    var deleted: [NSManagedObjectID] = []

    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
