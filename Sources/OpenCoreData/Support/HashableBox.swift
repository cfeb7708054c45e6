import Foundation

/// An `AnyHashable` behind a reference, so that enums and structs holding one (dictionary and set keys)
/// copy and compare without going through the runtime's existential value witnesses.
final class HashableBox: Hashable {
    let value: AnyHashable

    init(_ value: AnyHashable) {
        self.value = value
    }

    static func == (lhs: HashableBox, rhs: HashableBox) -> Bool {
        lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
