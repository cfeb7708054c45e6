import Foundation

/// Lets a `@Managed` to-one relationship be declared as an optional subclass (`@Managed var country: Country?`).
extension NSManagedObject: ManagedOptionalValue {
    public static func fromStoredValue(_ value: Any) -> Self? {
        value as? Self
    }

    public var managedValue: Any? { self }
}
