/// A context's objects by object ID: one object per ID.
///
/// Objects with temporary IDs (inserted, not saved) are kept apart, by the ID's serial number, so
/// that a save, which gives all of them permanent IDs at once, drops them in one step instead of
/// deleting dictionary entries one by one, and so that new objects register without making their
/// temporary ID. Keys compare object IDs directly instead of through `NSObject.isEqual(_:)`, whose
/// `Any` parameter costs a dynamic cast on every lookup.
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

    subscript(objectID: NSManagedObjectID) -> NSManagedObject? {
        get {
            switch objectID.reference {
            case .temporary(let serial): temporary[serial]
            case .permanent: saved[Key(objectID: objectID)]
            }
        }
        set {
            switch objectID.reference {
            case .temporary(let serial): temporary[serial] = newValue
            case .permanent: saved[Key(objectID: objectID)] = newValue
            }
        }
    }

    /// The object registered under `object`'s ID, found without making a temporary ID.
    func registered(_ object: NSManagedObject) -> NSManagedObject? {
        switch object.objectIDReference {
        case .temporary(let serial): temporary[serial]
        case .permanent: saved[Key(objectID: object.objectID)]
        }
    }

    /// Registers `object` under its ID.
    mutating func register(_ object: NSManagedObject) {
        switch object.objectIDReference {
        case .temporary(let serial): temporary[serial] = object
        case .permanent: saved[Key(objectID: object.objectID)] = object
        }
    }

    /// Forgets the object registered under `object`'s ID.
    mutating func unregister(_ object: NSManagedObject) {
        switch object.objectIDReference {
        case .temporary(let serial): temporary.removeValue(forKey: serial)
        case .permanent: saved.removeValue(forKey: Key(objectID: object.objectID))
        }
    }

    @discardableResult
    mutating func removeValue(forKey objectID: NSManagedObjectID) -> NSManagedObject? {
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
        if oldReferences.count == temporary.count {
            temporary.removeAll()
        } else {
            for case .temporary(let serial) in oldReferences { temporary.removeValue(forKey: serial) }
        }
    }

    /// Makes room for `count` more objects with permanent IDs.
    mutating func reserveCapacity(forMore count: Int) {
        saved.reserveCapacity(saved.count + count)
    }

    var values: [NSManagedObject] {
        Array(saved.values) + Array(temporary.values)
    }

    mutating func removeAll() {
        saved.removeAll()
        temporary.removeAll()
    }
}
