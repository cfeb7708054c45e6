import Foundation

extension NSManagedObjectContext {
    /// Commits the unsaved changes: to the parent context if there is one, else to the store.
    ///
    /// `willSave()` runs on each changed object, then validation and uniqueness constraints are
    /// checked; a failure throws Core Data's `NSError` and leaves the changes in place.
    public func save() throws {
        try performAndWait {
            processPendingChanges()
            guard changedObjects.elements.contains(where: \.hasChanges) else {
                changedObjects.removeAll()
                return
            }
            NotificationCenter.default.post(name: Self.willSaveObjectsNotification, object: self)
            for object in changedObjects.elements where object.hasChanges { object.willSave() }
            processPendingChanges()
            try validatePendingChanges()
            let changes: PendingChanges
            if let parent = parentContext {
                changes = PendingChanges(changedObjects.elements)
                try push(changes, to: parent)
            } else {
                guard let coordinator = storeCoordinator else { throw CoreDataError.noContextForSave() }
                // Conflicts are looked for and the changes written under one coordinator lock, so no
                // other save on the coordinator lands in between.
                changes = try coordinator.withLock {
                    try resolveConstraintConflicts()
                    try resolveMergeConflicts()
                    let changes = PendingChanges(changedObjects.elements)
                    try write(changes, to: coordinator)
                    return changes
                }
            }
            finishSave(changes)
            announceSave(of: changes)
        }
    }

    /// The changed objects of a save, by kind.
    struct PendingChanges {
        var inserted: [NSManagedObject] = []
        var updated: [NSManagedObject] = []
        var deleted: [NSManagedObject] = []

        init(_ objects: [NSManagedObject]) {
            for object in objects {
                if object.isDeleted {
                    deleted.append(object)
                } else if object.isInserted {
                    inserted.append(object)
                } else if !object.changedSlots.isEmpty {
                    updated.append(object)
                }
            }
        }
    }

    private func write(_ changes: PendingChanges, to coordinator: NSPersistentStoreCoordinator) throws {
        try obtainPermanentIDs(for: changes.inserted)
        // Stores write an ordered relationship's positions from its loaded objects.
        for object in changes.updated {
            for slot in object.changedSlots.slots where object.pendingToManyChanges(at: slot) != nil {
                if case .toMany(ordered: true) = object.layout.kinds[slot] { _ = object.toManyStorage(at: slot) }
            }
        }
        var request = StoreSaveRequest()
        request.inserted = try changes.inserted.map { try StoreSaveRequest.Change($0) }
        request.updated = try changes.updated.compactMap { object in
            let slots = object.changedSlots.slots.filter { !object.layout.transientSlots[$0] }
            return slots.isEmpty ? nil : try StoreSaveRequest.Change(object, changedSlots: slots)
        }
        request.deleted = changes.deleted.map(\.objectID).filter { !$0.isTemporaryID }
        guard !request.isEmpty else { return }
        let version = try coordinator.save(request)
        for object in changes.inserted { object.rowVersion = version }
        for object in changes.updated { object.rowVersion = version }
    }

    /// Hands the changes to `parent`, which then holds them as its own unsaved changes.
    private func push(_ changes: PendingChanges, to parent: NSManagedObjectContext) throws {
        parent.performAndWait {
            for object in changes.inserted where parent.registered(object.objectID) == nil {
                let copy = ObjectMaterialization.makeFault(for: object.objectID)
                copy.slots = copy.layout.initialSlots()
                copy.isFault = false
                copy.isInserted = true
                copy.managedObjectContext = parent
                parent.registry.register(copy)
                parent.changedObjects.insert(copy)
                parent.changeJournal.note(copy, .inserted)
            }
            for object in changes.inserted + changes.updated {
                let target = parent.registeredOrFault(object.objectID)
                target.fireFaultIfNeeded()
                let slots = object.isInserted ? Array(object.slots.indices) : Array(object.changedSlots.slots)
                for slot in slots {
                    if let pending = object.pendingToManyChanges(at: slot) {
                        target.applyPendingChanges(pending, at: slot) { parent.registeredOrFault($0.objectID) }
                        continue
                    }
                    target.recordChange(slot)
                    target.slots[slot] = parent.translated(object.slots[slot])
                }
            }
            for object in changes.deleted {
                let target = parent.registeredOrFault(object.objectID)
                target.fireFaultIfNeeded()
                target.prepareForChange()
                target.isDeleted = true
                parent.hasUnprocessedDeletions = true
                target.deletionPropagated = true
                parent.changedObjects.insert(target)
                parent.changeJournal.note(target, .deleted)
            }
            parent.processPendingChanges()
        }
    }

    /// A child's slot value with its objects replaced by this context's instances.
    private func translated(_ value: Any?) -> Any? {
        switch value {
        case let object as NSManagedObject:
            return registeredOrFault(object.objectID)
        case let storage as ToManyStorage:
            return ToManyStorage(isOrdered: storage.isOrdered, objects: ObjectSet(storage.objects.elements.map { registeredOrFault($0.objectID) }))
        default:
            return value
        }
    }

    private func finishSave(_ changes: PendingChanges) {
        for object in changes.inserted { object.commitChanges() }
        // A child's new objects keep their temporary IDs after it saved into its parent, and leave its
        // changed objects, which listed them while untabled: they are tabled from now on.
        for object in changes.inserted where object.hasTemporaryObjectID { registry.register(object) }
        for object in changes.updated { object.commitChanges() }
        for object in changes.deleted {
            forget(object)
            object.isDeleted = false
            object.deletionPropagated = false
        }
        changedObjects.removeAll()
        for objects in [changes.inserted, changes.updated, changes.deleted] {
            for object in objects { object.didSave() }
        }
        postDidSave(inserted: changes.inserted, updated: changes.updated, deleted: changes.deleted)
        for object in changes.deleted { object.dropRelationships() }
    }

    /// Lets the contexts that merge changes automatically know what this save wrote: the other
    /// children of the parent, or the other contexts of the coordinator.
    private func announceSave(of changes: PendingChanges) {
        let saved = SavedChanges(
            inserted: changes.inserted.map(\.objectID),
            updated: changes.updated.map(\.objectID),
            deleted: changes.deleted.map(\.objectID)
        )
        let contexts = parentContext.map { parent in parent.performAndWait { parent.liveChildren } } ?? storeCoordinator?.registeredContexts ?? []
        for context in contexts where context !== self && context.automaticallyMergesChangesFromParent {
            context.perform { context.merge(saved) }
        }
    }
}
