import Foundation
import OpenAddressing

/// The objects of one entity that an import looked up or inserted, by identity.
///
/// Each identity gets a slot when first met: when a prepared decoder carrying it is enqueued for
/// the fetch (the decoder keeps the slot, and making its object reads it without hashing the
/// identity again), or when its object is made or registered without one.
/// Slots are numbered in the order identities are first met, which is the order objects are made
/// in, so making a large payload's objects walks the slots in order.
///
/// A table belongs to one import session, used on one thread: its properties skip dynamic
/// exclusivity checks.
final class IdentityTable {
    /// The slot of each single integer identity looked up: the common kind, hashed more cheaply.
    @exclusivity(unchecked) private var integerSlots = PositionHashTable()
    /// The integer identity of each slot, by which `integerSlots` compares (0 for other identities).
    @exclusivity(unchecked) private var integers: [Int64] = []
    /// The slot of each other identity looked up.
    @exclusivity(unchecked) private var slots: [ObjectIdentity: Int] = [:]
    /// Room to make, once the first identity tells which of the two kinds the table holds.
    @exclusivity(unchecked) private var reservation = 0
    /// The object of each slot; nil for an identity looked up and not found (yet).
    @exclusivity(unchecked) private var objects: ContiguousArray<NSManagedObject?> = []
    /// The undo state of each slot's object: a byte per slot, read in the order objects are made.
    @exclusivity(unchecked) private var undoStates: [UndoState] = []
    /// Whether the table holds every object of its entity that an identity can find: the entity held
    /// none when the import first met it, so every object since is one the import registered here,
    /// and identities need no fetch.
    @exclusivity(unchecked) var isComplete = false

    /// Makes room for `count` more identities, so that a table filled by a large payload does not
    /// grow, and rehash its identities, as it fills.
    func reserveCapacity(_ count: Int) {
        objects.reserveCapacity(objects.count + count)
        undoStates.reserveCapacity(undoStates.count + count)
        integers.reserveCapacity(integers.count + count)
        if integerSlots.count > 0 {
            integerSlots.reserveCapacity(integerSlots.count + count, keyAt: integerIdentity(at:))
        } else if !slots.isEmpty {
            slots.reserveCapacity(slots.count + count)
        } else {
            reservation += count
        }
    }

    /// The slot of `identity`, made (and `made` called: the identity is to be fetched) if it has
    /// none: one hash either way.
    func slot(for identity: ObjectIdentity, made: () -> Void = {}) -> Int {
        let next = objects.count
        let slot: Int
        if let integer = identity.integer {
            if reservation > 0 { integerSlots.reserveCapacity(reservation, keyAt: integerIdentity(at:)) }
            reservation = 0
            slot = integerSlots.insert(next, for: integer, keyAt: integerIdentity(at:)) ?? next
        } else {
            if reservation > 0 { slots.reserveCapacity(reservation) }
            reservation = 0
            slot = Self.read(&slots[identity, default: next])
        }
        if slot == next {
            integers.append(identity.integer ?? 0)
            objects.append(nil)
            undoStates.append(.unrecorded)
            made()
        }
        return slot
    }

    /// Registers objects found by a lookup, keeping any object already registered for an identity:
    /// of objects sharing an identity, the first one found.
    func register(found: [(identity: ObjectIdentity, object: NSManagedObject)]) {
        for (identity, object) in found {
            let slot = slot(for: identity)
            if objects[slot] == nil { objects[slot] = object }
        }
    }

    /// The object of `identity`, whose slot is `slot` if known already, with its slot and undo
    /// state; or the object `insert` inserts (given the slot), registered for the identity as inserted.
    func object(
        slot known: Int?, identity: ObjectIdentity, orInsert insert: (_ slot: Int) throws -> NSManagedObject
    ) rethrows -> (object: NSManagedObject, slot: Int, state: UndoState) {
        let slot = known ?? slot(for: identity)
        if let object = objects[slot] { return (object, slot, undoStates[slot]) }
        let object = try insert(slot)
        objects[slot] = object
        undoStates[slot] = .inserted
        return (object, slot, .inserted)
    }

    /// The object registered for `identity` (whose slot is `slot` if known already), if any.
    func existingObject(slot known: Int?, identity: ObjectIdentity) -> NSManagedObject? {
        objects[known ?? slot(for: identity)]
    }

    /// The undo state of the object of `slot`.
    func undoState(at slot: Int) -> UndoState {
        undoStates[slot]
    }

    /// Sets the undo state of the object of `slot`.
    func setUndoState(_ state: UndoState, at slot: Int) {
        undoStates[slot] = state
    }

    /// Forgets `object` as the one of `slot`, for an undone insert.
    func forget(_ object: NSManagedObject, at slot: Int) {
        guard objects[slot] === object else { return }
        objects[slot] = nil
        undoStates[slot] = .unrecorded
    }

    /// The integer identity of the object of `slot` (see `integers`).
    private func integerIdentity(at slot: Int) -> Int64 {
        integers[slot]
    }

    /// Reads a value through `inout`, so that a dictionary's `default:` subscript inserts the
    /// default and returns the value with one hash.
    private static func read(_ value: inout Int) -> Int {
        value
    }
}
