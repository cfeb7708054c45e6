// The one place that chooses the platform's Core Data.
#if canImport(CoreData)
@_exported import CoreData
@_exported import ManagedProperty

/// Apple's managed objects hold `@Managed` properties through key-value coding, as OpenCoreData's do.
extension NSManagedObject: @retroactive ManagedPropertyContainer {}

/// Lets a `@Managed` to-one relationship be declared as an optional subclass.
extension NSManagedObject: @retroactive ManagedOptionalValue {
    public static func fromStoredValue(_ value: Any) -> Self? {
        value as? Self
    }

    public var managedValue: Any? { self }
}
#else
@_exported import OpenCoreData
#endif
