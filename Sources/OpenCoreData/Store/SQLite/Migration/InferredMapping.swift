import Foundation

/// The mapping lightweight migration infers from the model a store was saved with (the source) to the model
/// that opens it (the destination): which source entity and property each destination entity and property
/// takes its data from.
///
/// An element maps to the source element with the same renaming identifier (an identifier defaults to the
/// name, so unrenamed elements map by name), or else to the unmapped source element of the same name.
/// Destination elements with no source are new; source elements with no destination are removed. The mapping
/// can be inferred when every mapped element keeps its storage: the same inheritance, attribute types, and
/// relationship destinations, cardinality, order and (for to-many relationships) inverses. Optionality may
/// change either way (rows a required attribute leaves nil take its default value, or fail the migration).
/// Otherwise initialization throws `NSPersistentStoreIncompatibleVersionHashError`, naming each change that
/// cannot be inferred.
struct InferredMapping {
    let source: NSManagedObjectModel
    private var entities: [ObjectIdentifier: NSEntityDescription] = [:]
    private var properties: [ObjectIdentifier: NSPropertyDescription] = [:]

    init(source: NSManagedObjectModel, destination: NSManagedObjectModel) throws {
        self.source = source
        let entityPairs = Self.match(destination.entities, in: source.entities, identifier: { $0.renamingIdentifier ?? $0.name ?? "" }, name: { $0.name ?? "" })
        for (entity, match) in entityPairs {
            entities[ObjectIdentifier(entity)] = match
            let propertyPairs = Self.match(Self.storedProperties(of: entity), in: Self.storedProperties(of: match), identifier: { $0.renamingIdentifier ?? $0.name }, name: \.name)
            for (property, counterpart) in propertyPairs { properties[ObjectIdentifier(property)] = counterpart }
        }
        let problems = entityPairs.flatMap { entityProblems($0.0, $0.1) }
        guard problems.isEmpty else {
            throw CoreDataError.make(
                NSPersistentStoreIncompatibleVersionHashError,
                "The store cannot be migrated to the model that opens it, because lightweight migration cannot infer these changes: "
                    + problems.sorted().joined(separator: "; ") + "."
            )
        }
    }

    /// What keeps `entity` from taking the rows of `match`, in words.
    private func entityProblems(_ entity: NSEntityDescription, _ match: NSEntityDescription) -> [String] {
        let place = "entity \(entity.name ?? "?")"
        var problems: [String] = []
        let parent = entity.superentity
        let mappedParent = parent.flatMap(sourceEntity(for:))
        if mappedParent !== match.superentity || (parent != nil && mappedParent == nil) {
            problems.append("\(place): its parent entity changed from \(match.superentity?.name ?? "none") to \(parent?.name ?? "none")")
        }
        if entity.isAbstract && !match.isAbstract {
            problems.append("\(place): it became abstract")
        }
        let mapped = Set(properties.values.map(ObjectIdentifier.init))
        for property in Self.storedProperties(of: entity) {
            if let counterpart = sourceProperty(for: property) {
                if let problem = storageChange(from: counterpart, to: property) { problems.append("\(place), property \(property.name): \(problem)") }
                continue
            }
            // A new property whose identifier an ancestor or descendant stored, and no longer stores, moved.
            let identifier = property.renamingIdentifier ?? property.name
            for relative in match.layout.hierarchy + Self.ancestors(of: match) where relative !== match {
                if let moved = Self.storedProperties(of: relative).first(where: { ($0.renamingIdentifier ?? $0.name) == identifier }),
                   !mapped.contains(ObjectIdentifier(moved)) {
                    problems.append("\(place), property \(property.name): it moved from entity \(relative.name ?? "?") within the inheritance tree")
                }
            }
        }
        return problems
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
