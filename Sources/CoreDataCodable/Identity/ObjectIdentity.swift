import Foundation

/// The identity values of one object, normalized so that values read from JSON and from the
/// store compare equal (every integer width as `Int64`, `Float` as `Double`, numbers from NSNumber).
struct ObjectIdentity: Hashable {
    /// Single integer and string values are kept unboxed: hashing identities is the hot path of
    /// large imports, and hashing an `AnyHashable` costs several times more. Other values live in
    /// an array, a single reference, so that an identity takes 24 bytes: large imports hold one
    /// per object in their lookup tables.
    private enum Storage: Hashable {
        case integer(Int64)
        case string(String)
        case other([AnyHashable])
    }

    private let storage: Storage

    /// The values, in identity-attribute order.
    var values: [AnyHashable] {
        switch storage {
        case .integer(let value): [AnyHashable(value)]
        case .string(let value): [AnyHashable(value)]
        case .other(let values): values
        }
    }

    /// The value of a single integer identity; nil for any other.
    var integer: Int64? {
        if case .integer(let value) = storage { value } else { nil }
    }

    /// Whether the identity is a single integer or string, held without boxing.
    var isUnboxed: Bool {
        switch storage {
        case .integer, .string: true
        case .other: false
        }
    }

    /// The value of the identity attribute at `index`, as a predicate constant.
    func constant(at index: Int) -> Any {
        switch storage {
        case .integer(let value): value
        case .string(let value): value
        case .other(let values): values[index].base
        }
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The identity of an integer identity attribute's value.
    init(integer: Int64) {
        self.init(storage: .integer(integer))
    }

    private init(_ values: [AnyHashable]) {
        guard values.count == 1 else {
            storage = .other(values)
            return
        }
        switch values[0].base {
        case let value as Int64: storage = .integer(value)
        case let value as String: storage = .string(value)
        default: storage = .other(values)
        }
    }

    /// An identity from the value of a single identity attribute of type `type`: an integer or a
    /// string is kept without boxing; other values are normalized.
    init?(value: Any, type: NSAttributeType) {
        let kind = AttributeKind.of(type)
        switch kind?.family {
        case .integer?:
            // Values read from objects are `NSNumber`s: recognized by class before the casts that
            // would try bridging to each Swift integer type.
            let number = Swift.type(of: value) is NSNumber.Type ? value as? NSNumber : nil
            guard let integer = number.map(AttributeValue.exactInteger) ?? AttributeValue.int64(value) else { return nil }
            self.init(storage: .integer(integer))
        case .string?:
            guard let string = value as? String else { return nil }
            self.init(storage: .string(string))
        default:
            guard let normalized = ObjectIdentity.normalized(value, kind: kind) else { return nil }
            self.init([normalized])
        }
    }

    /// The identity of `object` by the identity attributes' `properties`; nil when one of the
    /// values is nil. The import passes its mappings, which hold the attributes' names and types
    /// read once; a sync passes the attributes.
    init?(of object: NSManagedObject, properties: [some IdentityProperty]) {
        // A single attribute, the common case, goes without an array of values.
        if properties.count == 1, let property = properties.first {
            guard let value = object.value(forKey: property.name) else { return nil }
            self.init(value: value, type: property.attributeType)
            return
        }
        var values: [Any] = []
        values.reserveCapacity(properties.count)
        for property in properties {
            guard let value = object.value(forKey: property.name) else { return nil }
            values.append(value)
        }
        self.init(values: values, types: properties.map(\.attributeType))
    }

    /// An identity from the values of identity attributes of the types `types`, in their order.
    init?(values: [Any], types: [NSAttributeType]) {
        var normalized: [AnyHashable] = []
        normalized.reserveCapacity(values.count)
        for (value, type) in zip(values, types) {
            guard let element = ObjectIdentity.normalized(value, kind: AttributeKind.of(type)) else { return nil }
            normalized.append(element)
        }
        self.init(normalized)
    }

    /// Whether two values of an attribute of `kind` are equal once normalized.
    ///
    /// The common pairing, a value read from an object (numbers as `NSNumber`) against one decoded
    /// from JSON, is told by the attribute's kind with two casts and no boxing.
    static func isEqual(_ lhs: Any, _ rhs: Any, kind: AttributeKind?) -> Bool {
        switch kind?.family {
        case .string?:
            if let lhs = lhs as? String, let rhs = rhs as? String { return lhs == rhs }
        case .date?:
            if let lhs = lhs as? Date, let rhs = rhs as? Date { return lhs == rhs }
        case .integer?:
            if let lhs = lhs as? NSNumber, let rhs = rhs as? Int64 { return AttributeValue.exactInteger(lhs) == rhs }
        case .real?:
            if let lhs = lhs as? NSNumber, let rhs = rhs as? Double { return lhs.doubleValue == rhs }
        case .boolean?:
            if let lhs = lhs as? NSNumber, let rhs = rhs as? Bool { return AttributeValue.bool(lhs) == rhs }
        default:
            break
        }
        guard let lhs = normalized(lhs, kind: kind), let rhs = normalized(rhs, kind: kind) else { return false }
        return lhs == rhs
    }

    /// `value` as an identity holds a value of an attribute of `kind`: integers as `Int64`, real
    /// numbers as `Double`, decimals and Booleans as themselves, anything else as it is.
    static func normalized(_ value: Any, kind: AttributeKind?) -> AnyHashable? {
        switch kind?.family {
        case .integer?:
            return AttributeValue.int64(value).map(AnyHashable.init)
        case .real?:
            return AttributeValue.double(value).map(AnyHashable.init)
        case .decimal?:
            return AttributeValue.decimal(value).map(AnyHashable.init)
        case .boolean?:
            return AttributeValue.bool(value).map(AnyHashable.init)
        default:
            return value as? AnyHashable
        }
    }
}

/// An identity attribute as an identity reads it from an object: its name and type.
protocol IdentityProperty {
    var name: String { get }
    var attributeType: NSAttributeType { get }
}

extension PropertyMapping: IdentityProperty {}
extension NSAttributeDescription: IdentityProperty {}

extension ObjectIdentity: Comparable {
    /// Orders identities value by value: numbers numerically, strings and the rest by text.
    static func < (lhs: ObjectIdentity, rhs: ObjectIdentity) -> Bool {
        for (left, right) in zip(lhs.values, rhs.values) where left != right {
            return AttributeValue.isOrderedBefore(left.base, right.base)
        }
        return lhs.values.count < rhs.values.count
    }
}
