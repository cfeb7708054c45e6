import Foundation

extension NSManagedObjectContext {
    /// Posted when the context's registered objects changed: by `processPendingChanges()`, which
    /// runs before each save and fetch, at the end of each `perform(_:)` block, and when changes are
    /// merged. The `userInfo` holds sets of objects under `NSInsertedObjectsKey`,
    /// `NSUpdatedObjectsKey`, `NSDeletedObjectsKey`, `NSRefreshedObjectsKey` and
    /// `NSInvalidatedObjectsKey`: what changed since the previous notification. It is not posted
    /// when nothing changed, nor when a fetch only adds objects. `reset()` posts it with the objects
    /// it forgets under `NSInvalidatedAllObjectsKey`.
    public static let didChangeObjectsNotification = Notification.Name.NSManagedObjectContextObjectsDidChange
    /// Posted at the start of a save (no `userInfo`).
    public static let willSaveObjectsNotification = Notification.Name.NSManagedObjectContextWillSave
    /// Posted after a save, with the saved objects under `NSInsertedObjectsKey`,
    /// `NSUpdatedObjectsKey` and `NSDeletedObjectsKey`.
    public static let didSaveObjectsNotification = Notification.Name.NSManagedObjectContextDidSave
    /// Posted after a save, with the saved objects' IDs under `NSInsertedObjectIDsKey`,
    /// `NSUpdatedObjectIDsKey` and `NSDeletedObjectIDsKey`. Its contents are safe to use on any thread.
    public static let didSaveObjectIDsNotification = Notification.Name.NSManagedObjectContextDidSaveObjectIDs

    /// The keys of the `userInfo` of the context's notifications.
    public enum NotificationKey: String, Sendable {
        /// The inserted objects.
        case insertedObjects = "inserted"
        /// The updated objects.
        case updatedObjects = "updated"
        /// The deleted objects.
        case deletedObjects = "deleted"
        /// The refreshed objects.
        case refreshedObjects = "refreshed"
        /// The invalidated objects.
        case invalidatedObjects = "invalidated"
        /// All objects of the context, invalidated by `reset()`.
        case invalidatedAllObjects = "invalidatedAll"
        /// The IDs of the inserted objects.
        case insertedObjectIDs = "inserted_objectIDs"
        /// The IDs of the updated objects.
        case updatedObjectIDs = "updated_objectIDs"
        /// The IDs of the deleted objects.
        case deletedObjectIDs = "deleted_objectIDs"
    }

    // MARK: - Posting

    /// Posts `didChangeObjectsNotification` with what changed since the last one, if anything did.
    func postObjectsDidChange() {
        guard !changeJournal.isEmpty else { return }
        let changes = changeJournal.take()
        guard !changes.isEmpty else { return }
        NotificationCenter.default.post(name: Self.didChangeObjectsNotification, object: self, userInfo: [
            NSInsertedObjectsKey: changes.inserted,
            NSUpdatedObjectsKey: changes.updated,
            NSDeletedObjectsKey: changes.deleted,
            NSRefreshedObjectsKey: changes.refreshed,
            NSInvalidatedObjectsKey: Set<NSManagedObject>(),
        ])
    }

    /// Posts `didChangeObjectsNotification` for a reset that forgot `objects`.
    func postAllObjectsInvalidated(_ objects: [NSManagedObject]) {
        guard !objects.isEmpty else { return }
        NotificationCenter.default.post(name: Self.didChangeObjectsNotification, object: self, userInfo: [NSInvalidatedAllObjectsKey: objects])
    }

    /// Posts the two did-save notifications of a completed save.
    func postDidSave(inserted: [NSManagedObject], updated: [NSManagedObject], deleted: [NSManagedObject]) {
        NotificationCenter.default.post(name: Self.didSaveObjectsNotification, object: self, userInfo: [
            NSInsertedObjectsKey: Set(inserted),
            NSUpdatedObjectsKey: Set(updated),
            NSDeletedObjectsKey: Set(deleted),
        ])
        NotificationCenter.default.post(name: Self.didSaveObjectIDsNotification, object: self, userInfo: [
            NSInsertedObjectIDsKey: Set(inserted.map(\.objectID)),
            NSUpdatedObjectIDsKey: Set(updated.map(\.objectID)),
            NSDeletedObjectIDsKey: Set(deleted.map(\.objectID)),
        ])
    }
}

/// The `userInfo` key of inserted objects in change and save notifications.
public let NSInsertedObjectsKey = NSManagedObjectContext.NotificationKey.insertedObjects.rawValue
/// The `userInfo` key of updated objects in change and save notifications.
public let NSUpdatedObjectsKey = NSManagedObjectContext.NotificationKey.updatedObjects.rawValue
/// The `userInfo` key of deleted objects in change and save notifications.
public let NSDeletedObjectsKey = NSManagedObjectContext.NotificationKey.deletedObjects.rawValue
/// The `userInfo` key of refreshed objects in change notifications.
public let NSRefreshedObjectsKey = NSManagedObjectContext.NotificationKey.refreshedObjects.rawValue
/// The `userInfo` key of invalidated objects in change notifications.
public let NSInvalidatedObjectsKey = NSManagedObjectContext.NotificationKey.invalidatedObjects.rawValue
/// The `userInfo` key of the change notification `reset()` posts: an array of the objects it forgot.
public let NSInvalidatedAllObjectsKey = NSManagedObjectContext.NotificationKey.invalidatedAllObjects.rawValue
/// The `userInfo` key of the inserted objects' IDs in `didSaveObjectIDsNotification`.
public let NSInsertedObjectIDsKey = NSManagedObjectContext.NotificationKey.insertedObjectIDs.rawValue
/// The `userInfo` key of the updated objects' IDs in `didSaveObjectIDsNotification`.
public let NSUpdatedObjectIDsKey = NSManagedObjectContext.NotificationKey.updatedObjectIDs.rawValue
/// The `userInfo` key of the deleted objects' IDs in `didSaveObjectIDsNotification`.
public let NSDeletedObjectIDsKey = NSManagedObjectContext.NotificationKey.deletedObjectIDs.rawValue

extension Notification.Name {
    /// Posted by a context when its registered objects changed (see `NSManagedObjectContext.didChangeObjectsNotification`).
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name("NSObjectsChangedInManagingContextNotification")
    /// Posted by a context before it saves.
    public static let NSManagedObjectContextWillSave = Notification.Name("NSManagingContextWillSaveChangesNotification")
    /// Posted by a context after it saved, with the saved objects under `NSInsertedObjectsKey`,
    /// `NSUpdatedObjectsKey` and `NSDeletedObjectsKey`.
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagingContextDidSaveChangesNotification")
    /// Posted by a context after it saved, with the saved objects' IDs under `NSInsertedObjectIDsKey`,
    /// `NSUpdatedObjectIDsKey` and `NSDeletedObjectIDsKey`.
    public static let NSManagedObjectContextDidSaveObjectIDs = Notification.Name("NSManagedObjectContextDidSaveObjectIDsNotification")
}
