import Foundation

/// A `CodingKey` for one component of a JSON key path, or an array index.
struct JSONKey: CodingKey, Hashable, Sendable {
    /// The key; nil for an array index, which is named only when asked (`Index 3`, as
    /// `JSONDecoder` names it): an array's every element has a key, and few are ever named.
    private let name: String?
    let intValue: Int?

    init(_ string: String) {
        name = string
        intValue = nil
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        name = nil
        self.intValue = intValue
    }

    /// The key `key` stands for: an index named as an index is one, so that it equals the index's key.
    init(converting key: any CodingKey) {
        intValue = key.intValue
        // The prefix is checked first, so that a key of the app's with an integer value costs no
        // string to compare with.
        if let index = key.intValue, key.stringValue.hasPrefix("Index "), key.stringValue == "Index \(index)" {
            name = nil
        } else {
            name = key.stringValue
        }
    }

    var stringValue: String { name ?? "Index \(intValue ?? 0)" }
}
