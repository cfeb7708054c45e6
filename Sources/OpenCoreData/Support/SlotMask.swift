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
    ///
    /// Read set bit by set bit, without an array: saves and change processing walk the changed slots
    /// of every object they handle, and building them as an array cost 2,000 instructions an object.
    var slots: Slots { Slots(mask: self) }

    /// The slots of a mask, in increasing order.
    struct Slots: Sequence {
        let mask: SlotMask

        func makeIterator() -> Iterator { Iterator(mask) }

        /// Goes through the words of the mask, taking the lowest set bit of the current one.
        struct Iterator: IteratorProtocol {
            private let rest: [UInt64]
            private var word: UInt64
            /// The index of the current word: 0 for the inline one, then 1 past its index in `rest`.
            private var wordIndex = 0

            init(_ mask: SlotMask) {
                rest = mask.rest
                word = mask.first
            }

            mutating func next() -> Int? {
                while word == 0 {
                    guard wordIndex < rest.count else { return nil }
                    word = rest[wordIndex]
                    wordIndex += 1
                }
                let bit = word.trailingZeroBitCount
                word &= word - 1
                return wordIndex << 6 | bit
            }
        }
    }
}
