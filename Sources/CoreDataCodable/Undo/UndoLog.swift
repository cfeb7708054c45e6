import Foundation

/// What a failed import undoes: the objects it inserted are deleted, and the objects it changed
/// get back the values they had before it.
///
/// Objects with an identity have their ``UndoState`` kept in their ``IdentityTable`` slot;
/// others are recorded here by object.
///
/// The objects an import inserts, most of what it records, are kept apart from the other entries
/// in 24-byte records: in one list with them, every record took the 64 bytes of the largest
/// entry, 17 MB of the peak of the README benchmark's first import of 100k people; with the slot
/// and entry count at full width they took 32 bytes, and the peak was 2 MB higher.
///
/// One import session uses it, on one thread: the properties read for every object skip dynamic
/// exclusivity checks.
final class UndoLog {
    private let context: NSManagedObjectContext
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// The objects the import inserted, in order.
    @exclusivity(unchecked) private var inserted: [InsertedObject] = []
    /// The state of objects recorded without an identity slot.
    @exclusivity(unchecked) private var states: [ObjectIdentifier: UndoState] = [:]
    /// The saved objects that had unsaved changes when the import started: after a failure, the
    /// others that have changes were changed by it, if only through an inverse relationship.
    private let updatedBefore: Set<ObjectIdentifier>
    /// The context's inserted objects before the first destination decoded by its own `init(from:)`:
    /// the objects such destinations insert on their own are the ones inserted since.
    private var insertedBeforePlainDecodes: Set<NSManagedObject>?
    /// Whether code of the app's own has run in the import (``willRunAppCode()``).
    private var appCodeRan = false
    /// The objects recorded property by property, until app code runs.
    private var recordedEachChange: [(object: NSManagedObject, slot: Slot?)] = []

    /// Where an object's state is kept when it has an identity.
    typealias Slot = (table: IdentityTable, slot: Int)

    /// A position in the log, to undo back to.
    struct Mark {
        fileprivate let entries: Int
        fileprivate let inserted: Int
    }

    /// An object the import inserted, with the slot it is registered in under its identity, if any.
    ///
    /// Slots and entry counts fit in 32 bits: an import of 2^32 objects would not fit in memory.
    private struct InsertedObject {
        let object: NSManagedObject
        /// The table of the slot the object is registered in, nil when it has no identity.
        private let table: IdentityTable?
        private let slot: UInt32
        /// The number of entries when it was inserted: those recorded after it are undone first.
        private let entryCount: UInt32

        init(object: NSManagedObject, registered: Slot?, entryCount: Int) {
            self.object = object
            table = registered?.table
            slot = UInt32(registered?.slot ?? 0)
            self.entryCount = UInt32(entryCount)
        }

        var registered: Slot? { table.map { ($0, Int(slot)) } }
        /// Whether it was inserted after the first `count` entries.
        func follows(entries count: Int) -> Bool { Int(entryCount) >= count }
    }

    /// One object to put back, with the slot that keeps its state.
    private enum Entry {
        /// Saved with unsaved changes from before the import: refreshed, then given those changes again.
        case changed(NSManagedObject, changes: [String: Any], slot: Slot?)
        /// Inserted before the import: the values of its entity's properties, in their order.
        case insertedBefore(NSManagedObject, values: [Any?], slot: Slot?)
        /// Inserted before the import: the value of one property before the import changed it.
        case property(NSManagedObject, name: String, value: Any?)
    }

    init(context: NSManagedObjectContext) {
        self.context = context
        updatedBefore = context.hasChanges ? Set(context.updatedObjects.map(ObjectIdentifier.init)) : []
    }

    /// The position to undo back to with ``undo(to:decodeGoesOn:)``.
    var mark: Mark { Mark(entries: entries.count, inserted: inserted.count) }

    /// Records an object the import inserted; `registered` is the slot it is registered in under
    /// its identity, if it has one (the slot then records it as inserted).
    func recordInsert(_ object: NSManagedObject, registered: Slot?) {
        if registered == nil { states[ObjectIdentifier(object)] = .inserted }
        inserted.append(InsertedObject(object: object, registered: registered, entryCount: entries.count))
    }

    /// Records how to put `object` back as it is, before the import first changes it, and returns
    /// its undo state from then on. An object with an identity `slot` has its state kept there.
    ///
    /// An unsaved object of a type that keeps the default hooks is recorded property by property
    /// as the import changes it, while no code of the app's own has run in the import: nothing but
    /// the import's ``ObjectApplier`` changes it then (see ``willRunAppCode()``).
    func recordChange(_ object: NSManagedObject, slot: Slot?, keepsDefaultHooks: Bool = false) -> UndoState {
        let eachChange = keepsDefaultHooks && !appCodeRan
        switch state(of: object, slot: slot) {
        case .unrecorded: break
        case .recordsEachChange where !eachChange: break
        case let known: return known
        }
        let id = ObjectIdentifier(object)
        let state: UndoState
        if object.isInserted, eachChange {
            state = .recordsEachChange
            recordedEachChange.append((object, slot))
        } else if object.isInserted {
            state = recordWhole(object, slot: slot)
        } else if !updatedBefore.isEmpty, updatedBefore.contains(id) {
            entries.append(.changed(object, changes: object.changedValues().mapValues { Self.snapshot(ofToMany: $0) ?? NSNull() }, slot: slot))
            state = .recorded
        } else {
            // Refreshing at the end of a failed import restores it, whatever changed it (its own
            // values, or an inverse relationship), without reading its values now.
            state = .saved
        }
        setState(state, of: object, slot: slot)
        return state
    }

    /// Records that code of the app's own is about to run in the import (a hook, or a destination's
    /// own `init(from:)`), which may change any object: the unsaved objects recorded property by
    /// property so far are recorded whole now, and every one from now on.
    func willRunAppCode() {
        guard !appCodeRan else { return }
        appCodeRan = true
        for (object, slot) in recordedEachChange where state(of: object, slot: slot) == .recordsEachChange {
            setState(recordWhole(object, slot: slot), of: object, slot: slot)
        }
        recordedEachChange = []
    }

    /// Records the values of all of an unsaved object's properties.
    private func recordWhole(_ object: NSManagedObject, slot: Slot?) -> UndoState {
        let values = object.entity.properties.map { property -> Any? in
            let value = object.value(forKey: property.name)
            guard let relationship = property as? NSRelationshipDescription, relationship.isToMany else { return value }
            return Self.snapshot(ofToMany: value)
        }
        entries.append(.insertedBefore(object, values: values, slot: slot))
        return .recorded
    }

    private func state(of object: NSManagedObject, slot: Slot?) -> UndoState {
        if let slot { return slot.table.undoState(at: slot.slot) }
        return states.isEmpty ? .unrecorded : states[ObjectIdentifier(object)] ?? .unrecorded
    }

    private func setState(_ state: UndoState, of object: NSManagedObject, slot: Slot?) {
        if let slot {
            slot.table.setUndoState(state, at: slot.slot)
        } else {
            states[ObjectIdentifier(object)] = state
        }
    }

    /// Records the value `object` has for `property` before the import changes it; for objects in
    /// the ``UndoState/recordsEachChange`` state.
    func recordProperty(_ property: String, of object: NSManagedObject) {
        entries.append(.property(object, name: property, value: Self.snapshot(ofToMany: object.value(forKey: property))))
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
    func undo(to mark: Mark, decodeGoesOn: Bool) {
        while entries.count > mark.entries || inserted.count > mark.inserted {
            if inserted.count > mark.inserted, let last = inserted.last, last.follows(entries: entries.count) {
                inserted.removeLast()
                if let registered = last.registered { registered.table.forget(last.object, at: registered.slot) }
                states[ObjectIdentifier(last.object)] = nil
                context.delete(last.object)
                continue
            }
            switch entries.removeLast() {
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
            case .property(let object, let name, let value):
                object.setValue(value, forKey: name)
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
    static func isSame(_ lhs: Any?, _ rhs: Any?) -> Bool {
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
