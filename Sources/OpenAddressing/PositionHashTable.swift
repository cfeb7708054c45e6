/// An open-addressing hash table from 64-bit integer keys to non-negative `Int` values.
///
/// CoreDataCodable keeps the slots of integer identities in one (the common case of large
/// imports), and OpenCoreData the positions of objects by address in a large to-many relationship
/// (the inverse side shared by thousands of objects, such as a country's people, grows by one
/// insertion per related object). A `[Int64: Int]` or `[ObjectIdentifier: Int]` hashes every key
/// with SipHash and keeps keys and values in separate arrays; this table multiplies the key by a
/// constant instead and keeps each key beside its value, so a lookup or an insertion touches one
/// cache line.
///
/// Linear probing over a power-of-two number of buckets, at most three quarters full: at most half
/// full, the README benchmark's first import of 100k people peaked 6 MB higher (367 MB against
/// 361 MB) for the same instructions. A bucket is empty when its value is negative, so every key,
/// 0 included, can be stored. Removal shifts back the entries that follow, so no tombstones are left.
package struct IntegerHashTable {
    @usableFromInline
    struct Entry {
        @usableFromInline var key: Int64
        /// The value; negative for an empty bucket.
        @usableFromInline var value: Int

        @inlinable
        init(key: Int64, value: Int) {
            self.key = key
            self.value = value
        }
    }

    @usableFromInline var buckets: [Entry] = []
    @usableFromInline var occupied = 0
    /// `buckets.count - 1`; the bucket count is a power of two.
    @usableFromInline var mask = 0
    /// The right shift that keeps the high bits of the product as the bucket index.
    @usableFromInline var shift: UInt64 = 64

    /// An empty table, which allocates no buckets until the first insertion.
    @inlinable
    package init() {}

    /// The number of keys.
    @inlinable
    package var count: Int { occupied }

    /// Makes room for `capacity` keys before the table grows.
    package mutating func reserveCapacity(_ capacity: Int) {
        guard capacity * 4 > buckets.count * 3 else { return }
        var size = 8
        while size * 3 < capacity * 4 { size *= 2 }
        let old = buckets
        buckets = Array(repeating: Entry(key: 0, value: -1), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        for entry in old where entry.value >= 0 { buckets[bucket(of: entry.key)] = entry }
    }

    /// The bucket where probing for `key` starts.
    @inlinable
    func home(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The bucket holding `key`, or the empty bucket where it would go; the table has buckets.
    @inlinable
    func bucket(of key: Int64) -> Int {
        var index = home(of: key)
        while buckets[index].value >= 0, buckets[index].key != key { index = (index + 1) & mask }
        return index
    }

    /// The value of `key`, nil when absent.
    @inlinable
    package func value(for key: Int64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let value = buckets[bucket(of: key)].value
        return value >= 0 ? value : nil
    }

    /// Records `value` (non-negative) for `key` unless the key is present; returns its present value
    /// then, nil after recording.
    @inlinable
    package mutating func insert(_ value: Int, for key: Int64) -> Int? {
        assert(value >= 0, "IntegerHashTable values are non-negative")
        if buckets.isEmpty { reserveCapacity(1) }
        let index = bucket(of: key)
        if buckets[index].value >= 0 { return buckets[index].value }
        buckets[index] = Entry(key: key, value: value)
        occupied += 1
        if occupied * 4 > buckets.count * 3 { reserveCapacity(occupied) }
        return nil
    }

    /// Replaces the value of `key` with `value` (non-negative) if the key is present.
    @inlinable
    package mutating func update(_ value: Int, for key: Int64) {
        assert(value >= 0, "IntegerHashTable values are non-negative")
        guard !buckets.isEmpty else { return }
        let index = bucket(of: key)
        if buckets[index].value >= 0 { buckets[index].value = value }
    }

    /// Removes `key`; returns its value, nil when absent.
    @inlinable
    @discardableResult
    package mutating func removeValue(for key: Int64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        var hole = bucket(of: key)
        let removed = buckets[hole].value
        guard removed >= 0 else { return nil }
        occupied -= 1
        // Entries after the hole that would not be found past it move back into it.
        var next = (hole + 1) & mask
        while buckets[next].value >= 0 {
            if (next - home(of: buckets[next].key)) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole].value = -1
        return removed
    }
}
