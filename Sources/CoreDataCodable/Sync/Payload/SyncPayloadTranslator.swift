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
    /// Set (to empty) for a first translation that only collects the primary keys of the nested
    /// objects the stored keys will be asked about, by entity: each nested object is then
    /// translated in full, so that every one of them is met.
    var collectedNestedKeys: [ObjectIdentifier: Set<ObjectIdentity>]?
    /// The primary keys of the objects the payload holds in full, by entity name.
    private(set) var objectKeys: [String: Set<ObjectIdentity>] = [:]
    /// The primary keys the payload names only as bare identifiers, by entity name.
    private(set) var referenceKeys: [String: Set<ObjectIdentity>] = [:]
    /// The primary keys of the objects the payload holds in full whose entities map by Groot's
    /// keys, by entity (see ``GrootValidation``).
    private(set) var grootObjectKeys: [ObjectIdentifier: (entity: NSEntityDescription, keys: Set<ObjectIdentity>)] = [:]
    /// Whether the payload holds in full objects of entities that map by Groot's keys without
    /// identity attributes, which only the context's inserted objects tell.
    private(set) var hasKeylessGrootObjects = false
    /// The nested to-one objects the payload gives without a primary key, which the sync applies to
    /// the parent's current related object, or to a new one, as Sync does (see ``KeylessToOne``).
    private(set) var keylessToOne: [KeylessToOne] = []
    /// The to-many relationships the payload sets by their own key (nested objects), not by
    /// `<name>_ids`: the children they drop are deleted, where identifiers only unlink.
    private(set) var nestedToMany: Set<ObjectIdentifier> = []
    /// The payload's values of transformable attributes, which the import engine does not decode:
    /// the sync sets them on the decoded objects (see ``TransformableValue``).
    private(set) var transformableValues: [TransformableValue] = []

    /// The translated element at `index` of a payload of objects of `entity`; nil for an element
    /// without a primary key (missing or `null`, or `null` itself), which the sync skips. A number
    /// or string element is a bare identifier, as Groot reads one: the object with that primary key.
    mutating func translate(element: Any, at index: Int, of entity: NSEntityDescription) throws -> [String: Any]? {
        let path = [JSONKey(intValue: index)]
        if let object = jsonObject(element) {
            return try translate(object: keys.transformed(object, of: entity), of: entity, path: path)
        }
        if isNullValue(element) { return nil }
        if element is [Any] {
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                codingPath: path, debugDescription: "Expected a JSON object for a \(entity.codableName)."
            ))
        }
        return try translate(bareIdentifier: element, of: entity, path: path)
    }

    /// The translated object that a bare identifier of `entity` stands for: its single primary key
    /// alone; nil when the identifier's transformer gives nothing.
    private mutating func translate(bareIdentifier value: Any, of entity: NSEntityDescription, path: [JSONKey]) throws -> [String: Any]? {
        let identifier = try typedIdentifier(value, of: entity, path: path)
        guard let identity = identifier.identity else { return nil }
        objectKeys[entity.codableName, default: []].insert(identity)
        return [identifier.primaryKey.name: identifier.value]
    }

    /// A bare identifier of `entity` as its primary key's JSON value, with that primary key and its
    /// identity (nil when the identifier's transformer gives nothing). An entity without a single
    /// primary key throws.
    private func typedIdentifier(
        _ value: Any, of entity: NSEntityDescription, path: [JSONKey]
    ) throws -> (value: Any, primaryKey: NSAttributeDescription, identity: ObjectIdentity?) {
        let identityAttributes = keys.identity(of: entity)
        guard identityAttributes.count == 1, let primaryKey = identityAttributes.first else {
            let error: CoreDataCodableError.Kind = identityAttributes.isEmpty
                ? .noPrimaryKey(entity: entity.codableName)
                : .bareIdentifierWithoutSingleIdentity(entity: entity.codableName, identityAttributes: identityAttributes.map(\.name))
            throw CoreDataCodableError(error, codingPath: path)
        }
        let typed = try SyncValueCoercion.jsonValue(value, for: primaryKey, codingPath: path)
        let identity = Self.identity([typed], of: identityAttributes)
        if identity == nil, keys.mapsOnlyJSONKeyPaths(entity), !primaryKey.isOptional {
            throw GrootValidation.missingValue(of: primaryKey, entity: entity, object: nil)
        }
        return (typed, primaryKey, identity)
    }

    /// The translated JSON object of an object of `entity` (already rewritten by its dictionary
    /// transformer, ``SyncPayloadKeys/transformed(_:of:)``); nil when it has no primary key value
    /// and `requiringKey`. It names the subentity its entity mapper chooses, if any, under
    /// ``SubentityDecoding/nameKey``.
    mutating func translate(
        object: [String: Any], of entity: NSEntityDescription, path: [JSONKey], requiringKey: Bool = true
    ) throws -> [String: Any]? {
        var translated: [String: Any] = [:]
        let subentity = keys.subentity(of: entity, for: object)
        if let subentity { translated[SubentityDecoding.nameKey.stringValue] = subentity.name }
        let propertyEntity = subentity ?? entity
        var ownKey: ObjectIdentity?
        let identityAttributes = keys.identity(of: entity)
        if !identityAttributes.isEmpty {
            if let (values, identity) = try identityValues(in: object, attributes: identityAttributes, entity: entity, path: path) {
                for (attribute, value) in zip(identityAttributes, values) { translated[attribute.name] = value }
                objectKeys[entity.codableName, default: []].insert(identity)
                ownKey = identity
                if keys.mapsOnlyJSONKeyPaths(entity) { grootObjectKeys[ObjectIdentifier(entity), default: (entity, [])].keys.insert(identity) }
            } else if requiringKey {
                return nil
            }
        } else if keys.mapsOnlyJSONKeyPaths(entity) {
            hasKeylessGrootObjects = true
        }
        for property in keys.properties(of: propertyEntity) where translated[property.name] == nil {
            if let attribute = property as? NSAttributeDescription {
                guard let (value, key) = keys.value(of: attribute, in: object, entity: propertyEntity) else { continue }
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
                    if let nested = jsonObject(element).map({ keys.transformed($0, of: destination) }) {
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
            if let nested = jsonObject(value).map({ keys.transformed($0, of: destination) }) {
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
        let identityAttributes = keys.identity(of: destination)
        guard !(mayInsert && mayUpdate), !identityAttributes.isEmpty,
              let (values, identity) = try identityValues(in: nested, attributes: identityAttributes, entity: destination, path: path)
        else { return .object }
        if collectedNestedKeys != nil {
            collectedNestedKeys?[ObjectIdentifier(destination), default: []].insert(identity)
            return .object
        }
        guard try storedKeys?.contains(identity, of: destination) == true else { return mayInsert ? .object : .skipped }
        // A stored object it may not update links as it is: by its bare identifier, or by its
        // identity values alone when the identity is composite.
        guard !mayUpdate else { return .object }
        referenceKeys[destination.codableName, default: []].insert(identity)
        guard values.count == 1 else {
            var identityObject: [String: Any] = [:]
            for (attribute, value) in zip(identityAttributes, values) { identityObject[attribute.name] = value }
            return .identifier(identityObject)
        }
        return .identifier(values[0])
    }

    /// A bare identifier of `destination`, as its primary key's JSON value; nil for `null`.
    private mutating func reference(_ value: Any, to destination: NSEntityDescription, path: [JSONKey]) throws -> Any? {
        guard !isNullValue(value) else { return nil }
        let identifier = try typedIdentifier(value, of: destination, path: path)
        if let identity = identifier.identity { referenceKeys[destination.codableName, default: []].insert(identity) }
        return identifier.value
    }

    /// The JSON values of the identity attributes `attributes` in `object`, in their order, with
    /// their identity; nil when one is missing or `null`.
    private func identityValues(
        in object: [String: Any], attributes: [NSAttributeDescription], entity: NSEntityDescription, path: [JSONKey]
    ) throws -> (values: [Any], identity: ObjectIdentity)? {
        var values: [Any] = []
        for attribute in attributes {
            guard let (raw, key) = keys.value(of: attribute, in: object, entity: entity), !isNullValue(raw) else { return nil }
            guard !isJSONCollection(raw) else {
                throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                    codingPath: SyncPayloadKeys.codingPath(path, key),
                    debugDescription: "The primary key of a \(entity.codableName) must be a number or a string."
                ))
            }
            values.append(try SyncValueCoercion.jsonValue(raw, for: attribute, codingPath: SyncPayloadKeys.codingPath(path, key)))
        }
        guard let identity = Self.identity(values, of: attributes) else { return nil }
        return (values, identity)
    }

    /// The identity of the identity attributes' JSON values, as the engine makes it from the
    /// decoded values; nil when one of them is `null`.
    static func identity(_ values: [Any], of attributes: [NSAttributeDescription]) -> ObjectIdentity? {
        // A single integer key, the commonest, is an `Int64` here (``SyncValueCoercion/keyValue(_:for:)``):
        // told by its type, it skips the conversions below (3% of the instructions of a sync).
        if values.count == 1, attributes.count == 1, Swift.type(of: values[0]) == Int64.self, let integer = values[0] as? Int64,
           AttributeKind.of(attributes[0].attributeType)?.family == .integer {
            return ObjectIdentity(integer: integer)
        }
        let stored = zip(values, attributes).map { value, attribute -> Any in
            let kind = AttributeKind.of(attribute.attributeType)
            return switch kind?.family {
            case .date?: (value as? Double).map { Date(timeIntervalSince1970: $0) } ?? value
            case .uuid?: (value as? String).flatMap(UUID.init(uuidString:)) ?? value
            default: kind?.scalarType.converted(value) ?? value
            }
        }
        guard stored.count == 1 else { return ObjectIdentity(values: stored, types: attributes.map(\.attributeType)) }
        return ObjectIdentity(value: stored[0], type: attributes[0].attributeType)
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
        return isJSONCollection(value) ? .some(value) : nil
    }
}
