import Foundation

/// An object whose properties are read and written by key: what `@Managed` needs from its
/// enclosing class. `NSManagedObject` adopts it on every platform.
public protocol ManagedPropertyContainer: AnyObject {
    /// Returns the value of the property named `key`.
    func value(forKey key: String) -> Any?
    /// Sets the property named `key` to `value`.
    func setValue(_ value: Any?, forKey key: String)
}
