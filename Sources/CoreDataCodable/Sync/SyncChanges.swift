import Foundation

/// What one sync did to the synced entity's own objects (not the nested ones), in payload order.
///
/// `Sendable` as object IDs are: immutable, and meant to be handed between contexts and threads
/// (`@unchecked` because Apple's SDKs before the newest do not declare `NSManagedObjectID` `Sendable`).
public struct SyncChanges: @unchecked Sendable {
    /// The objects the sync inserted; their IDs are temporary until the context is saved.
    public var inserted: [NSManagedObjectID]
    /// The stored objects the payload named and the sync updated.
    public var updated: [NSManagedObjectID]
    /// The stored objects in scope that the payload did not name, which the sync deleted.
    public var deleted: [NSManagedObjectID]

    /// Changes listing `inserted`, `updated` and `deleted` objects.
    public init(inserted: [NSManagedObjectID] = [], updated: [NSManagedObjectID] = [], deleted: [NSManagedObjectID] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}
