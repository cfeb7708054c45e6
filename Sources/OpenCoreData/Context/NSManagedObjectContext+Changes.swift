import Foundation

extension NSManagedObjectContext {
    /// Runs the delete rules of pending deletions, drops objects inserted and deleted before a save,
    /// and posts `didChangeObjectsNotification` when objects changed since the last one.
    public func processPendingChanges() {
        performAndWait {
            while let object = pendingDeletions.popLast() {
                propagateDeletion(of: object)
            }
            if hasUnprocessedDeletions {
                hasUnprocessedDeletions = false
                for object in changedObjects.elements where object.isInserted && object.isDeleted {
                    forget(object)
                }
            }
            postObjectsDidChange()
        }
    }

    /// Discards all unsaved changes: inserted objects leave the context (as faults that cannot be
    /// loaded), others get their saved values back. Posts `didChangeObjectsNotification` with what
    /// changed since the last one, the rollback included.
    public func rollback() {
        performAndWait {
            pendingDeletions.removeAll()
            for object in changedObjects.elements {
                // The next change notification reports what the rollback undid.
                changeJournal.note(object, object.isInserted ? .deleted : object.isDeleted ? .inserted : .refreshed)
                if object.isInserted {
                    forget(object)
                    object.isInserted = false
                    object.isDeleted = false
                    // As after reset(): its values would keep the objects it relates to, and them it, alive.
                    object.discardValues()
                } else {
                    object.revertChanges()
                }
            }
            changedObjects.removeAll()
            // Posted now, so the objects the rollback dropped are not kept for a later notification.
            postObjectsDidChange()
        }
    }

    /// Forgets every object: registered objects leave the context as faults that can no longer be
    /// loaded, unsaved changes are lost, and what the context held for them is freed.
    public func reset() {
        performAndWait {
            let objects = registeredObjectList
            detachRegisteredObjects()
            registry.removeAll()
            changedObjects.removeAll()
            pendingDeletions.removeAll()
            changeJournal.removeAll()
            postAllObjectsInvalidated(objects)
        }
    }

    /// Updates `object` from the layer below. Without `flag` its unsaved changes are discarded and it
    /// becomes a fault; with `flag` its changes are kept and reapplied over the fresh values.
    public func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        performAndWait {
            guard object.contextToken === token, !object.isInserted, !object.isFault else { return }
            changeJournal.note(object, .refreshed)
            if flag, object.hasChanges {
                let changed = object.changedSlots.slots.map { ($0, object.slots[$0]) }
                let wasDeleted = object.isDeleted
                guard let snapshot = (try? snapshot(for: object.objectID)) ?? nil else { return }
                apply(snapshot, to: object)
                object.committedSlots = object.copiedSlots()
                for (slot, value) in changed {
                    object.slots[slot] = value
                    object.changedSlots.insert(slot)
                }
                object.isDeleted = wasDeleted
            } else {
                changedObjects.remove(object)
                object.isDeleted = false
                object.turnIntoFault()
            }
        }
    }

    /// Refreshes every registered object, keeping unsaved changes.
    public func refreshAllObjects() {
        performAndWait {
            for object in registeredObjectList { refresh(object, mergeChanges: true) }
        }
    }

    /// Gives `objects` permanent IDs now instead of at save.
    public func obtainPermanentIDs(for objects: [NSManagedObject]) throws {
        try performAndWait {
            guard let coordinator = persistentStoreCoordinator else { throw CoreDataError.noContextForSave() }
            let temporary = objects.filter { $0.contextToken === token && $0.hasTemporaryObjectID }
            let byEntity = Dictionary(grouping: temporary) { ObjectIdentifier($0.entity) }
            var renamed: [NSManagedObject] = []
            var oldReferences: [NSManagedObjectID.Reference] = []
            renamed.reserveCapacity(temporary.count)
            oldReferences.reserveCapacity(temporary.count)
            // All new IDs first, so a failing store leaves every object as it was.
            let assignments = try byEntity.values.compactMap { group -> ([NSManagedObject], [NSManagedObjectID])? in
                guard let entity = group.first?.entity else { return nil }
                return (group, try coordinator.newObjectIDs(for: entity, count: group.count))
            }
            for (group, ids) in assignments {
                for (object, newID) in zip(group, ids) {
                    oldReferences.append(object.objectIDReference)
                    renamed.append(object)
                    object.objectID = newID
                }
            }
            registry.reregister(renamed, replacing: oldReferences)
            if let parent = parentContext {
                for (object, oldReference) in zip(renamed, oldReferences) {
                    parent.adoptPermanentID(object.objectID, replacing: NSManagedObjectID(entity: object.entity, reference: oldReference, store: nil))
                }
            }
        }
    }

    /// Re-keys an object this context registered under a temporary ID that a child made permanent.
    private func adoptPermanentID(_ newID: NSManagedObjectID, replacing oldID: NSManagedObjectID) {
        performAndWait {
            if let object = registered(oldID) {
                object.objectID = newID
                reregister(object, from: oldID)
            }
            parentContext?.adoptPermanentID(newID, replacing: oldID)
        }
    }

    // MARK: - Delete rules

    private func propagateDeletion(of object: NSManagedObject) {
        guard object.isDeleted, !object.deletionPropagated else { return }
        object.deletionPropagated = true
        object.prepareForDeletion()
        let layout = object.layout
        for slot in layout.relationshipSlots {
            guard let relationship = layout.properties[slot] as? NSRelationshipDescription else { continue }
            let destinations = object.relatedObjects(at: slot)
            switch relationship.deleteRule {
            case .nullifyDeleteRule:
                guard let inverse = layout.inverseSlots[slot] else { continue }
                for destination in destinations { destination.detachInverse(inverse, from: object) }
            case .cascadeDeleteRule:
                for destination in destinations where !destination.isDeleted { delete(destination) }
            case .denyDeleteRule, .noActionDeleteRule:
                continue
            }
        }
    }
}

extension NSManagedObject {
    /// The objects a relationship slot points to.
    func relatedObjects(at slot: Int) -> [NSManagedObject] {
        fireFaultIfNeeded()
        switch layout.kinds[slot] {
        case .toOne: return (slots[slot] as? NSManagedObject).map { [$0] } ?? []
        case .toMany: return toManyStorage(at: slot).objects.elements
        case .attribute: return []
        }
    }
}
