import Foundation

/// How an attribute's values are stored in memory: one canonical Swift type per attribute type.
///
/// Integers are `Int64`, floating-point values `Double` or `Float`, decimals `Decimal`, booleans `Bool`;
/// Foundation values as themselves. `value(forKey:)` hands them out as Core Data does (`NSNumber`,
/// `NSDecimalNumber`), so `as? Int` and `as? Bool` casts behave as on Apple platforms.
enum AttributeKind: Sendable {
    case integer16, integer32, integer64, decimal, double, float, string, boolean, date, binary, uuid, uri
    /// Transformable, undefined, object ID and composite attributes: any value, stored as given.
    case any

    init(_ type: NSAttributeType) {
        switch type {
        case .integer16AttributeType: self = .integer16
        case .integer32AttributeType: self = .integer32
        case .integer64AttributeType: self = .integer64
        case .decimalAttributeType: self = .decimal
        case .doubleAttributeType: self = .double
        case .floatAttributeType: self = .float
        case .stringAttributeType: self = .string
        case .booleanAttributeType: self = .boolean
        case .dateAttributeType: self = .date
        case .binaryDataAttributeType: self = .binary
        case .UUIDAttributeType: self = .uuid
        case .URIAttributeType: self = .uri
        case .undefinedAttributeType, .transformableAttributeType, .objectIDAttributeType, .compositeAttributeType: self = .any
        }
    }

    /// The name of the class Core Data expects, for messages.
    var expectedClassName: String {
        switch self {
        case .integer16, .integer32, .integer64, .double, .float, .boolean: "NSNumber"
        case .decimal: "NSDecimalNumber"
        case .string: "NSString"
        case .date: "NSDate"
        case .binary: "NSData"
        case .uuid: "NSUUID"
        case .uri: "NSURL"
        case .any: "NSObject"
        }
    }

    /// Converts a value given to `setValue(_:forKey:)` into the stored form.
    ///
    /// Returns `.some(nil)` for nil and `NSNull`, nil when the value has the wrong type.
    func canonicalValue(_ value: Any?) -> Any?? {
        guard let value else { return .some(nil) }
        // A value already of the stored type, recognized by its exact type before the general casts.
        let type = ObjectIdentifier(type(of: value))
        switch self {
        case .integer16, .integer32, .integer64: if type == ObjectIdentifier(Int64.self) { return value }
        case .double: if type == ObjectIdentifier(Double.self) { return value }
        case .string: if type == ObjectIdentifier(String.self) { return value }
        case .date: if type == ObjectIdentifier(Date.self) { return value }
        case .boolean: if type == ObjectIdentifier(Bool.self) { return value }
        case .decimal, .float, .binary, .uuid, .uri, .any: break
        }
        guard !isNullValue(value) else { return .some(nil) }
        switch self {
        case .integer16, .integer32, .integer64:
            if let integer = value as? Int { return Int64(integer) }
            return Self.number(value, as: Int64.self, \.int64Value)
        case .double:
            return Self.number(value, as: Double.self, \.doubleValue)
        case .float:
            return Self.number(value, as: Float.self, \.floatValue)
        case .decimal:
            return Self.number(value, as: Decimal.self, \.decimalValue)
        case .boolean:
            if let bool = value as? Bool { return bool }
            if value is String { return nil }
            return (value as? NSNumber)?.boolValue
        case .string:
            return value as? String
        case .date:
            return value as? Date
        case .binary:
            return value as? Data
        case .uuid:
            return value as? UUID
        case .uri:
            return value as? URL
        case .any:
            return value
        }
    }

    /// `value` as a `Number`: itself, or converted from any other number (not from a Boolean or a string).
    private static func number<Number>(_ value: Any, as type: Number.Type, _ convert: (NSNumber) -> Number) -> Number? {
        if let number = value as? Number { return number }
        if value is Bool || value is String { return nil }
        return (value as? NSNumber).map(convert)
    }

    /// The stored value as `value(forKey:)` returns it.
    func publicValue(_ stored: Any?) -> Any? {
        guard let stored else { return nil }
        switch self {
        case .integer16:
            return (stored as? Int64).map { NSNumber(value: Int16(truncatingIfNeeded: $0)) }
        case .integer32:
            return (stored as? Int64).map { NSNumber(value: Int32(truncatingIfNeeded: $0)) }
        case .integer64:
            return (stored as? Int64).map { NSNumber(value: $0) }
        case .double:
            return (stored as? Double).map { NSNumber(value: $0) }
        case .float:
            return (stored as? Float).map { NSNumber(value: $0) }
        case .boolean:
            return (stored as? Bool).map { NSNumber(value: $0) }
        case .decimal:
            return (stored as? Decimal).map { NSDecimalNumber(decimal: $0) }
        case .string, .date, .binary, .uuid, .uri, .any:
            return stored
        }
    }
}
