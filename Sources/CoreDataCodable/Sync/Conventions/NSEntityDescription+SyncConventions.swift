import Foundation

extension NSEntityDescription {
    /// The attributes a sync identifies the entity's objects by, in order: the model's identity,
    /// with Sync's and Lidenbrock's conventional names (``identityAttributeNames(declared:conventions:)``).
    var syncIdentityAttributes: [NSAttributeDescription] {
        identityAttributeNames(declared: .fromModel, conventions: true).compactMap { attributesByName[$0] }
    }

    /// The entity's ``syncIdentityAttributes`` for a sync into it. An entity without any is
    /// synced only when it maps by Groot's keys, as Groot does: each element then inserts an
    /// object. Any other throws ``CoreDataCodableError/noPrimaryKey``.
    func syncIdentityAttributesRequired() throws -> [NSAttributeDescription] {
        let attributes = syncIdentityAttributes
        guard !attributes.isEmpty || mapsOnlyJSONKeyPaths else { throw CoreDataCodableError(.noPrimaryKey(entity: codableName)) }
        return attributes
    }

    /// The entity's single sync identity attribute (``syncIdentityAttributes``), by which bare
    /// identifiers name its objects; nil when there is none or the identity is composite.
    var syncPrimaryKeyAttribute: NSAttributeDescription? {
        let attributes = syncIdentityAttributes
        return attributes.count == 1 ? attributes[0] : nil
    }

    /// Whether the entity follows Groot's mapping: one of its properties has a `JSONKeyPath`, so
    /// only the properties that have one are read and exported.
    var mapsOnlyJSONKeyPaths: Bool {
        properties.contains { $0.userInfo?[SyncUserInfo.grootKeyPath] != nil }
    }

    /// The names that make an attribute the primary key by convention, in order of precedence:
    /// Sync's `id` and `remoteID`, and Lidenbrock's `syncID`. Each is written `id` in JSON.
    static let conventionalPrimaryKeyNames = ["id", "remoteID", "syncID"]
}

extension NSPropertyDescription {
    /// The JSON key, or dotted key path, Sync's conventions give this property in `style`:
    /// `sync.remoteKey` (or `hyper.remoteKey`); else `id` for an attribute named `id`, `remoteID`
    /// or `syncID`; else its name converted. A reserved word prefixed with the entity's name
    /// (`userDescription`, `userType`, `userSigned`) gives the word (`description`).
    func syncRemoteKey(in entity: NSEntityDescription, style: JSONKeyStyle) -> String {
        if let custom = SyncUserInfo.string(SyncUserInfo.remoteKeys, of: self) { return custom }
        if self is NSAttributeDescription, NSEntityDescription.conventionalPrimaryKeyNames.contains(name) { return "id" }
        if let word = reservedWord(in: entity) {
            return word
        }
        switch style {
        case .snakeCase: return Inflection.snakeCase(name) ?? name
        case .camelCase: return name
        }
    }

    /// The JSON key paths a payload object of `entity` may give this property's value under, in the
    /// order a sync tries them, without repeats: its remote key in snake_case, in camelCase, and its
    /// name (Lidenbrock's `_id` after `id` for a `syncID`); in an entity that maps by Groot's keys,
    /// only its `JSONKeyPath`, and none without one. `identifiers` are the keys of a relationship's
    /// bare identifiers, tried after them: `<name>_id` for a to-one, `<name>_ids` for a to-many
    /// (also `<singular>_ids`, `<name>IDs`, `<name>Ids`); none in an entity that maps by Groot's keys.
    ///
    /// The one place a sync's JSON keys are decided; ``syncRemoteKey(in:style:)`` gives the first.
    func syncKeyPaths(in entity: NSEntityDescription) -> (values: [[String]], identifiers: [[String]]) {
        var keys = [syncRemoteKey(in: entity, style: .snakeCase), syncRemoteKey(in: entity, style: .camelCase), name]
        let grootOnly = entity.mapsOnlyJSONKeyPaths
        if grootOnly { keys = SyncUserInfo.string([SyncUserInfo.grootKeyPath], of: self).map { [$0] } ?? [] }
        if name == "syncID", self is NSAttributeDescription { keys.insert("_id", at: 1) }
        var paths: [[String]] = []
        for key in keys {
            let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if !paths.contains(path) { paths.append(path) }
        }
        guard let relationship = self as? NSRelationshipDescription, !grootOnly else { return (paths, []) }
        let snake = Inflection.snakeCase(name) ?? name
        var identifiers = relationship.isToMany ? [snake + "_ids", name + "IDs", name + "Ids"] : [snake + "_id", name + "ID", name + "Id"]
        if relationship.isToMany, snake.hasSuffix("s") { identifiers.append(String(snake.dropLast()) + "_ids") }
        return (paths, identifiers.map { [$0] })
    }

    /// The reserved word this attribute stands for, when its name is the entity's name (first
    /// letter lowercased) followed by the word capitalized.
    private func reservedWord(in entity: NSEntityDescription) -> String? {
        guard self is NSAttributeDescription else { return nil }
        let prefix = entity.codableName.prefix(1).lowercased() + entity.codableName.dropFirst()
        return Self.syncReservedWords.first { name == prefix + $0.prefix(1).uppercased() + $0.dropFirst() }
    }

    /// JSON keys that cannot be attribute names, so models prefix them with the entity's name.
    static let syncReservedWords = ["type", "description", "signed"]

    /// Whether `sync.nonExportable` keeps the property out of export.
    var isSyncExportable: Bool { !SyncUserInfo.contains(SyncUserInfo.nonExportableKeys, of: self) }

    /// The name of the registered `ValueTransformer` that `sync.valueTransformer` names, if any.
    var syncValueTransformerName: String? { SyncUserInfo.string(SyncUserInfo.valueTransformerKeys, of: self) }
}

extension NSManagedObject {
    /// The identity of the object's values of the identity attributes `attributes`; nil when one
    /// is not set.
    func identity(of attributes: [NSAttributeDescription]) -> ObjectIdentity? {
        ObjectIdentity(of: self, properties: attributes)
    }
}
