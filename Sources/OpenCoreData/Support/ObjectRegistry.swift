/// A context's objects by object ID: one object per ID.
///
/// Objects with temporary IDs are kept apart, by the ID's serial number, so that a save, which gives
/// all of them permanent IDs at once, drops them in one step instead of deleting dictionary entries
/// one by one. Keys compare object IDs directly instead of through `NSObject.isEqual(_:)`, whose
/// `Any` parameter costs a dynamic cast on every lookup.
///
/// New objects inserted into the context are tabled only once something looks an object up by a
/// temporary ID (``startTablingNewObjects(_:)``); until then the context lists them among its
/// changed objects alone. Most imports never look one up: tabling every new object raised the peak
/// of the README benchmark's first import of 100k people by 8 MB, and cost a hash per insert.
struct ObjectRegistry {
    struct Key: Hashable {
        let objectID: NSManagedObjectID

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.objectID.identifiesSameObject(as: rhs.objectID)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(objectID.hash)
        }
    }

    private var saved: [Key: NSManagedObject] = [:]
    private var temporary: [UInt64: NSManagedObject] = [:]
    /// Whether new objects are tabled as they are inserted: from the first lookup by a temporary ID
    /// on, until no object with a temporary ID is left.
    private(set) var tablesNewObjects = false

    /// The object tabled under `objectID`; a new object is found only once new objects are tabled.
    func tabledObject(for objectID: NSManagedObjectID) -> NSManagedObject? {
        switch objectID.reference {
        case .temporary(let serial): temporary[serial]
        case .permanent: saved[Key(objectID: objectID)]
        }
    }

    /// Whether `object`, which has a temporary ID and belongs to the context, is not tabled.
    func isUntabled(_ object: NSManagedObject) -> Bool {
        guard case .temporary(let serial) = object.objectIDReference else { return false }
        return temporary[serial] !== object
    }

    /// Tables `object` under its ID, without making a temporary ID not made yet.
    mutating func register(_ object: NSManagedObject) {
        switch object.objectIDReference {
        case .temporary(let serial): temporary[serial] = object
        case .permanent: saved[Key(objectID: object.objectID)] = object
        }
    }

    /// Registers an object inserted into the context: tabled when it has a permanent ID or new objects are tabled.
    mutating func registerInserted(_ object: NSManagedObject) {
        if tablesNewObjects || !object.hasTemporaryObjectID { register(object) }
    }

    /// Tables `objects`, the context's untabled new objects, and every new object inserted from now on.
    mutating func startTablingNewObjects(_ objects: [NSManagedObject]) {
        tablesNewObjects = true
        temporary.reserveCapacity(temporary.count + objects.count)
        for object in objects { register(object) }
    }

    /// Forgets the object registered under `object`'s ID.
    mutating func unregister(_ object: NSManagedObject) {
        switch object.objectIDReference {
        case .temporary(let serial): if temporary[serial] === object { temporary.removeValue(forKey: serial) }
        case .permanent: saved.removeValue(forKey: Key(objectID: object.objectID))
        }
    }

    mutating func removeValue(forKey objectID: NSManagedObjectID) {
        switch objectID.reference {
        case .temporary(let serial): temporary.removeValue(forKey: serial)
        case .permanent: saved.removeValue(forKey: Key(objectID: objectID))
        }
    }

    /// Registers objects that got permanent IDs, forgetting their temporary ones; `oldReferences` are
    /// their temporary IDs' references, in the same order.
    mutating func reregister(_ objects: [NSManagedObject], replacing oldReferences: [NSManagedObjectID.Reference]) {
        saved.reserveCapacity(saved.count + objects.count)
        for object in objects { saved[Key(objectID: object.objectID)] = object }
        // While new objects are tabled, the renamed objects are among the tabled ones: as many means all.
        if tablesNewObjects, oldReferences.count == temporary.count {
            temporary.removeAll()
        } else if !temporary.isEmpty {
            for case .temporary(let serial) in oldReferences { temporary.removeValue(forKey: serial) }
        }
        if temporary.isEmpty { tablesNewObjects = false }
    }

    /// Makes room for `count` more objects with permanent IDs.
    mutating func reserveCapacity(forMore count: Int) {
        saved.reserveCapacity(saved.count + count)
    }

    /// The tabled objects (not the new objects inserted while new objects are not tabled).
    var tabled: [NSManagedObject] {
        Array(saved.values) + Array(temporary.values)
    }

    mutating func removeAll() {
        saved.removeAll()
        temporary.removeAll()
        tablesNewObjects = false
    }
}
