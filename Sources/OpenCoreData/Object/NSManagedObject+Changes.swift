import Foundation

/// Change tracking: what changed since the last save, and the values to go back to.
extension NSManagedObject {
    /// The persistent properties changed since the last save, with their new values (`NSNull` for nil).
    public func changedValues() -> [String: Any] {
        var result: [String: Any] = [:]
        for slot in changedSlots.slots where !layout.properties[slot].isTransient {
            result[layout.properties[slot].name] = publicValue(at: slot) ?? NSNull()
        }
        return result
    }

    /// The values of `keys` (all properties when nil) as last saved or fetched (`NSNull` for nil).
    /// An inserted object has no committed values.
    public func committedValues(forKeys keys: [String]?) -> [String: Any] {
        guard !isInserted else { return [:] }
        fireFaultIfNeeded()
        let source = committedSlots ?? slots
        let wanted = keys.map { $0.map(layout.slot(forKey:)) } ?? Array(layout.properties.indices)
        var result: [String: Any] = [:]
        for slot in wanted {
            let value: Any?
            switch layout.kinds[slot] {
            case .attribute(let kind): value = kind.publicValue(source[slot])
            case .toOne: value = source[slot]
            case .toMany: value = ((source[slot] as? ToManyStorage) ?? managedObjectContext?.loadToMany(of: self, slot: slot))?.publicValue
            }
            result[layout.properties[slot].name] = value ?? NSNull()
        }
        return result
    }

    // MARK: - Internals

    /// Loads the values of a fault from its context. A fault whose context is gone cannot be
    /// loaded: that stops with a message, as Core Data raises.
    @inline(__always)
    func fireFaultIfNeeded() {
        guard isFault else { return }
        guard let context = managedObjectContext else { faultWithoutContext() }
        context.fulfillFault(of: self)
    }

    private func faultWithoutContext() -> Never {
        preconditionFailure(
            "The fault \(objectID) cannot be fulfilled: its context was released or reset. "
                + "Keep the context (and its container) alive while using its objects."
        )
    }

    /// Keeps the committed values before the first change of a saved object.
    func prepareForChange() {
        if committedSlots == nil, !isInserted { committedSlots = copiedSlots() }
    }

    /// Marks `slot` changed and tells the context the first time, and the first time since its last
    /// change notification.
    func markChanged(_ slot: Int) {
        let wasClean = changedSlots.isEmpty
        changedSlots.insert(slot)
        if wasClean, !isInserted { managedObjectContext?.objectDidChange(self) }
        if changeNotes.isEmpty {
            managedObjectContext?.changeJournal.note(self, .updated)
        } else {
            changeNotes.insert(.updated)
        }
    }

    func recordChange(_ slot: Int) {
        prepareForChange()
        markChanged(slot)
    }

    /// The slots with to-many storages copied, for a snapshot that later mutations do not touch. A
    /// relationship with pending changes was not loaded before them: its committed value is not loaded.
    func copiedSlots() -> [Any?] {
        slots.map(Self.copiedSlotValue)
    }

    /// A slot value that later mutations of `value` do not touch.
    ///
    /// The value's type is compared first: a failing cast of an attribute's value to a class looks up
    /// conformances, twice per attribute of every saved object an import first changes.
    static func copiedSlotValue(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let kind = type(of: value)
        if kind == ToManyStorage.self, let storage = value as? ToManyStorage { return storage.copy() }
        return kind == PendingToManyChanges.self ? nil : value
    }

    /// Forgets the changes: the current values become the committed ones. Pending changes to unloaded
    /// to-many relationships are saved by now, so those go back to not loaded; an inserted object has
    /// none, since its relationships are loaded from the start.
    func commitChanges() {
        if !isInserted {
            for slot in changedSlots.slots where pendingToManyChanges(at: slot) != nil {
                slots[slot] = nil
            }
        }
        committedSlots = nil
        changedSlots.removeAll()
        isInserted = false
        deletionPropagated = false
    }

    /// Goes back to the committed values (rollback of an updated or deleted object).
    func revertChanges() {
        if let committed = committedSlots { slots = committed }
        committedSlots = nil
        changedSlots.removeAll()
        isDeleted = false
        deletionPropagated = false
    }

    /// Turns the object back into a fault, dropping its values.
    func turnIntoFault() {
        willTurnIntoFault()
        discardValues()
        didTurnIntoFault()
    }

    /// Drops the object's related objects and committed values, keeping its attributes: for an object
    /// whose deletion was saved, which has left its context. Deleted objects related to each other (a
    /// cascade) would otherwise keep each other alive.
    func dropRelationships() {
        committedSlots = nil
        guard !isFault else { return }
        for slot in layout.relationshipSlots { slots[slot] = nil }
    }

    /// Drops the object's values and changes, leaving a fault. Related objects refer to each other
    /// (a person to its country, the country to its people): dropping the values is what lets a set
    /// of objects the app no longer holds be freed.
    func discardValues() {
        slots = []
        committedSlots = nil
        changedSlots.removeAll()
        isFault = true
    }
}
