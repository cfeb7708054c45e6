import Foundation

/// Whether `value` is `NSNull`, by its dynamic type: a plain `value is NSNull` goes through the
/// runtime's bridging casts (an `Int` or `String` is converted to a Foundation object first, a class
/// instance is checked against bridging conformances), which costs far more than the check.
package func isNullValue(_ value: Any) -> Bool {
    ObjectIdentifier(type(of: value)) == ObjectIdentifier(NSNull.self)
}
