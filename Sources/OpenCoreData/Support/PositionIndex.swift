/// Positions of objects by identity: an open-addressing hash table of object addresses, for
/// ``ObjectSet``.
///
/// A `[ObjectIdentifier: Int]` hashes every key with SipHash and keeps keys and values in separate
/// arrays; the inverse side of a relationship shared by thousands of objects (a country's people)
/// grows by one insertion per related object. This table multiplies the address by a constant
/// instead and keeps each address beside its position, so an insertion touches one cache line.
/// Linear probing; removal shifts back the entries that follow, so no tombstones are left.
struct PositionIndex {
    private struct Entry {
        /// The object's address; 0 for an empty bucket.
        var key: UInt
        var position: Int
    }

    private var buckets: [Entry]
    private var count = 0
    /// `buckets.count - 1`; the bucket count is a power of two.
    private var mask: Int
    /// The right shift that keeps the high bits of the product as the bucket index.
    private var shift: UInt64

    /// An index with room for `capacity` objects before it grows.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size *= 2 }
        buckets = Array(repeating: Entry(key: 0, position: 0), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    private static func key(_ object: AnyObject) -> UInt {
        UInt(bitPattern: ObjectIdentifier(object))
    }

    /// The bucket holding `key`, or the empty bucket where it would go.
    private func bucket(of key: UInt) -> Int {
        var index = home(of: key)
        while buckets[index].key != 0, buckets[index].key != key { index = (index + 1) & mask }
        return index
    }

    /// The position of `object`, nil when absent.
    func position(of object: AnyObject) -> Int? {
        let entry = buckets[bucket(of: Self.key(object))]
        return entry.key == 0 ? nil : entry.position
    }

    /// Records `position` for `object` unless it is present; returns its recorded position then.
    mutating func insert(_ object: AnyObject, at position: Int) -> Int? {
        let key = Self.key(object)
        let index = bucket(of: key)
        if buckets[index].key == key { return buckets[index].position }
        buckets[index] = Entry(key: key, position: position)
        count += 1
        if count * 2 > buckets.count { grow() }
        return nil
    }

    /// Changes the recorded position of `object`, which is present.
    mutating func update(_ object: AnyObject, to position: Int) {
        let index = bucket(of: Self.key(object))
        if buckets[index].key != 0 { buckets[index].position = position }
    }

    /// Forgets `object`.
    mutating func remove(_ object: AnyObject) {
        var hole = bucket(of: Self.key(object))
        guard buckets[hole].key != 0 else { return }
        count -= 1
        // Entries after the hole that would not be found past it move back into it.
        var next = (hole + 1) & mask
        while buckets[next].key != 0 {
            let home = home(of: buckets[next].key)
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Entry(key: 0, position: 0)
    }

    private mutating func grow() {
        let old = buckets
        self = PositionIndex(capacity: buckets.count)
        for entry in old where entry.key != 0 {
            buckets[bucket(of: entry.key)] = entry
            count += 1
        }
    }
}
