import Foundation

/// Conversions between attribute values as Swift types and as Core Data returns them (NSNumber,
/// NSDecimalNumber...). Integer conversions are exact: a value that does not fit gives nil.
enum AttributeValue {
    static func int64(_ value: Any) -> Int64? {
        switch value {
        case let value as Int64: return value
        case let value as Int: return Int64(value)
        case let value as Int32: return Int64(value)
        case let value as Int16: return Int64(value)
        case let value as Int8: return Int64(value)
        case let value as UInt64: return Int64(exactly: value)
        case let value as UInt: return Int64(exactly: value)
        case let value as UInt32: return Int64(value)
        case let value as UInt16: return Int64(value)
        case let value as UInt8: return Int64(value)
        case is Bool, is Double, is Float, is Decimal: return nil
        case let value as NSNumber: return exactInteger(value)
        default: return nil
        }
    }

    /// A JSON number as `Integer`, as JSON decoders read one: an integer that fits, or a `Double`
    /// without a fraction that fits.
    static func jsonInteger<Integer: FixedWidthInteger>(_ value: Any, as type: Integer.Type) -> Integer? {
        if let double = value as? Double { return Integer(exactly: double) }
        return int64(value).flatMap { Integer(exactly: $0) }
    }

    static func double(_ value: Any) -> Double? {
        switch value {
        case let value as Double: return value
        case let value as Float: return Double(value)
        case is Bool: return nil
        case let value as Decimal: return NSDecimalNumber(decimal: value).doubleValue
        case let value as NSNumber: return value.doubleValue
        default: return int64(value).map(Double.init)
        }
    }

    static func decimal(_ value: Any) -> Decimal? {
        switch value {
        case let value as Decimal: return value
        case is Bool: return nil
        case let value as Double: return Decimal(value)
        case let value as Float: return Decimal(Double(value))
        case let value as NSNumber: return value.decimalValue
        default: return int64(value).map { Decimal($0) }
        }
    }

    static func bool(_ value: Any) -> Bool? {
        switch value {
        case let value as Bool: return value
        case let value as NSNumber: return bool(value)
        default: return nil
        }
    }

    /// A number that is exactly 0 or 1 as a Boolean. Taking the number itself spares the cast to
    /// `Bool` an `Any` would get first, which bridges on Linux.
    static func bool(_ number: NSNumber) -> Bool? {
        let integer = number.int64Value
        guard integer == 0 || integer == 1, number.doubleValue == Double(integer) else { return nil }
        return integer == 1
    }

    /// `value` as `type`, converting between number types exactly (an `Int` read as `Int64`).
    static func cast<T>(_ value: Any, to type: T.Type) -> T? {
        if let value = value as? T { return value }
        let converted: Any? = switch type {
        case is Int.Type: int64(value).flatMap { Int(exactly: $0) }
        case let scalarType as any AttributeScalar.Type: scalarType.converted(value)
        default: nil
        }
        return converted as? T
    }

    /// A total order on identity values: numbers numerically, then by type, then by description.
    static func isOrderedBefore(_ lhs: Any, _ rhs: Any) -> Bool {
        if let left = sortableNumber(lhs), let right = sortableNumber(rhs) { return left < right }
        if let left = lhs as? Date, let right = rhs as? Date { return left < right }
        return sortableText(lhs) < sortableText(rhs)
    }

    private static func sortableNumber(_ value: Any) -> Decimal? {
        value is Bool ? nil : decimal(value)
    }

    private static func sortableText(_ value: Any) -> String {
        switch value {
        case let value as String: return value
        case let value as UUID: return value.uuidString
        case let value as URL: return value.absoluteString
        default: return String(describing: value)
        }
    }

    static func exactInteger(_ number: NSNumber) -> Int64? {
        let integer = number.int64Value
        return number.doubleValue == Double(integer) ? integer : nil
    }
}
