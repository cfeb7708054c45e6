/// An open-addressing hash table of positions in an array its owner keeps, found by a 64-bit key
/// that the element at each position has.
///
/// CoreDataCodable finds the slots of integer identities in one (the common case of large imports),
/// OpenCoreData the positions of objects, by address, in a large to-many relationship (the
/// inverse side shared by thousands of objects, such as a country's people, grows by one insertion
/// per related object), and `@Managed` the key of a property by its key path's address. A
/// `[Int64: Int]` or `[ObjectIdentifier: Int]` hashes every key with SipHash and keeps keys and
/// values in separate arrays; this table multiplies the key by a constant.
///
/// A bucket holds only a position, in 4 bytes: the key is the owner's, read through `keyAt` when
/// probing. With 16-byte buckets holding each key beside its value, the README benchmark's first
/// import of 100k people peaked 11.5 MB higher (334 MB against 322 MB), for the same instructions.
/// Positions are below 2^32 - 1: no array that large fits in memory.
///
/// Linear probing over a power-of-two number of buckets, at most three quarters full: at most half
/// full, the same import peaked 6 MB higher for the same instructions. Removal shifts back the
/// entries that follow, so no tombstones are left.
package struct PositionHashTable {
    /// Each bucket's position plus one; 0 for an empty bucket.
    @usableFromInline var buckets: [UInt32] = []
    @usableFromInline var occupied = 0
    /// `buckets.count - 1`; the bucket count is a power of two.
    @usableFromInline var mask = 0
    /// The right shift that keeps the high bits of the product as the bucket index.
    @usableFromInline var shift: UInt64 = 64

    /// An empty table, which allocates no buckets until the first insertion.
    @inlinable
    package init() {}

    /// The number of positions.
    @inlinable
    package var count: Int { occupied }

    /// Makes room for `capacity` positions before the table grows; `keyAt` gives the key of the
    /// element at a position the table holds.
    @inlinable
    package mutating func reserveCapacity(_ capacity: Int, keyAt: (Int) -> Int64) {
        guard capacity * 4 > buckets.count * 3 else { return }
        var size = 8
        while size * 3 < capacity * 4 { size *= 2 }
        let old = buckets
        buckets = Array(repeating: 0, count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        for stored in old where stored != 0 {
            var index = home(of: keyAt(Int(stored) - 1))
            while buckets[index] != 0 { index = (index + 1) & mask }
            buckets[index] = stored
        }
    }

    /// The bucket where probing for `key` starts.
    @inlinable
    func home(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The bucket holding the position of `key`, or the empty bucket where it would go; the table
    /// has buckets.
    @inlinable
    func bucket(of key: Int64, keyAt: (Int) -> Int64) -> Int {
        var index = home(of: key)
        while buckets[index] != 0, keyAt(Int(buckets[index]) - 1) != key { index = (index + 1) & mask }
        return index
    }

    /// The position of `key`, nil when absent.
    @inlinable
    package func position(of key: Int64, keyAt: (Int) -> Int64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let stored = buckets[bucket(of: key, keyAt: keyAt)]
        return stored != 0 ? Int(stored) - 1 : nil
    }

    /// Records `position` for `key` unless the key is present; returns its present position then,
    /// nil after recording. `keyAt` is not asked for `position`, whose element the owner may add after.
    @inlinable
    package mutating func insert(_ position: Int, for key: Int64, keyAt: (Int) -> Int64) -> Int? {
        if (occupied + 1) * 4 > buckets.count * 3 { reserveCapacity(occupied + 1, keyAt: keyAt) }
        let index = bucket(of: key, keyAt: keyAt)
        if buckets[index] != 0 { return Int(buckets[index]) - 1 }
        buckets[index] = UInt32(position + 1)
        occupied += 1
        return nil
    }

    /// Records that the element of `key` moved from position `old` to `new`.
    @inlinable
    package mutating func move(_ key: Int64, from old: Int, to new: Int) {
        guard !buckets.isEmpty else { return }
        let stored = UInt32(old + 1)
        var index = home(of: key)
        while buckets[index] != 0 {
            if buckets[index] == stored {
                buckets[index] = UInt32(new + 1)
                return
            }
            index = (index + 1) & mask
        }
    }

    /// Removes `key`, whose element is still at its position; returns the position, nil when absent.
    @inlinable
    @discardableResult
    package mutating func remove(_ key: Int64, keyAt: (Int) -> Int64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        var hole = bucket(of: key, keyAt: keyAt)
        let removed = buckets[hole]
        guard removed != 0 else { return nil }
        occupied -= 1
        // Entries after the hole that would not be found past it move back into it.
        var next = (hole + 1) & mask
        while buckets[next] != 0 {
            if (next - home(of: keyAt(Int(buckets[next]) - 1))) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
        return Int(removed) - 1
    }
}
