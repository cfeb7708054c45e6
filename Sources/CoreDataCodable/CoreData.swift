// The one place that chooses the platform's Core Data.
#if canImport(CoreData)
@_exported import CoreData
@_exported import ManagedProperty

// `ManagedProperty` belongs to this package, so these conformances are not retroactive (SwiftPM
// builds every target with the same `-package-name`, and Swift 6 rejects `@retroactive` then).

/// Apple's managed objects hold `@Managed` properties through key-value coding, as OpenCoreData's do.
extension NSManagedObject: ManagedPropertyContainer {}

/// Lets a `@Managed` to-one relationship be declared as an optional subclass.
extension NSManagedObject: ManagedOptionalValue {
    public static func fromStoredValue(_ value: Any) -> Self? {
        value as? Self
    }

    public var managedValue: Any? { self }
}
#else
@_exported import OpenCoreData
#endif
