import Foundation

/// A type that a `@Managed` property can have.
public protocol ManagedPropertyValue {
    /// Makes a property value from what `value(forKey:)` returned.
    static func fromManagedValue(_ value: Any?) -> Self
    /// The value handed to `setValue(_:forKey:)`.
    var managedValue: Any? { get }
}

/// A type that a `@Managed` property can have as an optional (`String?`, `Country?`).
public protocol ManagedOptionalValue {
    /// Makes a value from a non-nil stored value; nil when the stored value is of another type.
    static func fromStoredValue(_ value: Any) -> Self?
    /// The value handed to `setValue(_:forKey:)`.
    var managedValue: Any? { get }
}

/// A scalar or value type that a `@Managed` property can have with or without an optional.
///
/// Read where nothing is stored, a non-optional property gives ``emptyManagedValue``
/// (zero, `false`, `""`, an empty `Data`...), as Core Data's scalar accessors do.
public protocol ManagedScalarValue: ManagedPropertyValue, ManagedOptionalValue {
    /// The value a non-optional property reads when nothing of its type is stored.
    static var emptyManagedValue: Self { get }
}

extension ManagedScalarValue {
    public static func fromManagedValue(_ value: Any?) -> Self {
        guard let value, !isNullValue(value) else { return emptyManagedValue }
        return fromStoredValue(value) ?? emptyManagedValue
    }

    public var managedValue: Any? { self }
}

extension Optional: ManagedPropertyValue where Wrapped: ManagedOptionalValue {
    public static func fromManagedValue(_ value: Any?) -> Self {
        guard let value, !isNullValue(value) else { return nil }
        return Wrapped.fromStoredValue(value)
    }

    public var managedValue: Any? { self?.managedValue ?? nil }
}

// MARK: - Numbers

extension Int: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Int? {
        (value as? Int) ?? (value as? NSNumber).flatMap { Int(exactly: $0.int64Value) }
    }
    public static var emptyManagedValue: Int { 0 }
}

extension Int16: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Int16? {
        (value as? Int16) ?? (value as? NSNumber).flatMap { Int16(exactly: $0.int64Value) }
    }
    public static var emptyManagedValue: Int16 { 0 }
}

extension Int32: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Int32? {
        (value as? Int32) ?? (value as? NSNumber).flatMap { Int32(exactly: $0.int64Value) }
    }
    public static var emptyManagedValue: Int32 { 0 }
}

extension Int64: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Int64? {
        (value as? Int64) ?? (value as? NSNumber)?.int64Value
    }
    public static var emptyManagedValue: Int64 { 0 }
}

extension Double: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Double? {
        (value as? Double) ?? (value as? NSNumber)?.doubleValue
    }
    public static var emptyManagedValue: Double { 0 }
}

extension Float: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Float? {
        (value as? Float) ?? (value as? NSNumber)?.floatValue
    }
    public static var emptyManagedValue: Float { 0 }
}

extension Bool: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Bool? {
        (value as? Bool) ?? (value as? NSNumber)?.boolValue
    }
    public static var emptyManagedValue: Bool { false }
}

extension Decimal: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Decimal? {
        if let decimal = value as? Decimal { return decimal }
        return (value as? NSNumber)?.decimalValue
    }
    public static var emptyManagedValue: Decimal { 0 }
}

// MARK: - Foundation values

extension String: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> String? { value as? String }
    public static var emptyManagedValue: String { "" }
}

extension Date: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Date? { value as? Date }
    /// The reference date (1 January 2001), Core Data's zero date.
    public static var emptyManagedValue: Date { Date(timeIntervalSinceReferenceDate: 0) }
}

extension Data: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> Data? { value as? Data }
    public static var emptyManagedValue: Data { Data() }
}

extension UUID: ManagedScalarValue {
    public static func fromStoredValue(_ value: Any) -> UUID? { value as? UUID }
    /// The nil UUID (all zeros).
    public static var emptyManagedValue: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}

extension URL: ManagedOptionalValue {
    public static func fromStoredValue(_ value: Any) -> URL? { value as? URL }
    public var managedValue: Any? { self }
}

// MARK: - To-many relationships

extension NSSet: ManagedPropertyValue {
    public static func fromManagedValue(_ value: Any?) -> Self {
        if let set = value as? Self { return set }
        if let empty = NSSet() as? Self { return empty }
        preconditionFailure("@Managed to-many properties are NSSet, not \(Self.self)")
    }
    public var managedValue: Any? { self }
}

extension NSOrderedSet: ManagedPropertyValue {
    public static func fromManagedValue(_ value: Any?) -> Self {
        if let set = value as? Self { return set }
        if let empty = NSOrderedSet() as? Self { return empty }
        preconditionFailure("@Managed ordered to-many properties are NSOrderedSet, not \(Self.self)")
    }
    public var managedValue: Any? { self }
}

extension Set: ManagedPropertyValue where Element: NSObject {
    public static func fromManagedValue(_ value: Any?) -> Set<Element> {
        guard let set = value as? NSSet else { return [] }
        var result = Set<Element>(minimumCapacity: set.count)
        for case let element as Element in set { result.insert(element) }
        return result
    }
    /// An `NSSet` for Apple's Core Data, which takes nothing else for a to-many relationship;
    /// the elements in an `[NSObject]` for OpenCoreData, which takes one without building an
    /// `NSSet` (making it was a fifth of an import written by hand with `@Managed` properties).
    ///
    /// The array's element type is always `NSObject`, which OpenCoreData tells by its exact type
    /// without casting each element. The set is read as a `Set<NSObject>`, whose layout is the same
    /// for any class element, so that its iteration is compiled for `NSObject` once: `@Managed`
    /// calls this through the protocol, where copying a `Set<Element>` ran generic code (32M of the
    /// 325M instructions of the object graph of an import of 5,000 people by hand).
    public var managedValue: Any? {
        #if canImport(CoreData)
        NSSet(array: Array(self))
        #else
        Array(unsafeBitCast(self, to: Set<NSObject>.self))
        #endif
    }
}
