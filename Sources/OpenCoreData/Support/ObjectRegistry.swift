/// A context's objects by object ID: one object per ID.
///
/// Objects with temporary IDs (inserted, not saved) are kept apart, by the ID's serial number, so
/// that a save, which gives all of them permanent IDs at once, drops them in one step instead of
/// deleting dictionary entries one by one. Keys compare object IDs directly instead of through
/// `NSObject.isEqual(_:)`, whose `Any` parameter costs a dynamic cast on every lookup.
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

    @discardableResult
    mutating func removeValue(forKey objectID: NSManagedObjectID) -> NSManagedObject? {
        switch objectID.reference {
        case .temporary(let serial): temporary.removeValue(forKey: serial)
        case .permanent: saved.removeValue(forKey: Key(objectID: objectID))
        }
    }

    /// Registers objects that got permanent IDs, forgetting their temporary ones; `oldIDs` are their
    /// temporary IDs, in the same order.
    mutating func reregister(_ objects: [NSManagedObject], replacing oldIDs: [NSManagedObjectID]) {
        saved.reserveCapacity(saved.count + objects.count)
        for object in objects { saved[Key(objectID: object.objectID)] = object }
        if oldIDs.count == temporary.count {
            temporary.removeAll()
        } else {
            for oldID in oldIDs { removeValue(forKey: oldID) }
        }
    }

    var values: [NSManagedObject] {
        Array(saved.values) + Array(temporary.values)
    }

    mutating func removeAll() {
        saved.removeAll()
        temporary.removeAll()
    }
}
