import Foundation

/// One JSON object or bare identifier to decode, after `container(for:)` ran on it and its
/// identity was read.
struct ObjectSource {
    /// The decoder `initialize(from:)` receives.
    let decoder: PreparedDecoder
    /// The identity, nil for an entity without identity attributes.
    let identity: ObjectIdentity?
    /// The identity attribute values as Swift values, in identity order.
    let identityValues: [Any]

    /// Prepares the value `decoder` holds: a JSON object, or a bare identifier of an entity with a
    /// single identity attribute.
    init(decoder: any Decoder, mapping: DecodingMapping) throws {
        let entity = mapping.mapping
        let base: any Decoder
        if let container = try ObjectSource.objectContainer(of: decoder) {
            base = KeyedObjectDecoder(base: decoder, container: container)
        } else {
            guard entity.identityProperties.count == 1, let property = entity.identityProperties.first else {
                throw CoreDataCodableError(
                    .bareIdentifierWithoutSingleIdentity(
                        entity: entity.entityName, identityAttributes: entity.identityAttributes.map(\.name)
                    ),
                    codingPath: decoder.codingPath
                )
            }
            base = IdentifierDecoder(base: decoder, path: property.path)
        }
        let values = try mapping.prepare(base)
        self.decoder = PreparedDecoder(base: base, values: values, mapping: mapping)
        var identityValues: [Any] = []
        for property in entity.identityProperties {
            guard case .value(let value) = try values.attributeValue(property, entity: entity.entityName) else {
                throw CoreDataCodableError(
                    .missingIdentity(
                        entity: entity.entityName,
                        identityAttributes: entity.identityAttributes.map(\.name),
                        receivedKeys: values.receivedKeys
                    ),
                    codingPath: decoder.codingPath
                )
            }
            identityValues.append(value)
        }
        self.identityValues = identityValues
        identity = identityValues.isEmpty ? nil : ObjectIdentity(values: identityValues, attributes: entity.identityAttributes)
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
