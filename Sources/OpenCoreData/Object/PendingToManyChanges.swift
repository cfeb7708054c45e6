import Foundation

/// Changes to a to-many relationship that has not been loaded: the objects added to it and removed from
/// it since it was last saved, kept in its slot instead of the loaded objects.
///
/// Relating objects changes the inverse of the relationship set: `person.country = spain` adds the
/// person to `spain.people`. Loading that set first would read every person of Spain to add one, and
/// keep them all registered; Core Data does not, and neither does OpenCoreData. Reading the
/// relationship merges these changes with the stored objects (``merged(into:)``), and a save writes
/// them (`StoreSaveRequest.Change.relatedObjectIDs(at:)`).
final class PendingToManyChanges {
    /// Objects added, in the order they were added.
    private(set) var additions = ObjectSet<NSManagedObject>()
    /// Objects removed; an object removed and added again is in both, and ends up last in an ordered relationship.
    private(set) var removals = ObjectSet<NSManagedObject>()

    /// No changes yet.
    init() {}

    /// The changes that turn the objects `before` into the objects `after`, order aside.
    init(from before: ObjectSet<NSManagedObject>, to after: ObjectSet<NSManagedObject>) {
        for object in before.elements where !after.contains(object) { _ = removals.insert(object) }
        for object in after.elements where !before.contains(object) { _ = additions.insert(object) }
    }

    /// Records that `object` joined the relationship.
    func add(_ object: NSManagedObject) {
        _ = additions.insert(object)
    }

    /// Records that `object` left the relationship.
    func remove(_ object: NSManagedObject) {
        _ = additions.remove(object, keepsOrder: true)
        _ = removals.insert(object)
    }

    /// Applies the changes to `storage`, the relationship's objects as loaded: removals first, then
    /// additions at the end.
    func merged(into storage: ToManyStorage) -> ToManyStorage {
        for object in removals.elements {
            _ = storage.objects.remove(object, keepsOrder: storage.isOrdered)
        }
        for object in additions.elements {
            _ = storage.objects.insert(object)
        }
        return storage
    }

    /// Applies the changes to stored destination IDs, as `merged(into:)` does to objects.
    func merged(into ids: [NSManagedObjectID]) -> [NSManagedObjectID] {
        let removed = Set(removals.elements.map(\.objectID))
        var result = ids.filter { !removed.contains($0) }
        var present = Set(result)
        for object in additions.elements where present.insert(object.objectID).inserted {
            result.append(object.objectID)
        }
        return result
    }

    /// Whether the changes add or remove nothing.
    var isEmpty: Bool { additions.isEmpty && removals.isEmpty }
}
