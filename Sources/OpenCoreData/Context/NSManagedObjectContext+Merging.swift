import Foundation

extension NSManagedObjectContext {
    /// Merges the changes another context saved, as its `didSaveObjectsNotification` or
    /// `didSaveObjectIDsNotification` describes them.
    ///
    /// Updated objects registered here with their values loaded are refreshed (keeping their
    /// unsaved changes), inserted objects are registered as faults, and deleted objects without
    /// unsaved changes leave the context. The context then posts `didChangeObjectsNotification`
    /// with the inserted, refreshed and deleted objects.
    public func mergeChanges(fromContextDidSave notification: Notification) {
        let info = notification.userInfo ?? [:]
        let coordinator = persistentStoreCoordinator
        let changes = SavedChanges(
            inserted: SavedChanges.objectIDs(in: info[NSInsertedObjectsKey], coordinator) + SavedChanges.objectIDs(in: info[NSInsertedObjectIDsKey], coordinator),
            updated: SavedChanges.objectIDs(in: info[NSUpdatedObjectsKey], coordinator) + SavedChanges.objectIDs(in: info[NSUpdatedObjectIDsKey], coordinator),
            deleted: SavedChanges.objectIDs(in: info[NSDeletedObjectsKey], coordinator) + SavedChanges.objectIDs(in: info[NSDeletedObjectIDsKey], coordinator)
        )
        merge(changes)
    }

    /// Merges changes saved by another process, or kept in a serialized form, into `contexts`.
    ///
    /// `changeNotificationData` holds, under `NSInsertedObjectsKey`, `NSUpdatedObjectsKey` and
    /// `NSDeletedObjectsKey`, arrays (or sets) of object IDs or of their `uriRepresentation()`s.
    /// Each context merges them as `mergeChanges(fromContextDidSave:)` does; URIs that name no
    /// object of a context's stores are skipped.
    public class func mergeChanges(fromRemoteContextSave changeNotificationData: [AnyHashable: Any], into contexts: [NSManagedObjectContext]) {
        for context in contexts {
            let coordinator = context.persistentStoreCoordinator
            context.merge(SavedChanges(
                inserted: SavedChanges.objectIDs(in: changeNotificationData[NSInsertedObjectsKey], coordinator),
                updated: SavedChanges.objectIDs(in: changeNotificationData[NSUpdatedObjectsKey], coordinator),
                deleted: SavedChanges.objectIDs(in: changeNotificationData[NSDeletedObjectsKey], coordinator)
            ))
        }
    }

    /// Applies what another context saved, then posts the change notification.
    func merge(_ changes: SavedChanges) {
        performAndWait {
            for objectID in changes.inserted where registered(objectID) == nil {
                // A temporary ID names a saved object only to the contexts below the one that holds it.
                guard !objectID.isTemporaryID || parentContext != nil else { continue }
                changeJournal.note(registeredOrFault(objectID), .inserted)
            }
            for objectID in changes.updated {
                if let object = registered(objectID), !object.isFault { refresh(object, mergeChanges: true) }
            }
            for objectID in changes.deleted {
                guard let object = registered(objectID), !object.hasChanges else { continue }
                forget(object)
                changeJournal.note(object, .deleted)
            }
            processPendingChanges()
        }
    }
}

/// The object IDs a save inserted, updated and deleted.
struct SavedChanges {
    var inserted: [NSManagedObjectID]
    var updated: [NSManagedObjectID]
    var deleted: [NSManagedObjectID]

    /// The object IDs a notification's value holds: a set or array of objects, object IDs or their
    /// URIs (resolved by `coordinator`).
    static func objectIDs(in value: Any?, _ coordinator: NSPersistentStoreCoordinator?) -> [NSManagedObjectID] {
        let elements: [Any]
        switch value {
        case let array as [Any]: elements = array
        case let set as Set<AnyHashable>: elements = set.map(\.base)
        case let set as NSSet: elements = set.allObjects
        case let array as NSArray: elements = array.map { $0 }
        default: return []
        }
        return elements.compactMap { element in
            switch element {
            case let object as NSManagedObject: object.objectID
            case let objectID as NSManagedObjectID: objectID
            case let url as URL: coordinator?.managedObjectID(forURIRepresentation: url)
            case let url as NSURL: (url as URL?).flatMap { coordinator?.managedObjectID(forURIRepresentation: $0) }
            default: nil
            }
        }
    }
}
