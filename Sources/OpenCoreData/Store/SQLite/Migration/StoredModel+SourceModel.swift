import Foundation

extension StoredModel {
    /// The model the store was saved with, rebuilt from the stored definitions: entities, inheritance, and each
    /// persistent property's storage (attribute type; relationship destination, inverse, cardinality and order),
    /// which is what a migration needs to read the file's tables. Throws when a definition cannot be read.
    func sourceModel() throws -> NSManagedObjectModel {
        let names = entities.keys.sorted()
        var built: [String: NSEntityDescription] = [:]
        var relationships: [(NSRelationshipDescription, destination: String, inverse: String)] = []
        for name in names {
            guard let stored = entities[name] else { continue }
            let entity = NSEntityDescription()
            entity.name = name
            entity.isAbstract = stored.isAbstract
            entity.renamingIdentifier = stored.renamingIdentifier
            var properties: [NSPropertyDescription] = []
            for (propertyName, text) in stored.properties.sorted(by: { $0.key < $1.key }) {
                let definition = try StoredProperty(text)
                let property: NSPropertyDescription
                switch definition.storage {
                case .attribute(let type):
                    let attribute = NSAttributeDescription()
                    attribute.attributeType = type
                    property = attribute
                case .relationship(let destination, let inverse, let toMany, let ordered):
                    let relationship = NSRelationshipDescription()
                    relationship.maxCount = toMany ? 0 : 1
                    relationship.isOrdered = ordered
                    relationships.append((relationship, destination, inverse))
                    property = relationship
                }
                property.name = propertyName
                property.isOptional = definition.isOptional
                property.isTransient = definition.isTransient
                property.renamingIdentifier = stored.propertyRenamingIdentifiers?[propertyName]
                properties.append(property)
            }
            entity.properties = properties
            built[name] = entity
        }
        for name in names {
            guard let parent = entities[name]?.superentity else { continue }
            guard let superentity = built[parent], let entity = built[name] else { throw Self.unreadable("entity \(name) has an unknown parent entity \(parent)") }
            superentity.subentities.append(entity)
        }
        for (relationship, destination, inverse) in relationships {
            guard let entity = built[destination] else { throw Self.unreadable("relationship \(relationship.name) has an unknown destination \(destination)") }
            relationship.destinationEntity = entity
            if !inverse.isEmpty { relationship.inverseRelationship = entity.relationshipsByName[inverse] }
        }
        let model = NSManagedObjectModel()
        model.entities = names.compactMap { built[$0] }
        return model
    }

    static func unreadable(_ detail: String) -> NSError {
        CoreDataError.make(NSPersistentStoreIncompatibleVersionHashError, "The store's record of its model cannot be read: \(detail).")
    }
}

/// One property's stored definition, read back from its version hash description
/// (`NSPropertyDescription.versionHashDescription`): `name|optional|stored|modifier|attribute:<type>`, or
/// `name|optional|stored|modifier|relationship:<destination>:<inverse>|<many or one>:<ordered or unordered>`.
struct StoredProperty {
    enum Storage {
        case attribute(NSAttributeType)
        case relationship(destination: String, inverse: String, toMany: Bool, ordered: Bool)
    }

    let isOptional: Bool
    let isTransient: Bool
    let storage: Storage

    init(_ text: String) throws {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 5, let last = parts.last else { throw Self.unreadable(text) }
        isOptional = parts[1] == "optional"
        isTransient = parts[2] == "transient"
        if last.hasPrefix("attribute:") {
            guard let raw = UInt(last.dropFirst("attribute:".count)), let type = NSAttributeType(rawValue: raw) else { throw Self.unreadable(text) }
            storage = .attribute(type)
            return
        }
        let target = parts[parts.count - 2].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let shape = last.split(separator: ":").map(String.init)
        guard parts.count >= 6, target.count == 3, target[0] == "relationship", shape.count == 2 else { throw Self.unreadable(text) }
        storage = .relationship(destination: target[1], inverse: target[2], toMany: shape[0] == "many", ordered: shape[1] == "ordered")
    }

    private static func unreadable(_ text: String) -> NSError {
        StoredModel.unreadable("unknown property definition \"\(text)\"")
    }
}
