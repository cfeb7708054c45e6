import Foundation

/// Reads one JSON value that stands for an object, a JSON object or a bare identifier (`1`),
/// into an ``ObjectRead``: runs its type's `container(for:)` and reads its identity.
///
/// An import first reads the payload this way; identities are then looked up and values applied.
/// A bare identifier is presented to the hooks as an object holding only its identity key
/// (``IdentifierDecoder``).
///
/// Telling an object from a bare identifier costs a failed decode, with its error, when the kind
/// tried first is wrong: the reader tries first, for each type, the kind its last value was, so
/// that arrays of bare identifiers cost no more than arrays of objects.
///
/// One import session uses it, on one thread: its properties skip dynamic exclusivity checks.
final class ObjectReader {
    /// The types whose last value read was a bare identifier. A payload has a few types:
    /// searching them costs less than hashing.
    @exclusivity(unchecked) private var readsIdentifiersOf: [ObjectIdentifier] = []

    /// Reads the value `decoder` holds: a JSON object, or a bare identifier of an entity with a
    /// single identity attribute.
    func read(_ decoder: any Decoder, as type: DecodableType) throws -> ObjectRead {
        let decoder = type.mapping.rewrite?.rewritten(decoder) ?? decoder
        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch {
            return try readIdentifier(decoder, as: type)
        }
        return try read(ObjectDecoder(base: decoder, container: container), from: .decoder(decoder), as: type)
    }

    /// Reads the next non-`null` element of `elements`; nil for `null`. An object is read through
    /// a nested container, without a decoder of its own. `arrayPath` keeps the coding path of
    /// `elements` once read, for its next elements.
    func readNext(
        in elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], as type: DecodableType,
        arrayPath: inout ArrayCodingPath?
    ) throws -> ObjectRead? {
        if try elements.decodeNil() { return nil }
        // An object its entity rewrites is read through its decoder, which holds it whole.
        if type.mapping.rewrite != nil { return try read(elements.superDecoder(), as: type) }
        if expectsIdentifier(type) {
            let index = elements.currentIndex
            if let scalar = Self.identifierType(of: type)?.next(in: &elements) {
                let array = arrayPath ?? ArrayCodingPath(elements)
                arrayPath = array
                return try readIdentifier(ScalarDecoder(value: scalar, index: index, in: array, userInfo: userInfo), scalar: scalar, as: type)
            }
            return try read(expectingIdentifier: elements.superDecoder(), as: type)
        }
        guard let object = try Self.nextObject(in: &elements) else {
            noteIdentifier(of: type, true)
            return try readIdentifier(elements.superDecoder(), as: type)
        }
        return try read(object: object, userInfo: userInfo, as: type)
    }

    /// Reads the value at `key` of `container`.
    func read(
        at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], as type: DecodableType
    ) throws -> ObjectRead {
        if type.mapping.rewrite != nil { return try read(container.superDecoder(forKey: key), as: type) }
        if expectsIdentifier(type) { return try read(expectingIdentifier: container.superDecoder(forKey: key), as: type) }
        let object: KeyedDecodingContainer<JSONKey>
        do {
            object = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        } catch DecodingError.typeMismatch {
            noteIdentifier(of: type, true)
            return try readIdentifier(container.superDecoder(forKey: key), as: type)
        }
        return try read(object: object, userInfo: userInfo, as: type)
    }

    /// The keyed container of the next element of `elements`; nil, with `elements` unchanged, when
    /// the element is not a JSON object.
    private static func nextObject(in elements: inout any UnkeyedDecodingContainer) throws -> KeyedDecodingContainer<JSONKey>? {
        let index = elements.currentIndex
        do {
            return try elements.nestedContainer(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch where elements.currentIndex == index {
            return nil
        }
    }

    private func expectsIdentifier(_ type: DecodableType) -> Bool {
        !readsIdentifiersOf.isEmpty && readsIdentifiersOf.contains(ObjectIdentifier(type))
    }

    private func noteIdentifier(of type: DecodableType, _ isIdentifier: Bool) {
        let id = ObjectIdentifier(type)
        if isIdentifier {
            if !readsIdentifiersOf.contains(id) { readsIdentifiersOf.append(id) }
        } else {
            readsIdentifiersOf.removeAll { $0 == id }
        }
    }

    /// Reads the value `decoder` holds, expected to be a bare identifier: it is told from an object
    /// by decoding it as a number or string, which costs no error when the guess is right.
    private func read(expectingIdentifier decoder: any Decoder, as type: DecodableType) throws -> ObjectRead {
        guard let scalar = Self.identifierScalar(decoder, as: type) else {
            noteIdentifier(of: type, false)
            return try read(decoder, as: type)
        }
        return try readIdentifier(decoder, scalar: scalar, as: type)
    }

    /// The Swift type of the single identity attribute of `type`, when bare identifiers of it are
    /// read straight from their array.
    private static func identifierType(of type: DecodableType) -> (any IdentifierScalar.Type)? {
        let identities = type.mapping.identityProperties
        return identities.count == 1 ? identities.first?.identifierType : nil
    }

    /// The number or string `decoder` holds, as a bare identifier does; nil for an object. The
    /// kind the identity attribute decodes from is tried first, so that telling costs no error
    /// when the guess is right.
    private static func identifierScalar(_ decoder: any Decoder, as type: DecodableType) -> Any? {
        guard let value = try? decoder.singleValueContainer() else { return nil }
        let number = { () -> Any? in try? value.decode(Double.self) }
        let string = { () -> Any? in try? value.decode(String.self) }
        switch type.mapping.identityProperties.first?.attributeKind?.family {
        case .integer?:
            return (try? value.decode(Int64.self)) ?? number() ?? string()
        case .real?, .decimal?:
            return number() ?? string()
        default:
            return string() ?? number()
        }
    }

    /// Reads the bare identifier `decoder` holds; `scalar` is its value if decoded already.
    private func readIdentifier(_ decoder: any Decoder, scalar: Any? = nil, as type: DecodableType) throws -> ObjectRead {
        let entity = type.mapping
        guard entity.identityProperties.count == 1, let property = entity.identityProperties.first else {
            throw CoreDataCodableError(
                .bareIdentifierWithoutSingleIdentity(
                    entity: entity.entityName, identityAttributes: entity.identityAttributes.map(\.name)
                ),
                codingPath: decoder.codingPath
            )
        }
        // A mapping by the model's conventions reads a missing identity without failing: `null` is
        // told here, so that it stays a value that does not read as an object.
        if entity.readsByConventions, scalar == nil, (try? decoder.singleValueContainer().decodeNil()) == true {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "Expected an object or a bare identifier but found null instead."
            ))
        }
        let identifier = IdentifierDecoder(base: decoder, path: property.path, scalar: scalar)
        return try read(identifier, from: .identifier(identifier), as: type)
    }

    /// Runs `container(for:)` on `base` and reads the identity.
    private func read(_ base: some Decoder, from source: ObjectRead.Source, as type: DecodableType) throws -> ObjectRead {
        try read(type.values(from: base), userInfo: base.userInfo, source: source, codingPath: base.codingPath, as: type)
    }

    /// Reads the JSON object `decoder` holds through its container, as an array's element is read,
    /// so that the read keeps no decoder; an object its entity rewrites is read through the decoder,
    /// which holds it whole.
    func read(objectIn decoder: any Decoder, as type: DecodableType) throws -> ObjectRead {
        if type.mapping.rewrite != nil { return try read(decoder, as: type) }
        return try read(object: decoder.container(keyedBy: JSONKey.self), userInfo: decoder.userInfo, as: type)
    }

    /// Reads a JSON object met through a nested container, which has no decoder of its own.
    private func read(object: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], as type: DecodableType) throws -> ObjectRead {
        try read(type.values(of: object, userInfo: userInfo), userInfo: userInfo, source: .object, codingPath: object.codingPath, as: type)
    }

    /// Reads the identity from the values `container(for:)` returned.
    private func read(
        _ values: ObjectValues, userInfo: [CodingUserInfoKey: Any], source: ObjectRead.Source,
        codingPath: @autoclosure () -> [any CodingKey], as type: DecodableType
    ) throws -> ObjectRead {
        let read = ObjectRead(type: type, values: values, userInfo: userInfo, source: source)
        let entity = type.mapping
        // The common single identity attribute goes without an array of values, and an integer one
        // read from the JSON is decoded as such: decoding it as `Any` and casting it back cost a
        // third of a first import's identity reading.
        if entity.identityProperties.count == 1, let property = entity.identityProperties.first {
            if let integer = Self.integerIdentity(property, in: values, source: source) {
                read.setIdentity(integer: integer)
                return read
            }
            if let value = try Self.identityValue(property, in: values, entity: entity, codingPath: codingPath()) { read.setIdentity(value: value) }
        } else if !entity.identityProperties.isEmpty {
            let identityValues = try entity.identityProperties.compactMap {
                try Self.identityValue($0, in: values, entity: entity, codingPath: codingPath())
            }
            if identityValues.count == entity.identityProperties.count { read.setIdentity(values: identityValues) }
        }
        // Groot names an object by a value: a bare identifier that gives none fails its validation.
        if read.lacksIdentity, read.isBareIdentifier, entity.mapsOnlyJSONKeyPaths, let key = entity.identityAttributes.first, !key.isOptional {
            throw GrootValidation.missingValue(of: key, entity: entity.entity, object: nil)
        }
        return read
    }

    /// The value of a single Integer 64 identity attribute read from the JSON as it stands: a bare
    /// identifier's number decoded already, or the object's key decoded as `Int64`. Nil when
    /// `container(for:)` set the value, or it needs the general decode (a key path, a `Codable` type).
    private static func integerIdentity(_ property: PropertyMapping, in values: ObjectValues, source: ObjectRead.Source) -> Int64? {
        guard property.attributeType == .integer64AttributeType, property.codableType == nil, property.path.count == 1,
              values.manualValue(for: property) == nil
        else { return nil }
        if case .identifier(let identifier) = source { return identifier.scalar as? Int64 }
        return try? values.container.decode(Int64.self, forKey: property.lastKey)
    }

    /// The value of an identity attribute of the object at `codingPath`. A missing or `null` one
    /// throws, except in a mapping by the model's conventions, whose object is then read without
    /// its identity (``ObjectRead/lacksIdentity``).
    private static func identityValue(
        _ property: PropertyMapping, in values: ObjectValues, entity: EntityMapping, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Any? {
        guard case .value(let value) = try values.attributeValue(property, entity: entity.entityName) else {
            if entity.readsByConventions { return nil }
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
}
