import Foundation

/// Coding keys that map every model property to a JSON key of the same name.
public struct CoreDataDefaultCodingKeys: AnyCoreDataCodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    public let stringValue: String

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init(propertyName: String) {
        stringValue = propertyName
    }

    public init(stringLiteral value: String) {
        stringValue = value
    }

    public var propertyName: String { stringValue }
}

/// Adopt to code every property under its own name, with ``CoreDataDefaultCodingKeys``.
///
/// <!-- snippet: partial -->
/// ```swift
/// final class Person: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys { ... }
/// ```
public protocol UsingDefaultCodingKeys {}

extension UsingDefaultCodingKeys {
    /// Every property under its own name.
    public typealias CodingKeys = CoreDataDefaultCodingKeys
}
