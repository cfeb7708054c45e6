import Foundation

/// Sets an object's properties from the values its ``ObjectInProgress`` holds, with the related
/// objects read ahead, if any: what every default initialization does.
///
/// Properties whose key the JSON lacks are left as they are. An object the import did not insert
/// is compared first: a value equal to the current one is not set, so an update that changes
/// nothing leaves the object without changes.
struct ObjectApplier {
    let undo: UndoLog
    let relationships: RelationshipReader
    /// Whether a missing attribute's key is looked for before its value is read.
    let checksPresenceFirst: Bool

    /// Sets the properties `isIncluded` accepts (all when nil) on `object` from the values of `progress`.
    func apply(_ progress: ObjectInProgress, to object: NSManagedObject, including isIncluded: ((PropertyMapping) -> Bool)?) throws {
        let read = progress.read
        let mapping = read.type.mapping
        // A bare identifier found or inserted its object and holds nothing more to apply.
        if progress.isIdentified, read.holdsOnlyIdentity { return }
        let values = read.values
        let state = progress.state
        for (index, property) in mapping.properties.enumerated() where isIncluded?(property) ?? true {
            if let attribute = property.attribute {
                // The object was found or inserted by these very values.
                if progress.isIdentified, property.isIdentity { continue }
                try applyAttribute(property, attribute, from: values, to: object, state: state, entity: mapping.entityName)
            } else if let newValue = try relationships.value(of: property, at: index, of: object, in: progress, entity: mapping.entityName) {
                if state == .inserted || !newValue.isSame(asRelationship: property.name, of: object) {
                    set(newValue.value, for: property, of: object, state: state)
                }
            }
        }
        // An object of a subentity also gets the attributes its subentity adds.
        if let subentities = read.type.subentities, object.entity !== mapping.entity {
            for property in subentities.addedAttributes(of: object.entity) {
                guard let attribute = property.attribute else { continue }
                try applyAttribute(property, attribute, from: values, to: object, state: state, entity: object.entity.codableName)
            }
        }
    }

    /// Sets an attribute present in `values` on `object`.
    private func applyAttribute(
        _ property: PropertyMapping, _ attribute: NSAttributeDescription, from values: ObjectValues, to object: NSManagedObject,
        state: UndoState, entity: String
    ) throws {
        switch try values.attributeValue(property, entity: entity, checkingPresenceFirst: checksPresenceFirst) {
        case .missing:
            return
        case .null:
            guard attribute.isOptional else {
                throw DecodingError.valueNotFound(AttributeDecoding.swiftType(of: property), DecodingError.Context(
                    codingPath: values.codingPath(to: property.path),
                    debugDescription: "null for the non-optional attribute \(entity).\(property.name)."
                ))
            }
            if object.value(forKey: property.name) != nil { set(nil, for: property, of: object, state: state) }
        case .value(let value):
            if state != .inserted, let current = object.value(forKey: property.name), Self.isEqual(current, value, property) {
                return
            }
            set(value, for: property, of: object, state: state)
        }
    }

    /// Whether an attribute's current value equals the decoded one, so that setting it would change
    /// nothing. A transformable value decoded as a `Codable` type is always set; one a mapping by
    /// the model's conventions reads as the payload gives it is compared as an object.
    @inline(__always)
    private static func isEqual(_ current: Any, _ value: Any, _ property: PropertyMapping) -> Bool {
        guard property.attributeType == .transformableAttributeType else {
            return ObjectIdentity.isEqual(current, value, kind: property.attributeKind)
        }
        guard property.coercesValues, let current = current as? NSObject, let value = value as? NSObject else { return false }
        return current.isEqual(value)
    }

    /// Sets a property's new value, recording the old one first when the object's state asks so.
    private func set(_ value: Any?, for property: PropertyMapping, of object: NSManagedObject, state: UndoState) {
        if state == .recordsEachChange { undo.recordProperty(property.name, of: object) }
        object.setValue(value, forKey: property.name)
    }
}
