import Foundation

/// Coding keys that map every model property to the JSON key Sync's conventions give it:
/// `sync.remoteKey` (a key path included), `id` for `remoteID`, reserved words
/// (`description` for `userDescription`), else the name in snake_case with acronyms kept whole
/// (`userID` as `user_id`). Adopt ``UsingModelKeys`` to use them.
///
/// The key path is read from the entity when the type's mapping is built; ``stringValue`` is the
/// property's name.
public struct CoreDataModelCodingKeys: AnyCoreDataCodingKey, Hashable, Sendable {
    public let stringValue: String

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init(propertyName: String) {
        stringValue = propertyName
    }

    public var propertyName: String { stringValue }
}

/// Adopt to code every property under the JSON key the model gives it by Sync's conventions,
/// as entity-name syncs do, with ``CoreDataModelCodingKeys``.
///
/// <!-- snippet: partial -->
/// ```swift
/// final class User: NSManagedObject, CoreDataCodable, UsingModelKeys { ... }   // {"user_id": 1, "first_name": …}
/// ```
public protocol UsingModelKeys {}

extension UsingModelKeys {
    /// Every property under its model-given key.
    public typealias CodingKeys = CoreDataModelCodingKeys
}
