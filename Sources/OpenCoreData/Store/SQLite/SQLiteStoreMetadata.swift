import Foundation

/// What a store file records about the model it was saved with, in the `Z_METADATA` table.
///
/// `NSStoreModelVersionHashes` holds the entity version hashes (a binary property list); `Z_MODEL` the stored
/// definition of every entity, which tells an automatic migration what the file holds (see `sourceModel()`).
struct StoredModel: Codable, Equatable {
    /// One entity as the file knows it.
    struct Entity: Codable, Equatable {
        var superentity: String?
        var isAbstract: Bool
        /// Each property's version hash description, by name.
        var properties: [String: String]
        /// The entity's renaming identifier when it is not its name (files written before these were
        /// recorded have none: there every identifier is the name).
        var renamingIdentifier: String?
        /// The renaming identifiers of the properties whose identifier is not their name.
        var propertyRenamingIdentifiers: [String: String]?
    }

    var entities: [String: Entity]

    init(model: NSManagedObjectModel) {
        var entities: [String: Entity] = [:]
        for entity in model.entities {
            guard let name = entity.name else { continue }
            var properties: [String: String] = [:]
            var renamed: [String: String] = [:]
            for property in entity.properties where property.entity === entity {
                properties[property.name] = property.versionHashDescription
                if let identifier = property.renamingIdentifier, identifier != property.name { renamed[property.name] = identifier }
            }
            let identifier = entity.renamingIdentifier.flatMap { $0 == name ? nil : $0 }
            entities[name] = Entity(
                superentity: entity.superentity?.name, isAbstract: entity.isAbstract, properties: properties,
                renamingIdentifier: identifier, propertyRenamingIdentifiers: renamed.isEmpty ? nil : renamed
            )
        }
        self.entities = entities
    }

    /// What differs between this stored model and `other`, entity by entity and property by property, in
    /// words, sorted: "entity Person: attribute email added".
    func differences(from other: StoredModel) -> [String] {
        var lines: [String] = []
        for name in Set(entities.keys).union(other.entities.keys).sorted() {
            guard let stored = entities[name] else { lines.append("entity \(name) added"); continue }
            guard let current = other.entities[name] else { lines.append("entity \(name) removed"); continue }
            var changes: [String] = []
            if stored.superentity != current.superentity { changes.append("parent entity changed") }
            if stored.isAbstract != current.isAbstract { changes.append("abstract flag changed") }
            for property in Set(stored.properties.keys).union(current.properties.keys).sorted() {
                switch (stored.properties[property], current.properties[property]) {
                case (nil, _?): changes.append("property \(property) added")
                case (_?, nil): changes.append("property \(property) removed")
                case let (old?, new?) where old != new: changes.append("property \(property) changed")
                default: break
                }
            }
            if !changes.isEmpty { lines.append("entity \(name): " + changes.joined(separator: ", ")) }
        }
        return lines
    }
}

enum StoreMetadataKey {
    static let versionHashes = NSStoreModelVersionHashesKey
    static let versionIdentifiers = NSStoreModelVersionIdentifiersKey
    static let model = "Z_MODEL"
    static let uuid = NSStoreUUIDKey
    /// The number of the last save, which rows record in `Z_OPT`.
    static let saveVersion = "Z_SAVEVERSION"
}
