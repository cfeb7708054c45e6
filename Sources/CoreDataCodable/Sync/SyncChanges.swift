import Foundation

/// What one sync did to the synced entity's own objects (not the nested ones), in payload order.
public struct SyncChanges: Sendable {
    /// The objects the sync inserted; their IDs are temporary until the context is saved.
    public var inserted: [NSManagedObjectID]
    /// The stored objects the payload named and the sync updated.
    public var updated: [NSManagedObjectID]
    /// The stored objects in scope that the payload did not name, which the sync deleted.
    public var deleted: [NSManagedObjectID]
    /// The positions in the payload of the elements left out for having no primary key (missing or
    /// `null`), in ascending order.
    public var skipped: [Int]

    /// Changes listing `inserted`, `updated`, `deleted` and `skipped` objects.
    public init(
        inserted: [NSManagedObjectID] = [], updated: [NSManagedObjectID] = [], deleted: [NSManagedObjectID] = [], skipped: [Int] = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.skipped = skipped
    }
}
