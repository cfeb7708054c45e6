import Foundation

/// What a store file records about the model it was saved with, in the `Z_METADATA` table.
///
/// `NSStoreModelVersionHashes` holds the entity version hashes (a binary property list); `Z_MODEL` the stored
/// definition of every entity, which tells an automatic migration what the file holds.
struct StoredModel: Codable, Equatable {
    /// One entity as the file knows it.
    struct Entity: Codable, Equatable {
        var superentity: String?
        var isAbstract: Bool
        /// Each property's version hash description, by name.
        var properties: [String: String]
    }

    var entities: [String: Entity]

    init(model: NSManagedObjectModel) {
        var entities: [String: Entity] = [:]
        for entity in model.entities {
            guard let name = entity.name else { continue }
            var properties: [String: String] = [:]
            for property in entity.properties where property.entity === entity {
                properties[property.name] = property.versionHashDescription
            }
            entities[name] = Entity(superentity: entity.superentity?.name, isAbstract: entity.isAbstract, properties: properties)
        }
        self.entities = entities
    }

    /// The properties `model` adds to this stored model, by entity name, when every change from it is additive:
    /// nothing removed or changed, new attributes optional or defaulted, new relationships optional. Nil otherwise.
    func additions(in model: NSManagedObjectModel) -> [String: [NSPropertyDescription]]? {
        let current = StoredModel(model: model)
        var additions: [String: [NSPropertyDescription]] = [:]
        for (name, stored) in entities {
            guard let entity = current.entities[name], entity.superentity == stored.superentity, entity.isAbstract == stored.isAbstract else {
                return nil
            }
            for (property, description) in stored.properties where entity.properties[property] != description {
                return nil
            }
        }
        for entity in model.entities {
            guard let name = entity.name else { continue }
            let known = entities[name]?.properties ?? [:]
            for property in entity.properties where property.entity === entity && known[property.name] == nil {
                guard entities[name] == nil || Self.canBeAdded(property) else { return nil }
                additions[name, default: []].append(property)
            }
        }
        return additions
    }

    /// Whether existing rows stay valid when `property` is added: optional, transient, defaulted, or to-many.
    private static func canBeAdded(_ property: NSPropertyDescription) -> Bool {
        if property.isOptional || property.isTransient { return true }
        if let attribute = property as? NSAttributeDescription { return attribute.defaultValue != nil }
        return (property as? NSRelationshipDescription)?.isToMany ?? false
    }
}

enum StoreMetadataKey {
    static let versionHashes = NSStoreModelVersionHashesKey
    static let model = "Z_MODEL"
    static let uuid = NSStoreUUIDKey
    /// The number of the last save, which rows record in `Z_OPT`.
    static let saveVersion = "Z_SAVEVERSION"
}
