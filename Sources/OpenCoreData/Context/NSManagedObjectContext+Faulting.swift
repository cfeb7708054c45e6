import Foundation

/// Loading object values: from the parent context or the store, on first use of a fault.
extension NSManagedObjectContext {
    /// The values of `objectID` as the layer below this context sees them, or nil when no object exists.
    func snapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        if let parent = parentContext {
            return try parent.performAndWait { try parent.currentSnapshot(for: objectID) }
        }
        guard !objectID.isTemporaryID, let coordinator = storeCoordinator else { return nil }
        return try coordinator.snapshot(for: objectID)
    }

    /// The values a child context sees for `objectID`: this context's object, changes included, or the layer below.
    func currentSnapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        guard let object = registered(objectID), !object.isFault else { return try snapshot(for: objectID) }
        return object.isDeleted ? nil : object.snapshot(includingTransient: true)
    }

    /// Fills `object` from `snapshot`, registering destination objects (as faults where new).
    func apply(_ snapshot: ObjectSnapshot, to object: NSManagedObject) {
        let layout = object.layout
        // Attribute values as they are (sharing the snapshot's storage until a relationship is set),
        // relationships as objects.
        var slots = snapshot.values
        if slots.count != layout.kinds.count {
            slots = layout.kinds.indices.map { $0 < snapshot.values.count ? snapshot.values[$0] : nil }
        }
        for slot in layout.relationshipSlots {
            let value = slots[slot]
            switch layout.kinds[slot] {
            case .attribute:
                continue
            case .toOne:
                slots[slot] = (value as? NSManagedObjectID).map(registeredOrFault)
            case .toMany(let ordered):
                slots[slot] = snapshot.holdsToMany ? (value as? [NSManagedObjectID]).map {
                    ToManyStorage(isOrdered: ordered, objects: ObjectSet($0.map(registeredOrFault)))
                } : nil
            }
        }
        object.slots = slots
        object.committedSlots = nil
        object.changedSlots.removeAll()
        object.rowVersion = snapshot.version
        object.isFault = false
        object.awakeFromFetch()
    }

    /// The registered object for `objectID`, or a new registered fault.
    func registeredOrFault(_ objectID: NSManagedObjectID) -> NSManagedObject {
        if let object = registered(objectID) { return object }
        let object = ObjectMaterialization.makeFault(for: objectID)
        object.managedObjectContext = self
        registry.register(object)
        return object
    }

    /// Loads the values of the fault `object`; a fault whose row is gone gets empty values.
    func fulfillFault(of object: NSManagedObject) {
        performAndWait {
            guard object.isFault else { return }
            if let snapshot = (try? snapshot(for: object.objectID)) ?? nil {
                apply(snapshot, to: object)
            } else {
                object.slots = object.layout.initialSlots()
                object.isFault = false
            }
        }
    }

    /// The objects of a to-many relationship whose store loads it lazily.
    func loadToMany(of object: NSManagedObject, slot: Int) -> ToManyStorage {
        performAndWait {
            let ids: [NSManagedObjectID]
            if let parent = parentContext {
                ids = parent.performAndWait { parent.currentToManyIDs(of: object.objectID, slot: slot) }
            } else if let coordinator = storeCoordinator, !object.hasTemporaryObjectID {
                ids = (try? coordinator.relatedObjectIDs(of: object.objectID, slot: slot)) ?? []
            } else {
                ids = []
            }
            let ordered = if case .toMany(let ordered) = object.layout.kinds[slot] { ordered } else { false }
            return toManyStorage(of: ids, isOrdered: ordered)
        }
    }

    /// The loaded storage of a to-many relationship holding the objects of `ids`, registered in this context.
    func toManyStorage(of ids: [NSManagedObjectID], isOrdered: Bool) -> ToManyStorage {
        ToManyStorage(isOrdered: isOrdered, objects: ObjectSet(ids.map(registeredOrFault)))
    }

    /// The destination IDs of a to-many relationship as this context sees them.
    func currentToManyIDs(of objectID: NSManagedObjectID, slot: Int) -> [NSManagedObjectID] {
        let object = registeredOrFault(objectID)
        object.fireFaultIfNeeded()
        return object.toManyStorage(at: slot).objects.elements.map(\.objectID)
    }
}

extension NSManagedObject {
    /// The object's values in store form: relationships as object IDs, to-many ones not loaded as nil.
    func snapshot(includingTransient: Bool) -> ObjectSnapshot {
        ObjectSnapshot(values: slots.indices.map { snapshotValue(at: $0, includingTransient: includingTransient) }, version: rowVersion)
    }

    /// The value of one slot in store form.
    func snapshotValue(at slot: Int, includingTransient: Bool) -> Any? {
        switch layout.kinds[slot] {
        case .attribute:
            includingTransient || !layout.transientSlots[slot] ? slots[slot] : nil
        case .toOne:
            (slots[slot] as? NSManagedObject)?.objectID
        case .toMany:
            (slots[slot] as? ToManyStorage)?.objects.elements.map(\.objectID)
        }
    }
}
