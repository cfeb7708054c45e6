import Foundation

/// A related object as it is written inside its owner: nested or as its identifier.
struct RelatedObject: Encodable {
    enum Form {
        /// A nested object that leaves out the inverse of the relationship followed to it.
        case nested(skipping: String?)
        /// The identity attribute value, or an object of the identity keys for a composite identity.
        case identifier
    }

    let session: EncodingSession
    let object: NSManagedObject
    let mapping: EntityMapping
    let form: Form

    func encode(to encoder: any Encoder) throws {
        switch form {
        case .nested(let inverse):
            try session.skipping(inverse, for: object) {
                if session.exportStyle == nil, let encodable = object as? any Encodable {
                    try encodable.encode(to: encoder)
                } else {
                    try session.encodeObject(object, mapping: mapping, to: encoder)
                }
            }
        case .identifier:
            try encodeIdentifier(to: encoder)
        }
    }

    private func encodeIdentifier(to encoder: any Encoder) throws {
        if mapping.identityProperties.count == 1, let property = mapping.identityProperties.first, let attribute = property.attribute {
            var container = encoder.singleValueContainer()
            let value = try AttributeEncoding.encodable(
                object.value(forKey: property.name), property, attribute, entity: mapping.entityName, codingPath: encoder.codingPath
            )
            if let value { try container.encode(value) } else { try container.encodeNil() }
            return
        }
        let root = encoder.container(keyedBy: JSONKey.self)
        for property in mapping.identityProperties {
            guard let attribute = property.attribute else { continue }
            try AttributeEncoding.encode(property, attribute, of: object, into: root, forKey: property.lastKey, entity: mapping.entityName)
        }
    }
}
