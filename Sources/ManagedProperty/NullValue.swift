import Foundation

/// Whether `value` is `NSNull`, checked without bridging: a plain `value is NSNull` converts every
/// Swift value (an `Int`, a `String`) to a Foundation object first, which costs far more than the check.
package func isNullValue(_ value: Any) -> Bool {
    type(of: value) is AnyClass && value is NSNull
}
