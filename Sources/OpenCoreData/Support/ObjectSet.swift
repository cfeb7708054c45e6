import OpenAddressing

/// An insertion-ordered set of objects compared by identity, with O(1) membership, insertion and removal.
///
/// Small sets (most to-many relationships) search their array linearly and allocate no hash table;
/// a set that grows past `hashThreshold` elements indexes its positions by identity.
///
/// Removal swaps the last element into the hole unless `keepsOrder` is set, in which case it shifts
/// the tail (ordered relationships).
///
/// The positions live in a shared box, copied before a mutation when another set shares it, so
/// that a set takes 16 bytes of its owner: every to-many relationship of every object holds one.
struct ObjectSet<Element: AnyObject> {
    private(set) var elements: [Element] = []
    /// Positions by object address; nil while the set is small.
    private var positionBox: PositionBox?

    /// The hashed positions of a large set, shared by copies of the set until one changes.
    private final class PositionBox {
        @exclusivity(unchecked) var table: PositionHashTable

        init(_ table: PositionHashTable) {
            self.table = table
        }
    }

    /// The box of positions (when hashed), made this set's own first if another set shares it.
    private mutating func ownPositions() -> PositionBox? {
        if !isKnownUniquelyReferenced(&positionBox), let shared = positionBox { positionBox = PositionBox(shared.table) }
        return positionBox
    }

    /// The size above which positions are hashed.
    private static var hashThreshold: Int { 16 }

    init() {}

    init(_ objects: some Sequence<Element>) {
        for object in objects { insert(object) }
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }

    func contains(_ object: Element) -> Bool {
        position(of: object) != nil
    }

    private func position(of object: Element) -> Int? {
        if let positionBox { return positionBox.table.position(of: Self.key(object), keyAt: keyAt) }
        return elements.firstIndex { $0 === object }
    }

    /// Appends `object`; returns false when it was already present.
    @discardableResult
    mutating func insert(_ object: Element) -> Bool {
        if let positions = ownPositions() {
            // One lookup for the usual new object.
            if positions.table.insert(elements.count, for: Self.key(object), keyAt: keyAt) != nil { return false }
        } else {
            guard !elements.contains(where: { $0 === object }) else { return false }
            if elements.count >= Self.hashThreshold { indexPositions(adding: object) }
        }
        elements.append(object)
        return true
    }

    /// Starts hashing positions: those of the current elements, and `next` at the end.
    private mutating func indexPositions(adding next: Element) {
        var index = PositionHashTable()
        index.reserveCapacity(elements.count * 2, keyAt: keyAt)
        for (position, element) in elements.enumerated() { _ = index.insert(position, for: Self.key(element), keyAt: keyAt) }
        _ = index.insert(elements.count, for: Self.key(next), keyAt: keyAt)
        positionBox = PositionBox(index)
    }

    /// The key of `object` among the hashed positions: its address.
    private static func key(_ object: Element) -> Int64 {
        Int64(Int(bitPattern: ObjectIdentifier(object)))
    }

    /// The key of the element at `position`.
    private func keyAt(_ position: Int) -> Int64 {
        Self.key(elements[position])
    }

    /// Removes `object`; returns false when it was absent.
    @discardableResult
    mutating func remove(_ object: Element, keepsOrder: Bool = false) -> Bool {
        guard let index = position(of: object) else { return false }
        let positions = ownPositions()
        positions?.table.remove(Self.key(object), keyAt: keyAt)
        if keepsOrder {
            elements.remove(at: index)
            if let positions {
                for shifted in index..<elements.count { positions.table.move(Self.key(elements[shifted]), from: shifted + 1, to: shifted) }
            }
        } else {
            let last = elements.removeLast()
            if index < elements.count {
                elements[index] = last
                positions?.table.move(Self.key(last), from: elements.count, to: index)
            }
        }
        return true
    }

    mutating func removeAll() {
        elements.removeAll()
        positionBox = nil
    }
}
