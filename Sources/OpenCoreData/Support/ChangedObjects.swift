/// A context's inserted, updated and deleted objects: an array, with each object's position kept in the
/// object itself, so membership, insertion and removal cost no hashing (an object lives in one context).
///
/// Removal swaps the last element into the hole. Positions are kept in 32 bits: 2^31 changed objects
/// would not fit in memory.
struct ChangedObjects {
    private(set) var elements: [NSManagedObject] = []

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }

    func contains(_ object: NSManagedObject) -> Bool {
        let position = Int(object.changedPosition)
        return position >= 0 && position < elements.count && elements[position] === object
    }

    /// Appends `object`; returns false when it was already present.
    @discardableResult
    mutating func insert(_ object: NSManagedObject) -> Bool {
        guard !contains(object) else { return false }
        object.changedPosition = Int32(elements.count)
        elements.append(object)
        return true
    }

    /// Removes `object`; returns false when it was absent.
    @discardableResult
    mutating func remove(_ object: NSManagedObject) -> Bool {
        guard contains(object) else { return false }
        let position = Int(object.changedPosition)
        object.changedPosition = -1
        let last = elements.removeLast()
        if position < elements.count {
            elements[position] = last
            last.changedPosition = Int32(position)
        }
        return true
    }

    mutating func removeAll() {
        for object in elements { object.changedPosition = -1 }
        elements.removeAll()
    }
}
