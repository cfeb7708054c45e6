import Foundation

extension NSManagedObject {
    /// The object IDs of the destination objects of the relationship `key`, loading them if needed.
    public func objectIDs(forRelationshipNamed key: String) -> [NSManagedObjectID] {
        let slot = layout.slot(forKey: key)
        return relatedObjects(at: slot).map(\.objectID)
    }

    /// Whether the relationship `key` has not been loaded yet.
    public func hasFault(forRelationshipNamed key: String) -> Bool {
        let slot = layout.slot(forKey: key)
        guard !isFault else { return true }
        switch layout.kinds[slot] {
        case .toMany: return !(slots[slot] is ToManyStorage)
        case .toOne, .attribute: return false
        }
    }
}

/// Relationship mutations that keep both sides of every relationship in step.
extension NSManagedObject {
    /// The loaded objects of the to-many relationship at `slot`, loading them (and merging the changes
    /// made while it was not loaded) on first use.
    func toManyStorage(at slot: Int) -> ToManyStorage {
        fireFaultIfNeeded()
        if let storage = slots[slot] as? ToManyStorage { return storage }
        var storage = managedObjectContext?.loadToMany(of: self, slot: slot) ?? ToManyStorage(isOrdered: isOrderedSlot(slot))
        if let pending = slots[slot] as? PendingToManyChanges { storage = pending.merged(into: storage) }
        slots[slot] = storage
        return storage
    }

    /// Applies `pending`, a child context's changes to the relationship at `slot`, with each object
    /// replaced by `counterpart(object)`: to the loaded objects, or to this object's own pending changes.
    func applyPendingChanges(_ pending: PendingToManyChanges, at slot: Int, counterpart: (NSManagedObject) -> NSManagedObject) {
        recordChange(slot)
        if !(slots[slot] is ToManyStorage), let own = pendingChanges(at: slot) {
            for object in pending.removals.elements { own.remove(counterpart(object)) }
            for object in pending.additions.elements { own.add(counterpart(object)) }
            return
        }
        let storage = toManyStorage(at: slot)
        for object in pending.removals.elements { _ = storage.objects.remove(counterpart(object), keepsOrder: storage.isOrdered) }
        for object in pending.additions.elements { _ = storage.objects.insert(counterpart(object)) }
    }

    /// The changes kept for the to-many relationship at `slot` while it is not loaded; nil for any
    /// other slot. The slot's kind is asked first: a failing cast of an attribute's value to a class
    /// costs a conformance lookup (3.6% of the instructions of a first save of 5,000 people).
    func pendingToManyChanges(at slot: Int) -> PendingToManyChanges? {
        guard case .toMany = layout.kinds[slot] else { return nil }
        return slots[slot] as? PendingToManyChanges
    }

    /// The changes kept for the to-many relationship at `slot`, when it is not loaded and can stay so:
    /// the object is saved, so the store (or a parent context) holds the rest of the relationship.
    private func pendingChanges(at slot: Int) -> PendingToManyChanges? {
        if let pending = slots[slot] as? PendingToManyChanges { return pending }
        guard slots[slot] == nil, !isInserted, !hasTemporaryObjectID, managedObjectContext != nil else { return nil }
        let pending = PendingToManyChanges()
        slots[slot] = pending
        return pending
    }

    private func isOrderedSlot(_ slot: Int) -> Bool {
        if case .toMany(let ordered) = layout.kinds[slot] { return ordered }
        return false
    }

    /// Sets a to-one relationship and its inverse.
    func setToOne(_ slot: Int, _ newValue: NSManagedObject?) {
        let old = slots[slot] as? NSManagedObject
        guard old !== newValue else { return }
        recordChange(slot)
        slots[slot] = newValue
        guard let inverse = layout.inverseSlots[slot] else { return }
        old?.detachInverse(inverse, from: self)
        newValue?.attachInverse(inverse, to: self)
    }

    /// Adds `object` to a to-many relationship and updates the inverse.
    func addToMany(_ slot: Int, _ object: NSManagedObject) {
        add(object, to: toManyStorage(at: slot), slot: slot)
    }

    /// Adds `object` to `storage`, the loaded to-many relationship at `slot`, and updates the inverse.
    private func add(_ object: NSManagedObject, to storage: ToManyStorage, slot: Int) {
        guard insert(object, into: storage, slot: slot) else { return }
        if let inverse = layout.inverseSlots[slot] { object.attachInverse(inverse, to: self) }
    }

    /// Inserts `object` into `storage`, the to-many relationship at `slot`, recording the change; false
    /// when it was there already. Objects with committed values to keep (see `prepareForChange()`) are
    /// looked up first; others insert in one lookup.
    private func insert(_ object: NSManagedObject, into storage: ToManyStorage, slot: Int) -> Bool {
        if committedSlots == nil, !isInserted {
            guard !storage.objects.contains(object) else { return false }
            recordChange(slot)
            storage.objects.insert(object)
            return true
        }
        guard storage.objects.insert(object) else { return false }
        markChanged(slot)
        return true
    }

    /// Removes `object` from a to-many relationship and updates the inverse.
    func removeFromToMany(_ slot: Int, _ object: NSManagedObject) {
        let storage = toManyStorage(at: slot)
        guard storage.objects.contains(object) else { return }
        recordChange(slot)
        storage.objects.remove(object, keepsOrder: storage.isOrdered)
        if let inverse = layout.inverseSlots[slot] { object.detachInverse(inverse, from: self) }
    }

    /// Replaces the objects of a to-many relationship, in the given order for an ordered one.
    func replaceToMany(_ slot: Int, _ objects: [NSManagedObject]) {
        let storage = toManyStorage(at: slot)
        if storage.objects.isEmpty {
            // The usual case of a new object: nothing to remove, and adding in order gives the order asked for.
            for object in objects { add(object, to: storage, slot: slot) }
            return
        }
        let replacement = ObjectSet(objects)
        for old in storage.objects.elements where !replacement.contains(old) {
            removeFromToMany(slot, old)
        }
        for object in replacement.elements { addToMany(slot, object) }
        if storage.isOrdered, storage.objects.elements.map(ObjectIdentifier.init) != replacement.elements.map(ObjectIdentifier.init) {
            recordChange(slot)
            storage.objects = replacement
        }
    }

    /// Makes the inverse slot of this object stop pointing at `owner`.
    func detachInverse(_ slot: Int, from owner: NSManagedObject) {
        fireFaultIfNeeded()
        switch layout.kinds[slot] {
        case .toOne:
            guard slots[slot] as? NSManagedObject === owner else { return }
            recordChange(slot)
            slots[slot] = nil
        case .toMany:
            if !(slots[slot] is ToManyStorage), let pending = pendingChanges(at: slot) {
                recordChange(slot)
                pending.remove(owner)
                return
            }
            let storage = toManyStorage(at: slot)
            guard storage.objects.contains(owner) else { return }
            recordChange(slot)
            storage.objects.remove(owner, keepsOrder: storage.isOrdered)
        case .attribute:
            break
        }
    }

    /// Makes the inverse slot of this object point at `owner`, detaching a previous owner of a to-one.
    func attachInverse(_ slot: Int, to owner: NSManagedObject) {
        fireFaultIfNeeded()
        switch layout.kinds[slot] {
        case .toOne:
            let previous = slots[slot] as? NSManagedObject
            guard previous !== owner else { return }
            recordChange(slot)
            slots[slot] = owner
            if let previous, let forward = layout.inverseSlots[slot] { previous.detachInverse(forward, from: self) }
        case .toMany:
            if !(slots[slot] is ToManyStorage), let pending = pendingChanges(at: slot) {
                recordChange(slot)
                pending.add(owner)
                return
            }
            _ = insert(owner, into: toManyStorage(at: slot), slot: slot)
        case .attribute:
            break
        }
    }
}
