import Foundation

/// How an entity's objects store their values: one slot per property, inherited properties first.
///
/// Computed once when the model freezes, so the hot paths (`value(forKey:)`, `setValue(_:forKey:)`,
/// fetching, saving) index arrays instead of walking descriptions.
final class EntityLayout: @unchecked Sendable {
    /// What a slot holds.
    enum SlotKind {
        case attribute(AttributeKind)
        case toOne
        case toMany(ordered: Bool)
    }

    unowned let entity: NSEntityDescription
    let properties: [NSPropertyDescription]
    /// Slots by property name (see `slot(named:)`).
    private let slotTable: SlotNameTable
    let kinds: [SlotKind]
    let objectClass: NSManagedObject.Type
    /// Canonical default values of attributes (nil elsewhere).
    let defaults: [Any?]
    /// For each relationship slot, the slot of its inverse in the destination's layout.
    /// Set once, while the model freezes, before any object uses the layout.
    @exclusivity(unchecked)
    private(set) var inverseSlots: [Int?]
    /// Slots of attributes that stores persist (not transient).
    let persistentAttributeSlots: [Int]
    /// Whether each slot's property is transient.
    let transientSlots: [Bool]
    /// Slots that validation at save must look at: mandatory properties and bounded to-many relationships.
    let validatedSlots: [Int]
    /// Slots of relationships.
    let relationshipSlots: [Int]
    /// The custom value transformer names of persistent transformable attributes, by slot (see `AttributeTransform`).
    let transformerNames: [Int: NSValueTransformerName]
    /// Uniqueness constraints as slot lists, the superentity's included.
    let constraintSlots: [[Int]]
    /// The root of the entity's inheritance tree (kept alive by the model, like the entity itself).
    unowned let rootEntity: NSEntityDescription
    /// The entity's subentities and theirs; the entity holds them anyway, and they do not hold it.
    private let descendants: [NSEntityDescription]

    init(entity: NSEntityDescription) {
        self.entity = entity
        let properties = entity.properties
        self.properties = properties
        let slotTable = SlotNameTable(names: properties.map(\.name))
        var kinds: [SlotKind] = []
        var defaults: [Any?] = []
        var persistent: [Int] = []
        var relationships: [Int] = []
        var transformerNames: [Int: NSValueTransformerName] = [:]
        for (slot, property) in properties.enumerated() {
            if let relationship = property as? NSRelationshipDescription {
                kinds.append(relationship.isToMany ? .toMany(ordered: relationship.isOrdered) : .toOne)
                defaults.append(nil)
                relationships.append(slot)
            } else if let attribute = property as? NSAttributeDescription {
                let kind = AttributeKind(attribute.attributeType)
                kinds.append(.attribute(kind))
                defaults.append(attribute.defaultValue.flatMap { kind.canonicalValue($0) ?? nil })
                if !attribute.isTransient {
                    persistent.append(slot)
                    transformerNames[slot] = AttributeTransform.customTransformerName(of: attribute)
                }
            } else {
                kinds.append(.attribute(.any))
                defaults.append(nil)
            }
        }
        self.slotTable = slotTable
        self.kinds = kinds
        self.defaults = defaults
        persistentAttributeSlots = persistent
        transientSlots = properties.map(\.isTransient)
        validatedSlots = properties.indices.filter { slot in
            let property = properties[slot]
            guard !property.isTransient else { return false }
            if let relationship = property as? NSRelationshipDescription, relationship.isToMany {
                return !relationship.isOptional || relationship.minCount > 0 || relationship.maxCount > 0
            }
            return !property.isOptional
        }
        relationshipSlots = relationships
        self.transformerNames = transformerNames
        inverseSlots = Array(repeating: nil, count: properties.count)

        var constraints: [[Int]] = []
        var ancestor: NSEntityDescription? = entity
        var root = entity
        while let current = ancestor {
            for constraint in current.uniquenessConstraints {
                let slots = constraint.compactMap { element -> Int? in
                    let name = (element as? String) ?? (element as? NSPropertyDescription)?.name
                    return name.flatMap { slotTable.slot(for: $0) }
                }
                if !slots.isEmpty { constraints.append(slots) }
            }
            root = current
            ancestor = current.superentity
        }
        constraintSlots = constraints
        rootEntity = root

        var descendants: [NSEntityDescription] = []
        var pending = entity.subentities
        while let next = pending.popLast() {
            descendants.append(next)
            pending.append(contentsOf: next.subentities)
        }
        self.descendants = descendants

        if let resolved = entity.managedObjectClassName.flatMap({ NSClassFromString($0) }) as? NSManagedObject.Type {
            objectClass = resolved
        } else {
            objectClass = NSManagedObject.self
        }
    }

    /// The entity and all its descendants.
    var hierarchy: [NSEntityDescription] {
        [entity] + descendants
    }

    /// Finds each relationship's inverse slot; needs the destination layouts, so runs after all are made.
    func resolveInverses() {
        for slot in relationshipSlots {
            guard let relationship = properties[slot] as? NSRelationshipDescription,
                  let inverse = relationship.inverseRelationship,
                  let destination = relationship.destinationEntity
            else { continue }
            inverseSlots[slot] = destination.layout.slot(named: inverse.name)
        }
    }

    /// The slot of the property named `name`, nil when the entity has no such property.
    @inline(__always)
    func slot(named name: String) -> Int? {
        slotTable.slot(for: name)
    }

    /// The slot of the property named `key`, or a trap naming the entity, as Core Data raises for unknown keys.
    @inline(__always)
    func slot(forKey key: String) -> Int {
        guard let slot = slotTable.slot(for: key) else {
            preconditionFailure("[<\(objectClass) \(entity.name ?? "?")> valueForUndefinedKey:]: the entity \(entity.name ?? "?") is not key value coding-compliant for the key \"\(key)\".")
        }
        return slot
    }
}

extension NSEntityDescription {
    /// The entity's frozen layout, freezing its model on first use.
    var layout: EntityLayout {
        if let layout = frozenLayout { return layout }
        if let model = managedObjectModel {
            model.freeze()
            if let layout = frozenLayout { return layout }
        }
        let layout = EntityLayout(entity: self)
        frozenLayout = layout
        layout.resolveInverses()
        return layout
    }
}
