import Foundation

/// A Swift type that attributes of one Core Data type store (see ``AttributeKind``): it converts
/// another Swift value to itself, and an attribute's value encodes as it.
protocol AttributeScalar: Encodable {
    /// `value` as this type, numbers converted exactly; nil when it is of another type or does not fit.
    static func converted(_ value: Any) -> Self?
}

extension AttributeScalar {
    static func converted(_ value: Any) -> Self? { value as? Self }
}

extension AttributeScalar where Self: FixedWidthInteger {
    static func converted(_ value: Any) -> Self? { AttributeValue.int64(value).flatMap { Self(exactly: $0) } }
}

extension AttributeScalar where Self: BinaryFloatingPoint {
    static func converted(_ value: Any) -> Self? { AttributeValue.double(value).map { Self($0) } }
}

extension Int16: AttributeScalar {}
extension Int32: AttributeScalar {}
extension Int64: AttributeScalar {}
extension Decimal: AttributeScalar {
    static func converted(_ value: Any) -> Decimal? { AttributeValue.decimal(value) }
}
extension Double: AttributeScalar {}
extension Float: AttributeScalar {}
extension Bool: AttributeScalar {
    static func converted(_ value: Any) -> Bool? { AttributeValue.bool(value) }
}
extension String: AttributeScalar {}
extension Date: AttributeScalar {}
extension Data: AttributeScalar {}
extension UUID: AttributeScalar {}
extension URL: AttributeScalar {}
