import Foundation

/// A `CodingKey` for one component of a JSON key path, or an array index.
struct JSONKey: CodingKey, Hashable, Sendable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    init(converting key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }
}
