/// A context's objects by object ID: one object per ID.
///
/// Keys compare object IDs directly instead of through `NSObject.isEqual(_:)`, whose `Any`
/// parameter costs a dynamic cast on every lookup.
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

    private var objects: [Key: NSManagedObject] = [:]

    subscript(objectID: NSManagedObjectID) -> NSManagedObject? {
        get { objects[Key(objectID: objectID)] }
        set { objects[Key(objectID: objectID)] = newValue }
    }

    @discardableResult
    mutating func removeValue(forKey objectID: NSManagedObjectID) -> NSManagedObject? {
        objects.removeValue(forKey: Key(objectID: objectID))
    }

    var values: Dictionary<Key, NSManagedObject>.Values {
        objects.values
    }

    mutating func removeAll() {
        objects.removeAll()
    }
}
