import Foundation

/// The mapping lightweight migration infers from the model a store was saved with (the source) to the model
/// that opens it (the destination): which source entity and property each destination entity and property
/// takes its data from.
///
/// An element maps to the source element with the same renaming identifier (an identifier defaults to the
/// name, so unrenamed elements map by name), or else to the unmapped source element of the same name.
/// Destination elements with no source are new; source elements
/// with no destination are removed. The mapping can be inferred when every mapped element keeps its storage:
/// the same inheritance, attribute types, and relationship destinations, inverses, cardinality and order.
/// Optionality may change either way (rows a required attribute leaves nil take its default value, or fail
/// the migration). Otherwise initialization throws `NSPersistentStoreIncompatibleVersionHashError`, naming
/// each change that cannot be inferred.
struct InferredMapping {
    let source: NSManagedObjectModel
    private var entities: [ObjectIdentifier: NSEntityDescription] = [:]
    private var properties: [ObjectIdentifier: NSPropertyDescription] = [:]

    init(source: NSManagedObjectModel, destination: NSManagedObjectModel) throws {
        self.source = source
        var problems: [String] = []
        for (entity, match) in Self.match(destination.entities, in: source.entities, identifier: { $0.renamingIdentifier ?? $0.name ?? "" }, name: { $0.name ?? "" }) {
            entities[ObjectIdentifier(entity)] = match
        }
        for entity in destination.entities {
            guard let match = sourceEntity(for: entity) else { continue }
            let place = "entity \(entity.name ?? "?")"
            if entity.superentity.flatMap(sourceEntity(for:)) !== match.superentity || (entity.superentity == nil) != (match.superentity == nil) {
                problems.append("\(place): its parent entity changed from \(match.superentity?.name ?? "none") to \(entity.superentity?.name ?? "none")")
            }
            if entity.isAbstract && !match.isAbstract {
                problems.append("\(place): it became abstract")
            }
            let pairs = Self.match(Self.storedProperties(of: entity), in: Self.storedProperties(of: match), identifier: { $0.renamingIdentifier ?? $0.name }, name: \.name)
            for (property, counterpart) in pairs { properties[ObjectIdentifier(property)] = counterpart }
        }
        // A new property whose identifier an ancestor or descendant stored, and no longer stores, moved.
        let mapped = Set(properties.values.map(ObjectIdentifier.init))
        for entity in destination.entities {
            guard let match = sourceEntity(for: entity) else { continue }
            for property in Self.storedProperties(of: entity) where sourceProperty(for: property) == nil {
                let identifier = property.renamingIdentifier ?? property.name
                let relatives = match.layout.hierarchy + Self.ancestors(of: match)
                for relative in relatives where relative !== match {
                    if let moved = Self.storedProperties(of: relative).first(where: { ($0.renamingIdentifier ?? $0.name) == identifier }),
                       !mapped.contains(ObjectIdentifier(moved)) {
                        problems.append("entity \(entity.name ?? "?"), property \(property.name): it moved from entity \(relative.name ?? "?") within the inheritance tree")
                    }
                }
            }
        }
        for entity in destination.entities {
            for property in Self.storedProperties(of: entity) {
                guard let counterpart = sourceProperty(for: property) else { continue }
                if let problem = storageChange(from: counterpart, to: property) {
                    problems.append("entity \(entity.name ?? "?"), property \(property.name): \(problem)")
                }
            }
        }
        guard problems.isEmpty else {
            throw CoreDataError.make(
                NSPersistentStoreIncompatibleVersionHashError,
                "The store cannot be migrated to the model that opens it, because lightweight migration cannot infer these changes: "
                    + problems.sorted().joined(separator: "; ") + "."
            )
        }
    }

    /// The source entity whose rows `entity` takes; nil for a new entity.
    func sourceEntity(for entity: NSEntityDescription) -> NSEntityDescription? {
        entities[ObjectIdentifier(entity)]
    }

    /// The source property whose values `property` takes; nil for a new property.
    func sourceProperty(for property: NSPropertyDescription) -> NSPropertyDescription? {
        properties[ObjectIdentifier(property)]
    }

    /// Why `property` cannot take the stored values of `counterpart`; nil when it can.
    private func storageChange(from counterpart: NSPropertyDescription, to property: NSPropertyDescription) -> String? {
        switch (counterpart, property) {
        case let (old as NSAttributeDescription, new as NSAttributeDescription):
            return old.attributeType == new.attributeType ? nil : "its type changed from \(old.attributeType) to \(new.attributeType)"
        case let (old as NSRelationshipDescription, new as NSRelationshipDescription):
            if old.isToMany != new.isToMany { return "it changed between to-one and to-many" }
            if old.isToMany && old.isOrdered != new.isOrdered { return "it changed between ordered and unordered" }
            if new.destinationEntity.flatMap(sourceEntity(for:)) !== old.destinationEntity { return "its destination entity changed" }
            // A to-one keeps its key column whatever its inverse; a to-many is stored by its inverse or a join table.
            if new.isToMany && new.inverseRelationship.flatMap(sourceProperty(for:)) !== old.inverseRelationship {
                return "its inverse relationship changed"
            }
            return nil
        default:
            return "it changed between attribute and relationship"
        }
    }

    /// The entity's own properties that a store holds.
    static func storedProperties(of entity: NSEntityDescription) -> [NSPropertyDescription] {
        entity.properties.filter { $0.entity === entity && !$0.isTransient }
    }

    private static func ancestors(of entity: NSEntityDescription) -> [NSEntityDescription] {
        var result: [NSEntityDescription] = []
        var current = entity.superentity
        while let parent = current {
            result.append(parent)
            current = parent.superentity
        }
        return result
    }

    /// Pairs each of `elements` with the element of `sources` that has its renaming identifier, or else with
    /// the unpaired element of `sources` that has its name; each source element pairs once.
    private static func match<Element: AnyObject>(
        _ elements: [Element], in sources: [Element], identifier: (Element) -> String, name: (Element) -> String
    ) -> [(Element, Element)] {
        let byIdentifier = Dictionary(sources.map { (identifier($0), $0) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(sources.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
        var paired = Set<ObjectIdentifier>()
        var pairs: [(Element, Element)] = []
        var unpaired: [Element] = []
        // Elements given a renaming identifier of their own pair first, so it wins over another's name.
        let renamed = elements.filter { identifier($0) != name($0) }
        for element in renamed + elements.filter({ identifier($0) == name($0) }) {
            if let source = byIdentifier[identifier(element)], paired.insert(ObjectIdentifier(source)).inserted {
                pairs.append((element, source))
            } else {
                unpaired.append(element)
            }
        }
        for element in unpaired {
            if let source = byName[name(element)], paired.insert(ObjectIdentifier(source)).inserted { pairs.append((element, source)) }
        }
        return pairs
    }
}
