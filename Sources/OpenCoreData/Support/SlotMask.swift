/// A set of slot indexes, as a bit mask (the changed properties of an object).
///
/// The first 64 slots live inline, so entities of up to 64 properties never allocate.
struct SlotMask: Equatable {
    private var first: UInt64 = 0
    private var rest: [UInt64] = []

    init() {}

    var isEmpty: Bool { first == 0 && rest.allSatisfy { $0 == 0 } }

    func contains(_ slot: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(slot & 63)
        let word = slot >> 6
        if word == 0 { return first & bit != 0 }
        return word - 1 < rest.count && rest[word - 1] & bit != 0
    }

    mutating func insert(_ slot: Int) {
        let bit: UInt64 = 1 << UInt64(slot & 63)
        let word = slot >> 6
        if word == 0 {
            first |= bit
            return
        }
        while rest.count < word { rest.append(0) }
        rest[word - 1] |= bit
    }

    mutating func removeAll() {
        first = 0
        rest.removeAll()
    }

    /// The slots in the mask, in increasing order.
    var slots: [Int] {
        var result: [Int] = []
        for (index, word) in ([first] + rest).enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { result.append(index << 6 | bit) }
        }
        return result
    }
}
