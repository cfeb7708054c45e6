@testable import OpenAddressing
import Testing

/// A table over an array of keys, as its owners keep one: the position of a key is its index.
private struct KeyedPositions {
    var keys: [Int64] = []
    var table = PositionHashTable()

    /// Appends `key` unless present; returns the present position, nil after appending.
    mutating func insert(_ key: Int64) -> Int? {
        let present = table.insert(keys.count, for: key) { keys[$0] }
        if present == nil { keys.append(key) }
        return present
    }

    func position(of key: Int64) -> Int? {
        table.position(of: key) { keys[$0] }
    }

    func bucket(of key: Int64) -> Int {
        table.bucket(of: key) { keys[$0] }
    }

    /// Removes `key` as an unordered set does: the last key moves into its position.
    mutating func remove(_ key: Int64) -> Int? {
        guard let position = table.remove(key, keyAt: { keys[$0] }) else { return nil }
        let last = keys.removeLast()
        if position < keys.count {
            keys[position] = last
            table.move(last, from: keys.count, to: position)
        }
        return position
    }
}

@Suite("PositionHashTable")
struct PositionHashTableTests {
    /// The first `count` non-negative keys whose probing starts at `home` in a table of 8 buckets.
    static func keys(home: Int, count: Int) -> [Int64] {
        var table = PositionHashTable()
        table.reserveCapacity(4) { _ in 0 }
        return Array((Int64(0)...).lazy.filter { table.home(of: $0) == home }.prefix(count))
    }

    @Test("an empty table finds and removes nothing")
    func empty() {
        var table = PositionHashTable()
        #expect(table.count == 0)
        #expect(table.position(of: 0) { _ in 0 } == nil)
        table.move(0, from: 0, to: 1)
        #expect(table.remove(0) { _ in 0 } == nil)
        #expect(table.count == 0)
    }

    @Test("insert records a position once and returns the recorded one after")
    func insertAndLookUp() {
        var positions = KeyedPositions()
        #expect(positions.insert(0) == nil)
        #expect(positions.insert(-1) == nil)
        #expect(positions.insert(.max) == nil)
        #expect(positions.insert(.min) == nil)
        #expect(positions.insert(0) == 0)
        #expect(positions.table.count == 4)
        #expect([0, -1, .max, .min, 1].map(positions.position(of:)) == [0, 1, 2, 3, nil])
    }

    @Test("move records a key's new position")
    func move() {
        var positions = KeyedPositions()
        _ = positions.insert(10)
        _ = positions.insert(42)
        positions.keys.swapAt(0, 1)
        positions.table.move(10, from: 0, to: 1)
        positions.table.move(42, from: 1, to: 0)
        #expect(positions.position(of: 10) == 1)
        #expect(positions.position(of: 42) == 0)
        #expect(positions.table.count == 2)
    }

    @Test("removal returns the position, and the key can be inserted again")
    func remove() {
        var positions = KeyedPositions()
        _ = positions.insert(0)
        _ = positions.insert(1)
        #expect(positions.remove(0) == 0)
        #expect(positions.remove(0) == nil)
        #expect(positions.table.count == 1)
        #expect(positions.position(of: 0) == nil)
        #expect(positions.position(of: 1) == 0)
        #expect(positions.insert(0) == nil)
        #expect(positions.position(of: 0) == 1)
        #expect(positions.table.count == 2)
    }

    @Test("removal in the middle of a probe chain shifts the rest back", arguments: [0, 2, 7])
    func removeInProbeChain(home: Int) {
        // Three keys with one home bucket: from bucket 0, key 0 first; from bucket 7, probing wraps around.
        let chain = Self.keys(home: home, count: 3)
        var positions = KeyedPositions()
        positions.table.reserveCapacity(4) { _ in 0 }
        for key in chain { _ = positions.insert(key) }
        #expect(chain.map(positions.bucket(of:)) == [home, (home + 1) % 8, (home + 2) % 8])

        #expect(positions.remove(chain[1]) == 1)
        #expect(positions.position(of: chain[0]) == 0)
        #expect(positions.position(of: chain[1]) == nil)
        #expect(positions.position(of: chain[2]) == 1)
        // No tombstone: the last key moved into the hole, and the bucket after it is empty.
        #expect(positions.bucket(of: chain[2]) == (home + 1) % 8)
        #expect(positions.bucket(of: chain[1]) == (home + 2) % 8)
        #expect(positions.table.count == 2)
    }

    @Test("removal shifts back an entry of a later home, but not before its home")
    func removeBeforeLaterHome() {
        let first = Self.keys(home: 3, count: 2)
        let later = Self.keys(home: 4, count: 1)[0]
        var positions = KeyedPositions()
        positions.table.reserveCapacity(4) { _ in 0 }
        for key in [first[0], first[1], later] { _ = positions.insert(key) }
        #expect([first[0], first[1], later].map(positions.bucket(of:)) == [3, 4, 5])

        #expect(positions.remove(first[0]) == 0)
        #expect([first[1], later].map(positions.bucket(of:)) == [3, 4])
        #expect(positions.position(of: first[1]) == 1)
        #expect(positions.position(of: later) == 0)

        #expect(positions.remove(first[1]) == 1)
        #expect(positions.bucket(of: later) == 4)
        #expect(positions.position(of: later) == 0)
        #expect(positions.table.count == 1)
    }

    @Test("the table fills three quarters of its buckets before it grows")
    func loadFactor() {
        var positions = KeyedPositions()
        for key in 0..<6 { #expect(positions.insert(Int64(key)) == nil) }
        #expect(positions.table.buckets.count == 8)
        #expect(positions.insert(6) == nil)
        #expect(positions.table.buckets.count == 16)
        var reserved = PositionHashTable()
        reserved.reserveCapacity(12) { _ in 0 }
        #expect(reserved.buckets.count == 16)
    }

    @Test("a bucket takes four bytes")
    func bucketSize() {
        var positions = KeyedPositions()
        for key in 0..<1_000 { _ = positions.insert(Int64(key)) }
        #expect(MemoryLayout.size(ofValue: positions.table.buckets[0]) == 4)
        #expect(positions.table.buckets.count == 2_048)
    }

    @Test("the table grows past its reserved capacity and keeps every key")
    func growth() {
        var positions = KeyedPositions()
        positions.table.reserveCapacity(4) { _ in 0 }
        #expect(positions.table.buckets.count == 8)
        let keys = (0..<1_000).map { Int64($0) * 7_919 - 500_000 }
        for key in keys { #expect(positions.insert(key) == nil) }
        #expect(positions.table.count == 1_000)
        #expect(positions.table.buckets.count == 2_048)
        #expect(keys.enumerated().allSatisfy { positions.position(of: $1) == $0 })
        for key in keys where key % 2 == 0 { _ = positions.remove(key) }
        #expect(positions.table.count == 500)
        #expect(positions.keys.count == 500)
        #expect(positions.keys.enumerated().allSatisfy { positions.position(of: $1) == $0 })
        #expect(keys.allSatisfy { $0 % 2 != 0 || positions.position(of: $0) == nil })
    }
}
