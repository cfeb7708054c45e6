import Foundation

/// The model user-info keys that Sync, PropertyMapper, JSONCache and Groot read, and how their
/// values are told.
enum SyncUserInfo {
    /// Marks an attribute as the entity's primary key: Sync's key, its older form, and JSONCache's.
    static let primaryKeyFlags = ["sync.isPrimaryKey", "hyper.isPrimaryKey", "JC.isIdentifier"]
    /// The JSON key, or key path, of a property: Sync's key, its older form, and Groot's.
    static let remoteKeys = ["sync.remoteKey", "hyper.remoteKey", grootKeyPath]
    /// Groot's key path of a property. An entity one of whose properties has it maps only the
    /// properties that have it, as Groot does.
    static let grootKeyPath = "JSONKeyPath"
    /// Keeps a property out of export, whatever its value.
    static let nonExportableKeys = ["sync.nonExportable", "hyper.nonExportable"]
    /// The name of a registered `ValueTransformer` between the JSON value and the stored one:
    /// Sync's key, its older form, and Groot's.
    static let valueTransformerKeys = ["sync.valueTransformer", "hyper.valueTransformer", "JSONTransformerName"]
    /// An entity's identity attribute names, in its own user info or its superentity's: Groot's
    /// `identityAttributes` (comma-separated, several for a composite identity) and its older
    /// single `identityAttribute`.
    static let identityAttributeKeys = ["identityAttributes", "identityAttribute"]
    /// Groot's entity key naming a registered `ValueTransformer` that rewrites each JSON object of
    /// the entity before it is read.
    static let dictionaryTransformerKey = "JSONDictionaryTransformerName"
    /// Groot's entity key naming a registered `ValueTransformer` that gives, for a JSON object of
    /// the entity, the name of the subentity to make.
    static let entityMapperKey = "entityMapperName"

    /// The transformer name that `entity`'s user info, or its nearest superentity's, gives under
    /// `key`; nil when none does.
    static func transformerName(_ key: String, of entity: NSEntityDescription) -> NSValueTransformerName? {
        var current: NSEntityDescription? = entity
        while let entity = current {
            if let name = entity.userInfo?[key] {
                return NSValueTransformerName(rawValue: name as? String ?? "\(name)")
            }
            current = entity.superentity
        }
        return nil
    }

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

    /// The identity attribute names an entity's user info (or its nearest superentity's) gives
    /// under ``identityAttributeKeys``; empty when none does.
    static func identityAttributeNames(of entity: NSEntityDescription) -> [String] {
        var current: NSEntityDescription? = entity
        while let entity = current {
            for key in identityAttributeKeys {
                guard let value = entity.userInfo?[key] else { continue }
                let text = value as? String ?? "\(value)"
                return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            current = entity.superentity
        }
        return []
    }

    /// Whether `property`'s user info holds one of `keys`, whatever its value.
    static func contains(_ keys: [String], of property: NSPropertyDescription) -> Bool {
        string(keys, of: property) != nil
    }
}
