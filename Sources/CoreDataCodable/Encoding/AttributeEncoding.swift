import Foundation

/// Encoding attribute values by their Core Data type.
enum AttributeEncoding {
    /// The container under `root` that holds the last component of `property`'s key path.
    static func keyPathContainer(
        for property: PropertyMapping, in root: KeyedEncodingContainer<JSONKey>
    ) -> KeyedEncodingContainer<JSONKey> {
        var container = root
        for key in property.path.dropLast() {
            container = container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        }
        return container
    }

    /// Writes the attribute `property` of `object` at its key path under `root`, its last key
    /// `key`; nil as `null`.
    static func encode(
        _ property: PropertyMapping, _ attribute: NSAttributeDescription, of object: NSManagedObject,
        into root: KeyedEncodingContainer<JSONKey>, forKey key: JSONKey, entity: String
    ) throws {
        var container = keyPathContainer(for: property, in: root)
        let codingPath = container.codingPath + [key]
        if let value = try encodable(object.value(forKey: property.name), property, attribute, entity: entity, codingPath: codingPath) {
            try container.encode(value, forKey: key)
        } else {
            try container.encodeNil(forKey: key)
        }
    }

    /// The value to encode for an attribute, typed by the attribute's type; nil for nil.
    ///
    /// A stored value of another type throws `EncodingError.invalidValue`.
    static func encodable(
        _ value: Any?, _ property: PropertyMapping, _ attribute: NSAttributeDescription,
        entity: String, codingPath: [any CodingKey]
    ) throws -> (any Encodable)? {
        guard let value, !isNullValue(value) else { return nil }
        if property.coercesValues, let written = syncValue(value, property, attribute) { return written }
        if let codableType = property.codableType {
            if attribute.attributeType == .binaryDataAttributeType, let data = value as? Data {
                return try JSONDecoder().decode(codableType, from: data)
            }
            if type(of: value) == codableType, let encodable = value as? any Encodable { return encodable }
            if let converted = propertyListValue(value, as: codableType) { return converted }
            if let encodable = value as? any Encodable { return encodable }
        } else if let kind = property.attributeKind {
            if let typed = kind.scalarType.converted(value) { return typed }
        } else if attribute.attributeType == .transformableAttributeType, let encodable = value as? any Encodable {
            return encodable
        }
        if attribute.attributeType == .transformableAttributeType || property.codableType != nil {
            throw CoreDataCodableError(
                .propertyNotEncodable(entity: entity, property: property.name, reason:
                    "its value, a \(type(of: value)), is not Encodable; register its type in `codableAttributes`."),
                codingPath: codingPath
            )
        }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "\(entity).\(property.name) holds a \(type(of: value)), which its attribute type cannot encode."
        ))
    }

    /// A value as Sync writes it, for a mapping by the model's conventions: what the attribute's
    /// `sync.valueTransformer` gives back, or the JSON array or object that binary data holds;
    /// nil for any other value, written by its attribute type.
    private static func syncValue(_ value: Any, _ property: PropertyMapping, _ attribute: NSAttributeDescription) -> (any Encodable)? {
        // Apple's default reverse transformation raises an exception when the transformer is one-way.
        if let name = property.valueTransformerName, let transformer = ValueTransformer(forName: name),
           type(of: transformer).allowsReverseTransformation() {
            return JSONObjectValue(value: transformer.reverseTransformedValue(value) ?? NSNull())
        }
        guard attribute.attributeType == .binaryDataAttributeType, let data = value as? Data,
              let json = try? JSONSerialization.jsonObject(with: data), json is [Any] || json is [String: Any]
        else { return nil }
        return JSONObjectValue(value: json)
    }

    /// `value` as `codableType`, when it is the property-list form of one: stores and value transformers
    /// give a `[String]` back as an array of `Any` (`NSArray`), a dictionary as `[AnyHashable: Any]`.
    private static func propertyListValue(_ value: Any, as codableType: any Codable.Type) -> (any Encodable)? {
        guard value is NSArray || value is NSDictionary || value is [Any] || value is [AnyHashable: Any],
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        else { return nil }
        return try? JSONDecoder().decode(codableType, from: data)
    }
}
