import Foundation

/// The objects of one entity that an import looked up or inserted, by identity.
///
/// Large imports look up every object here, so each operation costs one hash lookup.
final class IdentityTable {
    /// nil for an identity looked up and not found (yet).
    private var objects: [ObjectIdentity: NSManagedObject?] = [:]
    /// Counts mutations, so that a lookup can tell whether its index is still valid.
    private var generation = 0

    /// Marks `identities` as looked up and returns those that were not, without repetitions.
    func markLookedUp(_ identities: [ObjectIdentity]) -> [ObjectIdentity] {
        generation += 1
        objects.reserveCapacity(objects.count + identities.count)
        return identities.filter { identity in
            var isNew = false
            Self.access(&objects[identity, default: { isNew = true; return nil }()])
            return isNew
        }
    }

    /// Registers objects found by a lookup, keeping any object already registered for an identity.
    func register(found: [ObjectIdentity: NSManagedObject]) {
        generation += 1
        for (identity, object) in found {
            if let index = objects.index(forKey: identity) {
                if objects.values[index] == nil { objects.values[index] = object }
            } else {
                objects[identity] = object
            }
        }
    }

    /// The object registered for `identity`, or the one `make` makes, registered for it.
    func object(for identity: ObjectIdentity, orMake make: () -> NSManagedObject) -> (object: NSManagedObject, isMade: Bool) {
        let index = objects.index(forKey: identity)
        if let index, let object = objects.values[index] { return (object, false) }
        let start = generation
        let object = make()
        // `make` may have run code that changed the table, moving what the index points at.
        if let index, generation == start {
            objects.values[index] = object
        } else {
            objects[identity] = object
        }
        generation += 1
        return (object, true)
    }

    /// Forgets `object` as the one with `identity`, for an undone insert.
    func forget(_ object: NSManagedObject, identity: ObjectIdentity) {
        guard objects[identity] ?? nil === object else { return }
        generation += 1
        objects[identity] = .some(nil)
    }

    private static func access<Value>(_ value: inout Value) {}
}
