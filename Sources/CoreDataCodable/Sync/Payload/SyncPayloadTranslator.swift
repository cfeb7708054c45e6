import Foundation

/// Translates a Sync payload, as `JSONSerialization` reads it, into the JSON the import engine
/// reads in a model-driven sync: each object's keys become its entity's property names, values
/// take their attribute's JSON form, `<name>_id` and `<name>_ids` become bare identifiers, and
/// elements without a primary key are dropped, as Sync does.
///
/// A key is found as `sync.remoteKey` (a key path may reach into nested objects), as the
/// property's snake_case remote key, or as its own name.
///
/// Without ``SyncOperations/insertRelationships``, a nested object that is not stored is left
/// out; without ``SyncOperations/updateRelationships``, a stored one only links, as its bare
/// identifier.
struct SyncPayloadTranslator {
    /// The keys of the payload's properties, worked out once per property.
    let keys = SyncPayloadKeys()
    /// Whether relationships are left out: the first pass of a sync of several entities, which
    /// makes every object before any relationship is resolved.
    var attributesOnly = false
    /// What the sync may do to nested objects: only ``SyncOperations/insertRelationships`` and
    /// ``SyncOperations/updateRelationships`` count here.
    var relationshipOperations: SyncOperations = .all
    /// The stored keys telling new nested objects from stored ones, asked only when
    /// `relationshipOperations` leaves one of its two out; without it every nested object is new.
    var storedKeys: SyncStoredKeys?
    /// The primary keys of the objects the payload holds in full, by entity name.
    private(set) var objectKeys: [String: Set<ObjectIdentity>] = [:]
    /// The primary keys the payload names only as bare identifiers, by entity name.
    private(set) var referenceKeys: [String: Set<ObjectIdentity>] = [:]
    /// The nested to-one objects the payload gives without a primary key, which the sync applies to
    /// the parent's current related object, or to a new one, as Sync does (see ``KeylessToOne``).
    private(set) var keylessToOne: [KeylessToOne] = []
    /// The to-many relationships the payload sets by their own key (nested objects), not by
    /// `<name>_ids`: the children they drop are deleted, where identifiers only unlink.
    private(set) var nestedToMany: Set<ObjectIdentifier> = []
    /// The payload's values of transformable attributes, which the import engine does not decode:
    /// the sync sets them on the decoded objects (see ``TransformableValue``).
    private(set) var transformableValues: [TransformableValue] = []

    /// The translated elements of a JSON array of objects of `entity`; elements without a primary
    /// key (missing or `null`) are left out, and their positions are in `skipped`.
    mutating func translate(
        array elements: [Any], of entity: NSEntityDescription, path: [JSONKey]
    ) throws -> (elements: [[String: Any]], skipped: [Int]) {
        var translated: [[String: Any]] = []
        var skipped: [Int] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path + [JSONKey(intValue: index)]
            guard let object = element as? [String: Any] else {
                throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                    codingPath: elementPath, debugDescription: "Expected a JSON object for a \(entity.codableName)."
                ))
            }
            if let result = try translate(object: object, of: entity, path: elementPath) {
                translated.append(result)
            } else {
                skipped.append(index)
            }
        }
        return (translated, skipped)
    }

    /// The translated JSON object of an object of `entity`; nil when it has no primary key value
    /// and `requiringKey`.
    mutating func translate(
        object: [String: Any], of entity: NSEntityDescription, path: [JSONKey], requiringKey: Bool = true
    ) throws -> [String: Any]? {
        var translated: [String: Any] = [:]
        var ownKey: ObjectIdentity?
        if let primaryKey = keys.primaryKey(of: entity) {
            if let (value, identity) = try primaryKeyValue(in: object, attribute: primaryKey, entity: entity, path: path) {
                translated[primaryKey.name] = value
                objectKeys[entity.codableName, default: []].insert(identity)
                ownKey = identity
            } else if requiringKey {
                return nil
            }
        }
        for property in entity.properties where translated[property.name] == nil {
            if let attribute = property as? NSAttributeDescription {
                guard let (value, key) = keys.value(of: attribute, in: object, entity: entity) else { continue }
                guard attribute.attributeType != .transformableAttributeType else {
                    if let stored = TransformableValue.stored(value, for: attribute) {
                        transformableValues.append(TransformableValue(entity: entity, key: ownKey, path: path, attribute: attribute, value: stored))
                    }
                    continue
                }
                translated[attribute.name] = try SyncValueCoercion.jsonValue(value, for: attribute, codingPath: SyncPayloadKeys.codingPath(path, key))
            } else if !attributesOnly, let relationship = property as? NSRelationshipDescription, let destination = relationship.destinationEntity {
                if let value = try relationshipValue(
                    relationship, destination: destination, in: object, entity: entity, ownKey: ownKey, path: path
                ) {
                    translated[relationship.name] = value
                }
            }
        }
        return translated
    }

    /// The JSON value of a relationship: nested objects translated, bare identifiers typed,
    /// `null` kept; nil when the object names the relationship nowhere.
    private mutating func relationshipValue(
        _ relationship: NSRelationshipDescription, destination: NSEntityDescription, in object: [String: Any],
        entity: NSEntityDescription, ownKey: ObjectIdentity?, path: [JSONKey]
    ) throws -> Any? {
        if let (value, key) = keys.value(of: relationship, in: object, entity: entity) {
            let valuePath = SyncPayloadKeys.codingPath(path, key)
            if isNullValue(value) { return NSNull() }
            if relationship.isToMany {
                nestedToMany.insert(ObjectIdentifier(relationship))
                guard let elements = value as? [Any] else {
                    throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
                        codingPath: valuePath, debugDescription: "Expected an array for \(entity.codableName).\(relationship.name)."
                    ))
                }
                var related: [Any] = []
                for (index, element) in elements.enumerated() {
                    let elementPath = valuePath + [JSONKey(intValue: index)]
                    if let nested = element as? [String: Any] {
                        switch try use(of: nested, destination: destination, path: elementPath) {
                        case .object:
                            if let translated = try translate(object: nested, of: destination, path: elementPath) { related.append(translated) }
                        case .identifier(let identifier): related.append(identifier)
                        case .skipped: break
                        }
                    } else if let identifier = try reference(element, to: destination, path: elementPath) {
                        related.append(identifier)
                    }
                }
                return related
            }
            if let nested = value as? [String: Any] {
                switch try use(of: nested, destination: destination, path: valuePath) {
                case .object: break
                case .identifier(let identifier): return identifier
                case .skipped: return nil
                }
                if let translated = try translate(object: nested, of: destination, path: valuePath) { return translated }
                if let ownKey, let values = try translate(object: nested, of: destination, path: valuePath, requiringKey: false) {
                    keylessToOne.append(KeylessToOne(parentEntity: entity, parentKey: ownKey, relationship: relationship, values: values))
                }
                return nil
            }
            return try reference(value, to: destination, path: valuePath)
        }
        guard let (value, key) = keys.identifiers(of: relationship, in: object, entity: entity) else { return nil }
        if isNullValue(value) { return NSNull() }
        guard relationship.isToMany else { return try reference(value, to: destination, path: path + [JSONKey(key)]) }
        let identifiers = value as? [Any] ?? [value]
        return try identifiers.enumerated().compactMap { index, element in
            try reference(element, to: destination, path: path + [JSONKey(key), JSONKey(intValue: index)])
        }
    }

    /// How a nested object enters the translated payload under ``relationshipOperations``.
    private enum NestedUse {
        /// Translated in full.
        case object
        /// As the bare identifier of its stored object, which it may not update.
        case identifier(Any)
        /// Left out: a new object it may not insert.
        case skipped
    }

    /// How `nested`, an object of `destination`, enters the payload: in full, unless a relationship
    /// operation is left out and it has a primary key.
    private mutating func use(of nested: [String: Any], destination: NSEntityDescription, path: [JSONKey]) throws -> NestedUse {
        let mayInsert = relationshipOperations.contains(.insertRelationships)
        let mayUpdate = relationshipOperations.contains(.updateRelationships)
        guard !(mayInsert && mayUpdate), let primaryKey = keys.primaryKey(of: destination),
              let (value, identity) = try primaryKeyValue(in: nested, attribute: primaryKey, entity: destination, path: path)
        else { return .object }
        guard try storedKeys?.contains(identity, of: destination) == true else { return mayInsert ? .object : .skipped }
        guard !mayUpdate else { return .object }
        referenceKeys[destination.codableName, default: []].insert(identity)
        return .identifier(value)
    }

    /// A bare identifier of `destination`, as its primary key's JSON value; nil for `null`.
    private mutating func reference(_ value: Any, to destination: NSEntityDescription, path: [JSONKey]) throws -> Any? {
        guard !isNullValue(value) else { return nil }
        guard let primaryKey = keys.primaryKey(of: destination) else {
            throw CoreDataCodableError(.noPrimaryKey(entity: destination.codableName), codingPath: path)
        }
        let typed = try SyncValueCoercion.jsonValue(value, for: primaryKey, codingPath: path)
        if let identity = Self.identity(typed, of: primaryKey) { referenceKeys[destination.codableName, default: []].insert(identity) }
        return typed
    }

    /// The primary key's JSON value in `object` with its identity; nil when missing or `null`.
    private func primaryKeyValue(
        in object: [String: Any], attribute: NSAttributeDescription, entity: NSEntityDescription, path: [JSONKey]
    ) throws -> (value: Any, identity: ObjectIdentity)? {
        guard let (raw, key) = keys.value(of: attribute, in: object, entity: entity), !isNullValue(raw) else { return nil }
        guard !(raw is [Any]), !(raw is [String: Any]) else {
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                codingPath: SyncPayloadKeys.codingPath(path, key),
                debugDescription: "The primary key of a \(entity.codableName) must be a number or a string."
            ))
        }
        let value = try SyncValueCoercion.jsonValue(raw, for: attribute, codingPath: SyncPayloadKeys.codingPath(path, key))
        guard let identity = Self.identity(value, of: attribute) else { return nil }
        return (value, identity)
    }

    /// The identity of a primary key's JSON value, as the engine makes it from the decoded value.
    static func identity(_ value: Any, of attribute: NSAttributeDescription) -> ObjectIdentity? {
        let stored: Any = switch attribute.attributeType {
        case .dateAttributeType: (value as? Double).map { Date(timeIntervalSince1970: $0) } ?? value
        case .UUIDAttributeType: (value as? String).flatMap(UUID.init(uuidString:)) ?? value
        default: AttributeKind(attribute.attributeType)?.scalarType.converted(value) ?? value
        }
        return ObjectIdentity(value: stored, type: attribute.attributeType)
    }
}

/// A nested to-one object the payload gives without its primary key: its translated values, and
/// the parent (by entity and primary key) and relationship it belongs to.
struct KeylessToOne {
    let parentEntity: NSEntityDescription
    let parentKey: ObjectIdentity
    let relationship: NSRelationshipDescription
    let values: [String: Any]
}

/// A payload value of a transformable attribute of the object of `entity` with primary key `key`
/// (nil when the object has none), at `path` in the payload.
///
/// As PropertyMapper does, a value goes through the transformer the attribute names in the model
/// (`valueTransformerName`) when one is registered; without one, a JSON array or object is stored
/// as it is, `null` clears, and any other value is ignored.
struct TransformableValue {
    let entity: NSEntityDescription
    let key: ObjectIdentity?
    let path: [JSONKey]
    let attribute: NSAttributeDescription
    /// The value to store; nil clears the attribute.
    let value: Any?

    /// The transformer names under which Core Data archives values itself: not custom transformers.
    /// The first two are spelled out: Apple deprecates their constants (macOS 10.14, iOS 12), which
    /// models made before then still name.
    private static let archivingNames: Set<NSValueTransformerName> = [
        NSValueTransformerName(rawValue: "NSUnarchiveFromData"), NSValueTransformerName(rawValue: "NSKeyedUnarchiveFromData"),
        .secureUnarchiveFromDataTransformerName,
    ]

    /// Sets the value on `object`, unless it holds an equal one.
    func apply(to object: NSManagedObject) {
        let current = object.value(forKey: attribute.name)
        if let current = current as? NSObject, let value = value as? NSObject, current.isEqual(value) { return }
        if current == nil, value == nil { return }
        object.setValue(value, forKey: attribute.name)
    }

    /// What `attribute` stores for the payload value `value`: `.some(nil)` to clear it, nil to
    /// leave it alone.
    static func stored(_ value: Any, for attribute: NSAttributeDescription) -> Any?? {
        if isNullValue(value) { return .some(nil) }
        if let name = attribute.valueTransformerName.map(NSValueTransformerName.init(rawValue:)), !archivingNames.contains(name),
           let transformer = ValueTransformer(forName: name) {
            return transformer.transformedValue(value).map { .some($0) }
        }
        return value is [Any] || value is [String: Any] ? .some(value) : nil
    }
}
