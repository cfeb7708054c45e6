import Foundation

extension ObjectValues {
    /// The value of an attribute: set in `container(for:)` (converted to the attribute's type),
    /// or decoded strictly from JSON by the attribute's type. A value of the wrong type throws
    /// `DecodingError.typeMismatch`; it never becomes nil.
    func attributeValue(_ property: PropertyMapping, entity: String, checkingPresenceFirst: Bool = false) throws -> FoundValue<Any> {
        guard let attribute = property.attribute else { return .missing }
        if let manual = manualValue(for: property) {
            guard let manual else { return .null }
            guard let value = AttributeDecoding.converted(manual, for: property) else {
                throw DecodingError.typeMismatch(AttributeDecoding.swiftType(of: property), DecodingError.Context(
                    codingPath: codingPath(to: property.path),
                    debugDescription: "The value set in container(for:) is a \(type(of: manual)), "
                        + "which does not fit the \(entity).\(property.name) attribute."
                ))
            }
            return .value(value)
        }
        if property.coercesValues {
            guard let (value, container, key) = try payloadValue(of: property) else { return .missing }
            return try SyncValueCoercion.value(value, for: property, attribute, entity: entity, codingPath: container.codingPath + [key])
        }
        let container: KeyedDecodingContainer<JSONKey>
        let key: JSONKey
        if property.path.count == 1 {
            (container, key) = (self.container, property.lastKey)
        } else {
            guard let located = try locate(property.path) else { return .missing }
            (container, key) = located
        }
        // Decoding first costs one lookup for a value that is there, the common case; a missing
        // key or `null` is told apart only when the decode fails. That failure makes an error with
        // the full coding path, whose cost grows with the object's depth: deep in nested objects,
        // presence is checked first (a chain of 511 nested objects each missing one key: 0.29 s
        // without the check, 0.0034 s with it).
        if checkingPresenceFirst, !container.contains(key) { return .missing }
        do {
            return .value(try AttributeDecoding.decode(property, attribute, from: container, forKey: key, entity: entity))
        } catch {
            guard container.contains(key) else { return .missing }
            if (try? container.decodeNil(forKey: key)) == true { return .null }
            throw error
        }
    }
}

extension ObjectValues {
    /// The value of `property` as the payload gives it (``PayloadValue``), with where it was
    /// found: at the first of its paths present; nil when none is. A plain key costs one lookup.
    fileprivate func payloadValue(of property: PropertyMapping) throws -> (Any, KeyedDecodingContainer<JSONKey>, JSONKey)? {
        func value(at path: [JSONKey]) throws -> (Any, KeyedDecodingContainer<JSONKey>, JSONKey)? {
            if path.count == 1 {
                return try container.decodeIfPresent(PayloadValue.self, forKey: path[0]).map { ($0.value, container, path[0]) }
            }
            guard let (container, key) = try locate(path) else { return nil }
            return (try container.decode(PayloadValue.self, forKey: key).value, container, key)
        }
        if let found = try value(at: property.path) { return found }
        for path in property.alternatePaths {
            if let found = try value(at: path) { return found }
        }
        return nil
    }
}

/// Decoding attribute values by their Core Data type.
enum AttributeDecoding {
    /// Decodes the value of `key` by the attribute's type; a missing key or `null` throws.
    static func decode(
        _ property: PropertyMapping, _ attribute: NSAttributeDescription,
        from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey, entity: String
    ) throws -> Any {
        if let codableType = property.codableType {
            let value = try container.decode(codableType, forKey: key)
            return try stored(value, for: attribute)
        }
        guard let kind = property.attributeKind else {
            let reason = property.attributeType == .transformableAttributeType
                ? "register the Swift type it stores in `codableAttributes`, or decode it in `initialize(from:)`."
                : "its attribute type cannot be decoded from JSON; skip it or decode it in `initialize(from:)`."
            throw CoreDataCodableError(
                .propertyNotDecodable(entity: entity, property: property.name, reason: reason),
                codingPath: container.codingPath + [key]
            )
        }
        return try kind.decode(container, key)
    }

    /// What an attribute stores for a `Codable` value: the value itself, or JSON data in a binary attribute.
    static func stored(_ value: any Encodable, for attribute: NSAttributeDescription) throws -> Any {
        guard attribute.attributeType == .binaryDataAttributeType else { return value }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    /// A value set in `container(for:)` as the attribute stores it, or nil when it does not fit.
    static func converted(_ value: Any, for property: PropertyMapping) -> Any? {
        guard let attribute = property.attribute else { return nil }
        if property.codableType != nil, !(value is Data), let encodable = value as? any Encodable {
            return try? stored(encodable, for: attribute)
        }
        guard let kind = property.attributeKind else { return value }
        return kind.scalarType.converted(value)
    }

    /// The Swift type an attribute decodes as, for error reports.
    static func swiftType(of property: PropertyMapping) -> Any.Type {
        property.codableType ?? property.attributeKind?.scalarType ?? Any.self
    }
}
