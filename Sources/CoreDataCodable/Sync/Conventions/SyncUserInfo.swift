import Foundation

/// The model user-info keys that Sync, PropertyMapper and JSONCache read, and how their values are told.
enum SyncUserInfo {
    /// Marks an attribute as the entity's primary key: Sync's key, its older form, and JSONCache's.
    static let primaryKeyFlags = ["sync.isPrimaryKey", "hyper.isPrimaryKey", "JC.isIdentifier"]
    /// The JSON key, or key path, of a property.
    static let remoteKeys = ["sync.remoteKey", "hyper.remoteKey"]
    /// Keeps a property out of export, whatever its value.
    static let nonExportableKeys = ["sync.nonExportable", "hyper.nonExportable"]
    /// The name of a registered `ValueTransformer` between the JSON value and the stored one.
    static let valueTransformerKeys = ["sync.valueTransformer", "hyper.valueTransformer"]

    /// The first value `property`'s user info holds under `keys`, as a string.
    static func string(_ keys: [String], of property: NSPropertyDescription) -> String? {
        guard let userInfo = property.userInfo else { return nil }
        for key in keys {
            if let value = userInfo[key] { return value as? String ?? "\(value)" }
        }
        return nil
    }

    /// Whether `property`'s user info sets one of `keys` to YES or true, in any case (or 1).
    static func isSet(_ keys: [String], of property: NSPropertyDescription) -> Bool {
        guard let value = string(keys, of: property)?.lowercased() else { return false }
        return value == "yes" || value == "true" || value == "1"
    }

    /// Whether `property`'s user info holds one of `keys`, whatever its value.
    static func contains(_ keys: [String], of property: NSPropertyDescription) -> Bool {
        string(keys, of: property) != nil
    }
}
