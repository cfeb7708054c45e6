@testable import OpenAddressing
import Testing

@Suite("IntegerHashTable")
struct IntegerHashTableTests {
    /// The first `count` non-negative keys whose probing starts at `home` in a table of 8 buckets.
    static func keys(home: Int, count: Int) -> [Int64] {
        var table = IntegerHashTable()
        table.reserveCapacity(4)
        return Array((Int64(0)...).lazy.filter { table.home(of: $0) == home }.prefix(count))
    }

    @Test("an empty table finds, updates and removes nothing")
    func empty() {
        var table = IntegerHashTable()
        #expect(table.count == 0)
        #expect(table.value(for: 0) == nil)
        table.update(5, for: 0)
        #expect(table.removeValue(for: 0) == nil)
        #expect(table.value(for: 0) == nil)
        #expect(table.count == 0)
    }

    @Test("insert records a value once and returns the recorded one after")
    func insertAndLookUp() {
        var table = IntegerHashTable()
        #expect(table.insert(7, for: 0) == nil)
        #expect(table.insert(8, for: -1) == nil)
        #expect(table.insert(9, for: .max) == nil)
        #expect(table.insert(10, for: .min) == nil)
        #expect(table.insert(11, for: 0) == 7)
        #expect(table.count == 4)
        #expect(table.value(for: 0) == 7)
        #expect(table.value(for: -1) == 8)
        #expect(table.value(for: .max) == 9)
        #expect(table.value(for: .min) == 10)
        #expect(table.value(for: 1) == nil)
    }

    @Test("update replaces the value of a present key only")
    func update() {
        var table = IntegerHashTable()
        _ = table.insert(1, for: 0)
        _ = table.insert(2, for: 42)
        table.update(3, for: 0)
        table.update(4, for: 43)
        #expect(table.value(for: 0) == 3)
        #expect(table.value(for: 42) == 2)
        #expect(table.value(for: 43) == nil)
        #expect(table.count == 2)
    }

    @Test("removal returns the value, and the key can be inserted again")
    func remove() {
        var table = IntegerHashTable()
        _ = table.insert(0, for: 0)
        _ = table.insert(1, for: 1)
        #expect(table.removeValue(for: 0) == 0)
        #expect(table.removeValue(for: 0) == nil)
        #expect(table.count == 1)
        #expect(table.value(for: 0) == nil)
        #expect(table.value(for: 1) == 1)
        #expect(table.insert(5, for: 0) == nil)
        #expect(table.value(for: 0) == 5)
        #expect(table.count == 2)
    }

    @Test("removal in the middle of a probe chain shifts the rest back", arguments: [0, 2, 7])
    func removeInProbeChain(home: Int) {
        // Three keys with one home bucket: from bucket 0, key 0 first; from bucket 7, probing wraps around.
        let chain = Self.keys(home: home, count: 3)
        var table = IntegerHashTable()
        table.reserveCapacity(4)
        for (value, key) in chain.enumerated() { _ = table.insert(value, for: key) }
        #expect(chain.map(table.bucket(of:)) == [home, (home + 1) % 8, (home + 2) % 8])

        #expect(table.removeValue(for: chain[1]) == 1)
        #expect(table.value(for: chain[0]) == 0)
        #expect(table.value(for: chain[1]) == nil)
        #expect(table.value(for: chain[2]) == 2)
        // No tombstone: the last key moved into the hole, and the bucket after it is empty.
        #expect(table.bucket(of: chain[2]) == (home + 1) % 8)
        #expect(table.bucket(of: chain[1]) == (home + 2) % 8)
        #expect(table.count == 2)
    }

    @Test("removal shifts back an entry of a later home, but not before its home")
    func removeBeforeLaterHome() {
        let first = Self.keys(home: 3, count: 2)
        let later = Self.keys(home: 4, count: 1)[0]
        var table = IntegerHashTable()
        table.reserveCapacity(4)
        _ = table.insert(10, for: first[0])
        _ = table.insert(11, for: first[1])
        _ = table.insert(12, for: later)
        #expect([first[0], first[1], later].map(table.bucket(of:)) == [3, 4, 5])

        #expect(table.removeValue(for: first[0]) == 10)
        #expect([first[1], later].map(table.bucket(of:)) == [3, 4])
        #expect(table.value(for: first[1]) == 11)
        #expect(table.value(for: later) == 12)

        #expect(table.removeValue(for: first[1]) == 11)
        #expect(table.bucket(of: later) == 4)
        #expect(table.value(for: later) == 12)
        #expect(table.count == 1)
    }

    @Test("the table fills three quarters of its buckets before it grows")
    func loadFactor() {
        var table = IntegerHashTable()
        for key in 0..<6 { #expect(table.insert(key, for: Int64(key)) == nil) }
        #expect(table.buckets.count == 8)
        #expect(table.insert(6, for: 6) == nil)
        #expect(table.buckets.count == 16)
        var reserved = IntegerHashTable()
        reserved.reserveCapacity(12)
        #expect(reserved.buckets.count == 16)
    }

    @Test("the table grows past its reserved capacity and keeps every key")
    func growth() {
        var table = IntegerHashTable()
        table.reserveCapacity(4)
        #expect(table.buckets.count == 8)
        let keys = (0..<1_000).map { Int64($0) * 7_919 - 500_000 }
        for (value, key) in keys.enumerated() { #expect(table.insert(value, for: key) == nil) }
        #expect(table.count == 1_000)
        #expect(table.buckets.count == 2_048)
        #expect(keys.enumerated().allSatisfy { table.value(for: $1) == $0 })
        for key in keys where key % 2 == 0 { table.removeValue(for: key) }
        #expect(table.count == 500)
        #expect(keys.enumerated().allSatisfy { table.value(for: $1) == ($1 % 2 == 0 ? nil : $0) })
    }
}
