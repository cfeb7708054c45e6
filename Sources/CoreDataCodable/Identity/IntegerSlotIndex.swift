/// The slots of integer identities, for ``IdentityTable``: an open-addressing hash table of
/// `Int64` keys.
///
/// Integer identities are the common case of large imports. A `[ObjectIdentity: Int]` hashes
/// every key with SipHash and compares keys through the identity's enum; this table multiplies
/// the key by a constant and keeps each key beside its slot, so a lookup touches one cache line.
/// Linear probing; slots are never removed.
struct IntegerSlotIndex {
    private struct Entry {
        var key: Int64
        /// The slot; -1 for an empty bucket.
        var slot: Int
    }

    private var buckets: [Entry] = []
    private(set) var count = 0
    /// `buckets.count - 1`; the bucket count is a power of two.
    private var mask = 0
    /// The right shift that keeps the high bits of the product as the bucket index.
    private var shift: UInt64 = 64

    /// Makes room for `capacity` keys before the table grows.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity * 2 > buckets.count else { return }
        var size = 8
        while size < capacity * 2 { size *= 2 }
        let old = buckets
        buckets = Array(repeating: Entry(key: 0, slot: -1), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        for entry in old where entry.slot >= 0 { buckets[bucket(of: entry.key)] = entry }
    }

    private func bucket(of key: Int64) -> Int {
        var index = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
        while buckets[index].slot >= 0, buckets[index].key != key { index = (index + 1) & mask }
        return index
    }

    /// The slot of `key`, nil when absent.
    func slot(of key: Int64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let entry = buckets[bucket(of: key)]
        return entry.slot >= 0 ? entry.slot : nil
    }

    /// The slot of `key`, recorded as `next` if absent.
    mutating func slot(of key: Int64, default next: Int) -> Int {
        if (count + 1) * 2 > buckets.count { reserveCapacity(max(count + 1, count * 2)) }
        let index = bucket(of: key)
        if buckets[index].slot >= 0 { return buckets[index].slot }
        buckets[index] = Entry(key: key, slot: next)
        count += 1
        return next
    }
}
