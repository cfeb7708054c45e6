import Foundation

/// What a failed import undoes: the objects it inserted are deleted, and the objects it changed
/// get back the values they had before it.
///
/// Objects with an identity have their ``UndoState`` kept in their ``IdentityTable`` slot;
/// others are recorded here by object.
final class UndoLog {
    private let context: NSManagedObjectContext
    private var entries: [Entry] = []
    /// The state of objects recorded without an identity slot.
    private var states: [ObjectIdentifier: UndoState] = [:]
    /// The saved objects that had unsaved changes when the import started: after a failure, the
    /// others that have changes were changed by it, if only through an inverse relationship.
    private let updatedBefore: Set<ObjectIdentifier>
    /// The context's inserted objects before the first destination decoded by its own `init(from:)`:
    /// the objects such destinations insert on their own are the ones inserted since.
    private var insertedBeforePlainDecodes: Set<NSManagedObject>?

    /// Where an object's state is kept when it has an identity.
    typealias Slot = (table: IdentityTable, slot: Int)

    /// One object to put back, with the slot that keeps its state.
    private enum Entry {
        /// Inserted by the import, with the table it was registered in under its identity.
        case inserted(NSManagedObject, registered: (table: IdentityTable, identity: ObjectIdentity)?)
        /// Saved with unsaved changes from before the import: refreshed, then given those changes again.
        case changed(NSManagedObject, changes: [String: Any], slot: Slot?)
        /// Inserted before the import: the values of its entity's properties, in their order.
        case insertedBefore(NSManagedObject, values: [Any?], slot: Slot?)
    }

    init(context: NSManagedObjectContext) {
        self.context = context
        updatedBefore = context.hasChanges ? Set(context.updatedObjects.map(ObjectIdentifier.init)) : []
    }

    /// The position to undo back to with ``undo(to:decodeGoesOn:)``.
    var mark: Int { entries.count }

    /// Records an object the import inserted; `registered` is where it is registered under its
    /// identity, if it has one (its slot then records it as inserted).
    func recordInsert(_ object: NSManagedObject, registered: (table: IdentityTable, identity: ObjectIdentity)?) {
        if registered == nil { states[ObjectIdentifier(object)] = .inserted }
        entries.append(.inserted(object, registered: registered))
    }

    /// Records how to put `object` back as it is, before the import first changes it, and returns
    /// its undo state from then on. An object with an identity `slot` has its state kept there.
    func recordChange(_ object: NSManagedObject, slot: Slot?) -> UndoState {
        let id = ObjectIdentifier(object)
        if let slot {
            let state = slot.table.undoState(at: slot.slot)
            if state != .unrecorded { return state }
        } else if !states.isEmpty, let state = states[id] {
            return state
        }
        let state: UndoState
        if object.isInserted {
            let values = object.entity.properties.map { property -> Any? in
                let value = object.value(forKey: property.name)
                guard let relationship = property as? NSRelationshipDescription, relationship.isToMany else { return value }
                return Self.snapshot(ofToMany: value)
            }
            entries.append(.insertedBefore(object, values: values, slot: slot))
            state = .recorded
        } else if !updatedBefore.isEmpty, updatedBefore.contains(id) {
            entries.append(.changed(object, changes: object.changedValues().mapValues { Self.snapshot(ofToMany: $0) ?? NSNull() }, slot: slot))
            state = .recorded
        } else {
            // Refreshing at the end of a failed import restores it, whatever changed it (its own
            // values, or an inverse relationship), without reading its values now.
            state = .saved
        }
        if let slot {
            slot.table.setUndoState(state, at: slot.slot)
        } else {
            states[id] = state
        }
        return state
    }

    /// Records that a destination is about to be decoded by its own `init(from:)`, which may insert
    /// objects this log does not see.
    func willDecodePlainDestination() {
        if insertedBeforePlainDecodes == nil { insertedBeforePlainDecodes = context.insertedObjects }
    }

    /// Undoes what was recorded since `mark`. When the decode goes on (a hook caught a nested
    /// failure), objects with changes of their own are not refreshed: the decode sets their values
    /// again, and a refreshed object costs a fetch when read next (refreshing in a 10k import into
    /// a store of 100k people made it 1.8x slower). Saved objects are refreshed only at the end of a
    /// failed import (``undoUnrecordedChanges()``).
    func undo(to mark: Int, decodeGoesOn: Bool) {
        while entries.count > mark {
            switch entries.removeLast() {
            case .inserted(let object, let registered):
                if let registered { registered.table.forget(object, identity: registered.identity) }
                states[ObjectIdentifier(object)] = nil
                context.delete(object)
            case .changed(let object, let changes, let slot):
                if !decodeGoesOn {
                    context.refresh(object, mergeChanges: false)
                    for (key, value) in changes { object.setValue(isNullValue(value) ? nil : value, forKey: key) }
                }
                forget(object, slot: slot)
            case .insertedBefore(let object, let values, let slot):
                for (property, value) in zip(object.entity.properties, values)
                where !Self.isSame(object.value(forKey: property.name), value) {
                    object.setValue(value, forKey: property.name)
                }
                forget(object, slot: slot)
            }
        }
    }

    /// After the outermost decode failed and its entries were undone: deletes what destinations
    /// decoded by their own `init(from:)` inserted, then refreshes the saved objects the import
    /// changed through inverse relationships only (a crate that lost an item to another crate),
    /// once the deletions have run their delete rules.
    func undoUnrecordedChanges() {
        if let before = insertedBeforePlainDecodes {
            for object in context.insertedObjects.subtracting(before) { context.delete(object) }
        }
        context.processPendingChanges()
        for object in context.updatedObjects where !updatedBefore.contains(ObjectIdentifier(object)) {
            context.refresh(object, mergeChanges: false)
        }
    }

    private func forget(_ object: NSManagedObject, slot: Slot?) {
        states[ObjectIdentifier(object)] = nil
        if let slot { slot.table.setUndoState(.unrecorded, at: slot.slot) }
    }

    /// Whether two property values are equal, so that restoring one over the other is not needed.
    private static func isSame(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): (lhs as? AnyHashable).map { $0 == rhs as? AnyHashable } ?? false
        default: false
        }
    }

    /// A to-many value that later changes to the object leave as it is: a live (mutable) set is
    /// copied, an immutable one is that already.
    private static func snapshot(ofToMany value: Any?) -> Any? {
        guard let value else { return nil }
        // The class tells first: a failing cast of an existential to a class looks up conformances
        // (0.35% of the samples of an update of 100k unsaved people).
        let kind = type(of: value)
        if kind is NSMutableOrderedSet.Type, let set = value as? NSMutableOrderedSet { return NSOrderedSet(array: set.array) }
        if kind is NSMutableSet.Type, let set = value as? NSMutableSet { return NSSet(array: set.allObjects) }
        return value
    }
}
