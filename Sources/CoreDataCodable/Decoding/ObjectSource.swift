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

    /// Prepares the value `decoder` holds: a JSON object, or a bare identifier of an entity with a
    /// single identity attribute.
    init(decoder: any Decoder, mapping: DecodingMapping) throws {
        if let container = try ObjectSource.objectContainer(of: decoder) {
            try self.init(base: ObjectDecoder(base: decoder, container: container), mapping: mapping)
        } else {
            let base = try IdentifierDecoder(base: decoder, path: ObjectSource.identityPath(of: mapping, at: decoder))
            try self.init(base: base, mapping: mapping, isBareIdentifier: true)
        }
    }

    /// Prepares a JSON object whose keyed container is made already.
    init(object container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping) throws {
        try self.init(base: ObjectDecoder(container: container, userInfo: userInfo), mapping: mapping)
    }

    /// Prepares the next non-`null` element of `elements`, nil for `null`. An object is read
    /// through a nested container, without a decoder of its own.
    static func next(
        in elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping
    ) throws -> ObjectSource? {
        if try elements.decodeNil() { return nil }
        let index = elements.currentIndex
        let object: KeyedDecodingContainer<JSONKey>
        do {
            object = try elements.nestedContainer(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch where elements.currentIndex == index {
            return try ObjectSource(decoder: elements.superDecoder(), mapping: mapping)
        }
        return try ObjectSource(object: object, userInfo: userInfo, mapping: mapping)
    }

    /// Prepares the value at `key`: an object through a nested container, a bare identifier
    /// through its own decoder.
    static func value(
        at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping
    ) throws -> ObjectSource {
        let object: KeyedDecodingContainer<JSONKey>
        do {
            object = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        } catch DecodingError.typeMismatch {
            return try ObjectSource(decoder: container.superDecoder(forKey: key), mapping: mapping)
        }
        return try ObjectSource(object: object, userInfo: userInfo, mapping: mapping)
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

    private init(base: any Decoder, mapping: DecodingMapping, isBareIdentifier: Bool = false) throws {
        let entity = mapping.mapping
        let values = try mapping.prepare(base)
        decoder = PreparedDecoder(base: base, values: values, mapping: mapping, isBareIdentifier: isBareIdentifier)
        var identityValues: [Any] = []
        for property in entity.identityProperties {
            guard case .value(let value) = try values.attributeValue(property, entity: entity.entityName) else {
                throw CoreDataCodableError(
                    .missingIdentity(
                        entity: entity.entityName,
                        identityAttributes: entity.identityAttributes.map(\.name),
                        receivedKeys: values.receivedKeys
                    ),
                    codingPath: base.codingPath
                )
            }
            identityValues.append(value)
        }
        decoder.setIdentity(values: identityValues, attributes: entity.identityAttributes)
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
