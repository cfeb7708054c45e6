/// A set of slot indexes, as a bit mask (the changed properties of an object).
struct SlotMask: Equatable {
    private var words: [UInt64]

    init(slotCount: Int) {
        words = []
        words.reserveCapacity((slotCount + 63) / 64)
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    func contains(_ slot: Int) -> Bool {
        let word = slot >> 6
        return word < words.count && words[word] & (1 << UInt64(slot & 63)) != 0
    }

    mutating func insert(_ slot: Int) {
        let word = slot >> 6
        while words.count <= word { words.append(0) }
        words[word] |= 1 << UInt64(slot & 63)
    }

    mutating func removeAll() {
        words.removeAll(keepingCapacity: true)
    }

    /// The slots in the mask, in increasing order.
    var slots: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { result.append(index << 6 | bit) }
        }
        return result
    }
}
