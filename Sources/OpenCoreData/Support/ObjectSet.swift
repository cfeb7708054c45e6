/// An insertion-ordered set of objects compared by identity, with O(1) membership, insertion and removal.
///
/// Removal swaps the last element into the hole unless `keepsOrder` is set, in which case it shifts
/// the tail (ordered relationships).
struct ObjectSet<Element: AnyObject> {
    private(set) var elements: [Element] = []
    private var positions: [ObjectIdentifier: Int] = [:]

    init() {}

    init(_ objects: some Sequence<Element>) {
        for object in objects { insert(object) }
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }

    func contains(_ object: Element) -> Bool {
        positions[ObjectIdentifier(object)] != nil
    }

    /// Appends `object`; returns false when it was already present.
    @discardableResult
    mutating func insert(_ object: Element) -> Bool {
        let id = ObjectIdentifier(object)
        guard positions[id] == nil else { return false }
        positions[id] = elements.count
        elements.append(object)
        return true
    }

    /// Removes `object`; returns false when it was absent.
    @discardableResult
    mutating func remove(_ object: Element, keepsOrder: Bool = false) -> Bool {
        guard let index = positions.removeValue(forKey: ObjectIdentifier(object)) else { return false }
        if keepsOrder {
            elements.remove(at: index)
            for shifted in index..<elements.count { positions[ObjectIdentifier(elements[shifted])] = shifted }
        } else {
            let last = elements.removeLast()
            if index < elements.count {
                elements[index] = last
                positions[ObjectIdentifier(last)] = index
            }
        }
        return true
    }

    mutating func removeAll() {
        elements.removeAll()
        positions.removeAll()
    }
}
