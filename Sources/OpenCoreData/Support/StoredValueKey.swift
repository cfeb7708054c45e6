import Foundation

/// A stored (canonical) value as a dictionary key, equal when `storedValuesEqual` says so.
///
/// Integers, booleans, doubles, dates and strings are held unboxed: keys are hashed and compared by
/// the million when a save checks uniqueness constraints, and an existential (`AnyHashable`) in a key
/// makes every copy and comparison go through the runtime.
struct StoredValueKey: Hashable {
    private enum Tag: UInt8 {
        case integer, boolean, real, date, string, other, unhashable
    }

    private let tag: Tag
    private let bits: UInt64
    private let text: String?
    private let box: HashableBox?

    private init(tag: Tag, bits: UInt64 = 0, text: String? = nil, box: HashableBox? = nil) {
        self.tag = tag
        self.bits = bits
        self.text = text
        self.box = box
    }

    /// The key of `value`, a canonical value of an attribute of `kind` (or, for `nil` kinds, a related object).
    init(_ value: Any, kind: AttributeKind?) {
        switch kind {
        case .integer16, .integer32, .integer64:
            if let integer = value as? Int64 { self.init(tag: .integer, bits: UInt64(bitPattern: integer)); return }
        case .boolean:
            if let bool = value as? Bool { self.init(tag: .boolean, bits: bool ? 1 : 0); return }
        case .double:
            if let double = value as? Double, let bits = Self.bits(of: double) { self.init(tag: .real, bits: bits); return }
        case .date:
            if let date = value as? Date, let bits = Self.bits(of: date.timeIntervalSinceReferenceDate) { self.init(tag: .date, bits: bits); return }
        case .string:
            if let string = value as? String { self.init(tag: .string, text: string); return }
        case .float, .decimal, .binary, .uuid, .uri, .any, nil:
            break
        }
        if let hashable = value as? AnyHashable {
            self.init(tag: .other, box: HashableBox(hashable))
        } else {
            self.init(tag: .unhashable)
        }
    }

    /// The bits of a double that compare as the double does: zeros alike; nil for NaN (never equal to itself).
    private static func bits(of double: Double) -> UInt64? {
        guard !double.isNaN else { return nil }
        return double == 0 ? 0 : double.bitPattern
    }
}

/// The values of several slots (a uniqueness constraint) as one dictionary key, without an array for one slot.
enum StoredValuesKey: Hashable {
    case single(StoredValueKey)
    case multiple([StoredValueKey])
}

extension EntityLayout {
    /// The attribute kind of `slot`; nil for relationships.
    func attributeKind(at slot: Int) -> AttributeKind? {
        if case .attribute(let kind) = kinds[slot] { return kind }
        return nil
    }

    /// The key of the values of `slots` in `slotValues` (an object's or a row's values); nil when one is nil.
    func storedValuesKey(of slotValues: [Any?], at slots: [Int]) -> StoredValuesKey? {
        if slots.count == 1 {
            return slotValues[slots[0]].map { .single(StoredValueKey($0, kind: attributeKind(at: slots[0]))) }
        }
        return storedValuesKey(slots.map { slotValues[$0] }, slots: slots)
    }

    /// The key of `values`, the values of `slots` in order; nil when one is nil.
    func storedValuesKey(_ values: [Any?], slots: [Int]) -> StoredValuesKey? {
        if slots.count == 1, let value = values[0] {
            return .single(StoredValueKey(value, kind: attributeKind(at: slots[0])))
        }
        var keys: [StoredValueKey] = []
        keys.reserveCapacity(slots.count)
        for (value, slot) in zip(values, slots) {
            guard let value else { return nil }
            keys.append(StoredValueKey(value, kind: attributeKind(at: slot)))
        }
        return keys.count == 1 ? .single(keys[0]) : .multiple(keys)
    }
}
