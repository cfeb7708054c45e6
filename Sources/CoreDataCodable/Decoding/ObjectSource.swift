import Foundation

/// One JSON object or bare identifier to decode, after `container(for:)` ran on it and its
/// identity was read.
struct ObjectSource {
    /// The decoder `initialize(from:)` receives, which holds what was prepared.
    let decoder: PreparedDecoder

    /// The identity, nil for an entity without identity attributes.
    var identity: ObjectIdentity? { decoder.identity }
    /// The identity attribute values as Swift values, in identity order.
    var identityValues: [Any] { decoder.identityValues }

    private init(prepared decoder: PreparedDecoder) {
        self.decoder = decoder
    }

    /// Prepares the value `decoder` holds: a JSON object, or a bare identifier of an entity with a
    /// single identity attribute.
    init(decoder: any Decoder, mapping: DecodingMapping) throws {
        if let container = try ObjectSource.objectContainer(of: decoder) {
            try self.init(base: ObjectDecoder(base: decoder, container: container), forwardingTo: .decoder(decoder), mapping: mapping)
        } else {
            try self.init(identifier: decoder, mapping: mapping)
        }
    }

    /// Prepares the bare identifier `decoder` holds; `scalar` is its value if decoded already.
    ///
    /// The default `container(for:)` presents the identifier as an object with nothing else: for a
    /// type known to keep it, the hook is skipped, and a scalar of the identity attribute's own
    /// type is the identity (see ``values(of:mapping:)``).
    private init(identifier decoder: any Decoder, scalar: Any? = nil, mapping: DecodingMapping) throws {
        let path = try ObjectSource.identityPath(of: mapping, at: decoder)
        let session = ImportSession.current
        if let session, session.keepsDefaultContainer(mapping), let scalar,
           let property = mapping.mapping.identityProperties.first, property.identifierType?.isType(of: scalar) == true {
            let identity = ObjectIdentity(value: scalar, type: property.attributeType)
            self.init(identity: identity, of: scalar, path: path, decoder: decoder, mapping: mapping)
            return
        }
        let base = IdentifierDecoder(base: decoder, path: path, scalar: scalar)
        try self.init(base: base, forwardingTo: .identifier(of: decoder), mapping: mapping, isBareIdentifier: true)
    }

    /// A bare identifier whose `scalar` is its `identity`, of a type keeping the default `container(for:)`:
    /// the container the hook would return is the identifier presented as an object at `path`.
    private init(identity: ObjectIdentity?, of scalar: Any, path: [JSONKey], decoder: any Decoder, mapping: DecodingMapping) {
        let values = ObjectValues(container: IdentifierDecoder(base: decoder, path: path, scalar: scalar).keyedContainer(keyedBy: JSONKey.self))
        let prepared = PreparedDecoder(
            forwardingTo: .identifier(of: decoder), userInfo: decoder.userInfo, values: values, mapping: mapping, isBareIdentifier: true
        )
        prepared.setIdentity(identity, value: scalar)
        self.init(prepared: prepared)
    }

    /// Reads the next element of `elements` as a bare identifier of the identity attribute's own
    /// type, for a type known to keep both default hooks, without the JSON's own decoder of the
    /// element: neither hook would see it, and making it costs more than the rest. Nil, with
    /// `elements` unchanged, when the element is anything else; it is then prepared the usual way.
    ///
    /// `arrayPath` is the coding path of `elements`, made by the array's first such element.
    init?(
        identifierIn elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping,
        arrayPath: inout ArrayCodingPath?
    ) {
        let index = elements.currentIndex
        guard let (scalar, identity, property) = Self.identifierScalar(in: &elements, mapping: mapping) else { return nil }
        let array = arrayPath ?? ArrayCodingPath(elements)
        arrayPath = array
        let decoder = ScalarDecoder(value: scalar, index: index, in: array, userInfo: userInfo)
        self.init(identity: identity, of: scalar, path: property.path, decoder: decoder, mapping: mapping)
    }

    /// The next element of `elements` as a bare identifier of the single identity attribute's own
    /// type, with its identity and that attribute; nil, with `elements` unchanged, when it is
    /// anything else.
    static func identifierScalar(
        in elements: inout any UnkeyedDecodingContainer, mapping: DecodingMapping
    ) -> (scalar: Any, identity: ObjectIdentity?, property: PropertyMapping)? {
        let identities = mapping.mapping.identityProperties
        guard identities.count == 1, let property = identities.first, let scalarType = property.identifierType,
              let (scalar, identity) = scalarType.nextIdentifier(in: &elements, type: property.attributeType)
        else { return nil }
        return (scalar, identity, property)
    }

    /// Prepares the value `decoder` holds, expected to be a bare identifier: one is told from an
    /// object by decoding it as a scalar, which costs no error when the guess is right.
    private init(expectingIdentifier decoder: any Decoder, mapping: DecodingMapping, isIdentifier: inout Bool) throws {
        let scalar = ObjectSource.identifierScalar(decoder, mapping: mapping)
        isIdentifier = scalar != nil
        if let scalar {
            try self.init(identifier: decoder, scalar: scalar, mapping: mapping)
        } else {
            try self.init(decoder: decoder, mapping: mapping)
        }
    }

    /// Prepares a JSON object whose keyed container is made already.
    init(object container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping) throws {
        try self.init(base: ObjectDecoder(container: container, userInfo: userInfo), forwardingTo: .object, mapping: mapping)
    }

    /// Prepares the next non-`null` element of `elements`, nil for `null`. An object is read
    /// through a nested container, without a decoder of its own.
    ///
    /// `expectingIdentifier` tells which kind of value to try first, and is set to the kind
    /// found: the kind tried first costs no error when it is right, which is what makes arrays
    /// of bare identifiers as cheap as arrays of objects.
    ///
    /// `readsIdentifiers` allows ``init(identifierIn:userInfo:mapping:arrayPath:)`` for bare identifiers.
    static func next(
        in elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping,
        expectingIdentifier: inout Bool, readsIdentifiers: Bool, arrayPath: inout ArrayCodingPath?
    ) throws -> ObjectSource? {
        if try elements.decodeNil() { return nil }
        if expectingIdentifier, readsIdentifiers,
           let source = ObjectSource(identifierIn: &elements, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath) {
            return source
        }
        if expectingIdentifier {
            return try ObjectSource(expectingIdentifier: elements.superDecoder(), mapping: mapping, isIdentifier: &expectingIdentifier)
        }
        guard let object = try nextObject(in: &elements) else {
            expectingIdentifier = true
            return try ObjectSource(identifier: elements.superDecoder(), mapping: mapping)
        }
        return try ObjectSource(object: object, userInfo: userInfo, mapping: mapping)
    }

    /// The keyed container of the next element of `elements`; nil, with `elements` unchanged, when
    /// the element is not a JSON object.
    static func nextObject(in elements: inout any UnkeyedDecodingContainer) throws -> KeyedDecodingContainer<JSONKey>? {
        let index = elements.currentIndex
        do {
            return try elements.nestedContainer(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch where elements.currentIndex == index {
            return nil
        }
    }

    /// Prepares the value at `key`: an object through a nested container, a bare identifier
    /// through its own decoder. `expectingIdentifier` works as in
    /// ``next(in:userInfo:mapping:expectingIdentifier:readsIdentifiers:arrayPath:)``.
    static func value(
        at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping,
        expectingIdentifier: inout Bool
    ) throws -> ObjectSource {
        if expectingIdentifier {
            return try ObjectSource(
                expectingIdentifier: container.superDecoder(forKey: key), mapping: mapping, isIdentifier: &expectingIdentifier
            )
        }
        let object: KeyedDecodingContainer<JSONKey>
        do {
            object = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        } catch DecodingError.typeMismatch {
            expectingIdentifier = true
            return try ObjectSource(identifier: container.superDecoder(forKey: key), mapping: mapping)
        }
        return try ObjectSource(object: object, userInfo: userInfo, mapping: mapping)
    }

    /// The number or string `decoder` holds, as a bare identifier does; nil for an object. The
    /// kind the identity attribute decodes from is tried first, so that telling costs no error
    /// when the guess is right, and the identity is then read from the value decoded here.
    private static func identifierScalar(_ decoder: any Decoder, mapping: DecodingMapping) -> Any? {
        guard let value = try? decoder.singleValueContainer() else { return nil }
        let number = { () -> Any? in try? value.decode(Double.self) }
        let string = { () -> Any? in try? value.decode(String.self) }
        switch mapping.mapping.identityProperties.first?.attributeType {
        case .integer16AttributeType?, .integer32AttributeType?, .integer64AttributeType?:
            return (try? value.decode(Int64.self)) ?? number() ?? string()
        case .doubleAttributeType?, .floatAttributeType?, .decimalAttributeType?:
            return number() ?? string()
        default:
            return string() ?? number()
        }
    }

    /// The key path of the single identity attribute that a bare identifier stands for.
    private static func identityPath(of mapping: DecodingMapping, at decoder: any Decoder) throws -> [JSONKey] {
        let entity = mapping.mapping
        guard entity.identityProperties.count == 1, let property = entity.identityProperties.first else {
            throw CoreDataCodableError(
                .bareIdentifierWithoutSingleIdentity(
                    entity: entity.entityName, identityAttributes: entity.identityAttributes.map(\.name)
                ),
                codingPath: decoder.codingPath
            )
        }
        return property.path
    }

    /// Runs `container(for:)` on `base` and reads the identity; the prepared decoder forwards as `forwarding` says.
    private init(
        base: any Decoder, forwardingTo forwarding: PreparedDecoder.Forwarding, mapping: DecodingMapping, isBareIdentifier: Bool = false
    ) throws {
        let entity = mapping.mapping
        let values = try Self.values(of: base, mapping: mapping)
        decoder = PreparedDecoder(
            forwardingTo: forwarding, userInfo: base.userInfo, values: values, mapping: mapping, isBareIdentifier: isBareIdentifier
        )
        // The common single identity attribute goes without an array of values.
        if entity.identityProperties.count == 1, let property = entity.identityProperties.first {
            decoder.setIdentity(value: try Self.identityValue(property, in: values, entity: entity, codingPath: base.codingPath))
            return
        }
        var identityValues: [Any] = []
        for property in entity.identityProperties {
            identityValues.append(try Self.identityValue(property, in: values, entity: entity, codingPath: base.codingPath))
        }
        decoder.setIdentity(values: identityValues)
    }

    /// What the type's `container(for:)` returns for `base`. The hook is skipped for a type known to
    /// keep the default one, which returns `base`'s container as it is; the import learns that from
    /// the type's first object or bare identifier the default hook runs for.
    private static func values(of base: any Decoder, mapping: DecodingMapping) throws -> ObjectValues {
        guard let session = ImportSession.current else { return try mapping.prepare(base) }
        if session.keepsDefaultContainer(mapping) { return try ObjectValues(decoder: base) }
        session.defaultContainerRan = false
        let values = try mapping.prepare(base)
        if session.defaultContainerRan, values.manualValues.isEmpty { session.noteDefaultContainer(of: mapping) }
        return values
    }

    /// The value of an identity attribute of the object at `codingPath`; a missing or `null` one throws.
    static func identityValue(
        _ property: PropertyMapping, in values: ObjectValues, entity: EntityMapping, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Any {
        guard case .value(let value) = try values.attributeValue(property, entity: entity.entityName) else {
            throw CoreDataCodableError(
                .missingIdentity(
                    entity: entity.entityName,
                    identityAttributes: entity.identityAttributes.map(\.name),
                    receivedKeys: values.receivedKeys
                ),
                codingPath: codingPath()
            )
        }
        return value
    }

    /// The keyed container of the JSON object `decoder` holds; nil for a scalar or an array.
    private static func objectContainer(of decoder: any Decoder) throws -> KeyedDecodingContainer<JSONKey>? {
        do {
            return try decoder.container(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }
}
