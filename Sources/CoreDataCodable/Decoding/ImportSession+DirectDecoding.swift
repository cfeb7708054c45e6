import Foundation

/// Direct decoding: in a first import, the objects of types that keep both default hooks are
/// made straight from their JSON, related objects included, with nothing prepared.
///
/// Preparing exists so that a payload's identities can be looked up together before any object
/// is made, and so that hooks find what was prepared. An entity whose identity table holds every
/// object (see `ImportSession+EmptyEntities`) needs nothing looked up, and a type that keeps the
/// default `container(for:)` and `initialize(from:)` runs no hook. While every object an element
/// reaches is of such an entity and type, each object is found or inserted as soon as its
/// identity is read, its attributes set and its relationships decoded the same way, in the order
/// of its properties, as a default initialization applies them. A value of another shape (a bare
/// identifier where objects came before, say) is prepared and made as usual.
///
/// An element that reaches an entity holding objects, or a type not known to keep both hooks, is
/// undone and decoded again as usual: its identities are then collected for the array's fetch.
extension ImportSession {
    /// What ``decodeDirectly(next:userInfo:mapping:arrayPath:)`` read.
    enum DirectElement {
        /// A `null` element, skipped.
        case null
        /// The element's object, made directly.
        case object(NSManagedObject)
        /// An element to make as usual.
        case source(ObjectSource)
    }

    /// Thrown by a direct decode that reaches an object it cannot make directly.
    private struct DirectDecodingStopped: Error {}

    /// Whether the type of `mapping` is known to keep both default hooks and its objects can be
    /// made directly: they have an identity, and no other type shares their entity's table.
    func decodesDirectly(_ mapping: DecodingMapping) -> Bool {
        let id = ObjectIdentifier(mapping)
        if directMappings.known == mappingTables.count, directMappings.mappings.contains(id) { return true }
        guard keepsDefaultHook(mapping), keepsDefaultContainer(mapping), !mapping.mapping.identityProperties.isEmpty else { return false }
        let table = identityTable(for: mapping.mapping)
        guard !mappingTables.contains(where: { $0.table === table && $0.mapping !== mapping.mapping }) else { return false }
        // Valid until the session meets another mapping, which may share one of the tables.
        if directMappings.known != mappingTables.count { directMappings = (mappingTables.count, []) }
        directMappings.mappings.append(id)
        return true
    }

    /// Decodes the next element of `elements`, an object of `mapping` that ``decodesDirectly(_:)``:
    /// made directly if it is a JSON object that reaches only objects that can be, otherwise
    /// prepared, to be made as usual.
    func decodeDirectly(
        next elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping,
        arrayPath: inout ArrayCodingPath?
    ) throws -> DirectElement {
        if try elements.decodeNil() { return .null }
        if !expectsIdentifier(mapping), let container = try ObjectSource.nextObject(in: &elements) {
            do {
                return .object(try undoingOnFailure { session in
                    try session.decodeDirectly(container, userInfo: userInfo, mapping: session.requireDirect(mapping))
                })
            } catch is DirectDecodingStopped {
                return .source(try ObjectSource(object: container, userInfo: userInfo, mapping: mapping))
            }
        }
        guard let source = try nextSource(in: &elements, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath) else { return .null }
        return .source(source)
    }

    /// Finds or inserts the object of the JSON object `container` holds and sets its properties.
    private func decodeDirectly(
        _ container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping
    ) throws -> NSManagedObject {
        directNesting += 1
        defer { directNesting -= 1 }
        let values = ObjectValues(container: container)
        let entity = mapping.mapping
        let (identity, identityValue, identityValues) = try self.identity(in: values, entity: entity)
        let found = findOrInsert(identity, identityValues: identityValue.map { [$0] } ?? identityValues, mapping: mapping)
        let (object, slot) = (found.object, found.slot)
        var touch = found.touch
        let destinations = destinationMappings(of: mapping)
        for (index, property) in entity.properties.enumerated() {
            if let attribute = property.attribute {
                // The object was found or inserted by these very values.
                if property.isIdentity, identity != nil { continue }
                try applyAttribute(property, attribute, from: values, to: object, touch: &touch, entity: entity.entityName) { slot }
            } else if let newValue = try relationshipValue(property, in: values, userInfo: userInfo, mapping: destinations[index]) {
                setRelationship(property, to: newValue, of: object, touch: &touch, related: nil) { slot }
            }
        }
        return object
    }

    /// The identity of the JSON object `values` holds, with the value of a single identity
    /// attribute, or the values of several. An integer identity is read as such: decoding it as
    /// `Any` and casting it back costs more than the rest of its lookup.
    private func identity(
        in values: ObjectValues, entity: EntityMapping
    ) throws -> (identity: ObjectIdentity?, value: Any?, values: [Any]) {
        let properties = entity.identityProperties
        guard properties.count == 1, let property = properties.first else {
            let decoded = try properties.map {
                try ObjectSource.identityValue($0, in: values, entity: entity, codingPath: values.codingPath)
            }
            return (ObjectIdentity(values: decoded, properties: properties), nil, decoded)
        }
        if property.attributeType == .integer64AttributeType, property.codableType == nil, property.path.count == 1,
           let integer = try? values.container.decode(Int64.self, forKey: property.lastKey) {
            return (ObjectIdentity(integer: integer), integer, [])
        }
        let value = try ObjectSource.identityValue(property, in: values, entity: entity, codingPath: values.codingPath)
        return (ObjectIdentity(value: value, type: property.attributeType), value, [])
    }

    /// The object of `identity`, found in its table or inserted with `identityValues`, with what
    /// the session did to it and its slot; an object without identity is inserted unregistered.
    private func findOrInsert(
        _ identity: ObjectIdentity?, identityValues: @autoclosure () -> [Any], mapping: DecodingMapping
    ) -> (object: NSManagedObject, touch: Touch, slot: (table: IdentityTable, slot: Int)?) {
        guard let identity else { return (insert(mapping, identityValues: identityValues(), registered: nil), .inserted, nil) }
        let table = identityTable(for: mapping.mapping)
        let found = table.object(slot: nil, identity: identity) {
            insert(mapping, identityValues: identityValues(), registered: (table, identity))
        }
        return (found.object, found.touch, (table, found.slot))
    }

    /// The objects a relationship's JSON value stands for, decoded directly; nil when its key is
    /// absent. `mapping` is the mapping of its destination, if this library decodes it.
    private func relationshipValue(
        _ property: PropertyMapping, in values: ObjectValues, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping?
    ) throws -> RelationshipValue? {
        guard let (container, key) = try values.locate(property.path) else { return nil }
        guard property.isToMany else { return .one(try relatedObject(at: key, in: container, userInfo: userInfo, mapping: mapping)) }
        var elements: any UnkeyedDecodingContainer
        do {
            elements = try container.nestedUnkeyedContainer(forKey: key)
        } catch {
            // `null` is told only when the value is not an array: most values are.
            if try container.decodeNil(forKey: key) { return RelationshipValue(toMany: [], ordered: property.isOrdered) }
            throw error
        }
        if elements.isAtEnd { return RelationshipValue(toMany: [], ordered: property.isOrdered) }
        let mapping = try requireDirect(mapping)
        var objects: [NSManagedObject] = []
        if let count = elements.count { objects.reserveCapacity(count) }
        var arrayPath: ArrayCodingPath?
        while !elements.isAtEnd {
            if let object = try decodeDirectly(element: &elements, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath) {
                objects.append(object)
            }
        }
        return RelationshipValue(toMany: objects, ordered: property.isOrdered)
    }

    /// `mapping`, if its objects can be made directly: the decode stops otherwise.
    private func requireDirect(_ mapping: DecodingMapping?) throws -> DecodingMapping {
        guard let mapping, decodesDirectly(mapping), try holdsEveryObject(mapping.mapping) else { throw DirectDecodingStopped() }
        return mapping
    }

    /// The object of the next element of a relationship's array; nil for `null`.
    private func decodeDirectly(
        element elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping,
        arrayPath: inout ArrayCodingPath?
    ) throws -> NSManagedObject? {
        if try elements.decodeNil() { return nil }
        if expectsIdentifier(mapping) {
            if let (scalar, identity, _) = ObjectSource.identifierScalar(in: &elements, mapping: mapping) {
                return findOrInsert(identity, identityValues: [scalar], mapping: mapping).object
            }
        } else if let container = try ObjectSource.nextObject(in: &elements) {
            return try decodeDirectly(container, userInfo: userInfo, mapping: mapping)
        }
        guard let source = try nextSource(in: &elements, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath) else { return nil }
        return try make(source, mapping: mapping)
    }

    /// The object of the object or bare identifier at `key`; nil for `null`.
    private func relatedObject(
        at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping?
    ) throws -> NSManagedObject? {
        var object: KeyedDecodingContainer<JSONKey>?
        if let mapping, !expectsIdentifier(mapping) {
            do {
                object = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            } catch {
                // `null` is told only when the value is not an object: most values are.
                if try container.decodeNil(forKey: key) { return nil }
                guard case DecodingError.typeMismatch = error else { throw error }
            }
        } else if try container.decodeNil(forKey: key) {
            return nil
        }
        let mapping = try requireDirect(mapping)
        if let object { return try decodeDirectly(object, userInfo: userInfo, mapping: mapping) }
        return try make(source(at: key, in: container, userInfo: userInfo, mapping: mapping), mapping: mapping)
    }

    /// Makes the object of a value of another shape, prepared as usual; its related objects must
    /// need no lookup either.
    private func make(_ source: ObjectSource, mapping: DecodingMapping) throws -> NSManagedObject {
        collect(source, mapping: mapping)
        guard try enqueuedIdentitiesNeedNoFetch() else { throw DirectDecodingStopped() }
        return try materialize(source, mapping: mapping, mayDefer: true)
    }
}
