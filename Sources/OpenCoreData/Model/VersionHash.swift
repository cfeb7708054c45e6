import Foundation

// Version hashes: digests of what makes stored data compatible with a model. Stores record them and
// refuse (or migrate) a model whose hashes differ. Names, types, optionality, inheritance and relationship
// shapes count; user info, indexes, default values and class names do not, as in Core Data.

extension NSPropertyDescription {
    /// A SHA-256 digest of the property's storage-relevant definition.
    public var versionHash: Data {
        SHA256.hash(Data(versionHashDescription.utf8))
    }

    /// The text the version hash digests.
    var versionHashDescription: String {
        var parts = [name, isOptional ? "optional" : "required", isTransient ? "transient" : "stored", versionHashModifier ?? ""]
        if let attribute = self as? NSAttributeDescription {
            parts.append("attribute:\(attribute.attributeType.rawValue)")
        } else if let relationship = self as? NSRelationshipDescription {
            parts.append("relationship:\(relationship.destinationEntity?.name ?? ""):\(relationship.inverseRelationship?.name ?? "")")
            parts.append("\(relationship.isToMany ? "many" : "one"):\(relationship.isOrdered ? "ordered" : "unordered")")
        }
        return parts.joined(separator: "|")
    }
}

extension NSEntityDescription {
    /// A SHA-256 digest of the entity's name, inheritance and own properties.
    public var versionHash: Data {
        var text = "\(name ?? "")|\(superentity?.name ?? "")|\(isAbstract)|\(versionHashModifier ?? "")"
        let own = properties.filter { $0.entity === self }.sorted { $0.name < $1.name }
        for property in own { text += "\n" + property.versionHashDescription }
        return SHA256.hash(Data(text.utf8))
    }
}

extension NSManagedObjectModel {
    /// The version hash of each entity, by entity name.
    public var entityVersionHashesByName: [String: Data] {
        Self.versionHashes(of: entities)
    }

    /// Whether a store whose metadata is `metadata` holds data of the entities of `configuration` (all entities
    /// for nil) as they are: the store records the same entities with the same version hashes. False for a
    /// configuration the model does not have, and for metadata without version hashes.
    public func isConfiguration(withName configuration: String?, compatibleWithStoreMetadata metadata: [String: Any]) -> Bool {
        guard let stored = metadata[NSStoreModelVersionHashesKey] as? [String: Data],
              let entities = entities(forConfigurationName: configuration) else { return false }
        return stored == Self.versionHashes(of: entities)
    }

    private static func versionHashes(of entities: [NSEntityDescription]) -> [String: Data] {
        Dictionary(entities.compactMap { entity in entity.name.map { ($0, entity.versionHash) } }, uniquingKeysWith: { first, _ in first })
    }
}

/// The metadata key of the entity version hashes of the model a store was saved with.
public let NSStoreModelVersionHashesKey = "NSStoreModelVersionHashes"
/// The metadata key of the version identifiers of the model a store was saved with.
public let NSStoreModelVersionIdentifiersKey = "NSStoreModelVersionIdentifiers"
/// The metadata key of the version of the scheme that computed the store's version hashes.
public let NSStoreModelVersionHashesVersionKey = "NSStoreModelVersionHashesVersion"
