import Foundation

extension NSManagedObjectContext {
    /// Finds updated objects whose rows were saved by someone else since they were loaded, and lets
    /// the merge policy resolve them (the error policy throws `NSManagedObjectMergeError`).
    func resolveMergeConflicts() throws {
        guard let coordinator = storeCoordinator else { return }
        let candidates = changedObjects.elements.filter { $0.isUpdated && !$0.hasTemporaryObjectID }
        guard !candidates.isEmpty else { return }
        let versions = try coordinator.rowVersions(of: candidates.map(\.objectID))
        var conflicts: [NSMergeConflict] = []
        for (object, version) in zip(candidates, versions) where version.map({ $0 > object.rowVersion }) ?? true {
            conflicts.append(NSMergeConflict(
                source: object,
                newVersion: Int(version ?? 0),
                oldVersion: Int(object.rowVersion),
                cachedSnapshot: object.committedValues(forKeys: nil),
                persistedSnapshot: nil
            ))
        }
        guard !conflicts.isEmpty else { return }
        let policy = (mergePolicy as? NSMergePolicy) ?? .error
        try policy.resolve(mergeConflicts: conflicts)
    }
}

/// How the merging policies resolve a conflict with a row changed elsewhere.
enum MergeResolution {
    static func resolve(_ conflict: NSMergeConflict, policy: NSMergePolicyType) {
        let object = conflict.sourceObject
        guard let context = object.managedObjectContext else { return }
        guard let stored = (try? context.snapshot(for: object.objectID)) ?? nil else {
            // The row was deleted elsewhere: the change has nothing left to update.
            object.revertChanges()
            context.forget(object)
            return
        }
        let committed = object.committedSlots ?? object.slots
        let changed = Set(object.changedSlots.slots)
        let keep: Set<Int>
        switch policy {
        case .mergeByPropertyObjectTrumpMergePolicyType, .errorMergePolicyType:
            keep = changed
        case .mergeByPropertyStoreTrumpMergePolicyType:
            // An unordered to-many relationship merges both saves' additions and removals whatever the
            // policy: the objects on its other side keep pointing at this one.
            keep = changed.filter { slot in
                if case .toMany(ordered: false) = object.layout.kinds[slot] { return true }
                return !context.storedValue(stored.values[slot], differsFrom: committed[slot], kind: object.layout.kinds[slot])
            }
        case .overwriteMergePolicyType:
            let loadedRelationships = object.layout.relationshipSlots.filter { object.slots[$0] != nil }
            keep = changed.union(object.layout.persistentAttributeSlots).union(loadedRelationships)
        case .rollbackMergePolicyType:
            keep = []
        }
        let current = object.slots
        context.apply(stored, to: object)
        object.committedSlots = object.copiedSlots()
        for slot in keep.sorted() {
            object.slots[slot] = Self.kept(current[slot], committed: committed[slot])
            object.changedSlots.insert(slot)
        }
        if object.changedSlots.isEmpty { object.committedSlots = nil }
    }

    /// The value an object keeps over the stored one. An unordered to-many relationship keeps the
    /// objects it added and removed, as pending changes over the stored objects, rather than its
    /// whole set, which would drop the objects the other save added.
    private static func kept(_ current: Any?, committed: Any?) -> Any? {
        guard let storage = current as? ToManyStorage, !storage.isOrdered, let before = committed as? ToManyStorage else { return current }
        return PendingToManyChanges(from: before.objects, to: storage.objects)
    }
}

extension NSManagedObjectContext {
    /// Whether a stored value differs from the value an object was loaded with (relationships by object ID).
    func storedValue(_ stored: Any?, differsFrom committed: Any?, kind: EntityLayout.SlotKind) -> Bool {
        switch kind {
        case .attribute:
            return !storedValuesEqual(stored, committed)
        case .toOne:
            return (stored as? NSManagedObjectID) != (committed as? NSManagedObject)?.objectID
        case .toMany:
            guard let ids = stored as? [NSManagedObjectID], let storage = committed as? ToManyStorage else { return false }
            return Set(ids) != Set(storage.objects.elements.map(\.objectID))
        }
    }
}
