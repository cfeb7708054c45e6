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
                throw DecodingError.typeMismatch(AttributeDecoding.swiftType(of: attribute, property), DecodingError.Context(
                    codingPath: codingPath(to: property.path),
                    debugDescription: "The value set in container(for:) is a \(type(of: manual)), "
                        + "which does not fit the \(entity).\(property.name) attribute."
                ))
            }
            return .value(value)
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
        switch property.attributeType {
        case .integer16AttributeType: return try decodeNumber(Int16.self, at: container, key) { try container.decode(Int16.self, forKey: key) }
        case .integer32AttributeType: return try decodeNumber(Int32.self, at: container, key) { try container.decode(Int32.self, forKey: key) }
        case .integer64AttributeType: return try decodeNumber(Int64.self, at: container, key) { try container.decode(Int64.self, forKey: key) }
        case .decimalAttributeType: return try decodeNumber(Decimal.self, at: container, key) { try container.decode(Decimal.self, forKey: key) }
        case .doubleAttributeType: return try decodeNumber(Double.self, at: container, key) { try container.decode(Double.self, forKey: key) }
        case .floatAttributeType: return try decodeNumber(Float.self, at: container, key) { try container.decode(Float.self, forKey: key) }
        case .booleanAttributeType: return try container.decode(Bool.self, forKey: key)
        case .stringAttributeType: return try container.decode(String.self, forKey: key)
        case .dateAttributeType: return try container.decode(Date.self, forKey: key)
        case .binaryDataAttributeType: return try container.decode(Data.self, forKey: key)
        case .UUIDAttributeType: return try container.decode(UUID.self, forKey: key)
        case .URIAttributeType: return try container.decode(URL.self, forKey: key)
        case .transformableAttributeType:
            throw CoreDataCodableError(
                .propertyNotDecodable(entity: entity, property: property.name, reason:
                    "register the Swift type it stores in `codableAttributes`, or decode it in `initialize(from:)`."),
                codingPath: container.codingPath + [key]
            )
        default:
            throw CoreDataCodableError(
                .propertyNotDecodable(entity: entity, property: property.name, reason:
                    "its attribute type cannot be decoded from JSON; skip it or decode it in `initialize(from:)`."),
                codingPath: container.codingPath + [key]
            )
        }
    }

    /// Decodes a number, reporting one that does not fit `type` as a type mismatch at its path.
    ///
    /// For such a number (`70000` for `Int16`, `2.5` for an integer), swift-foundation's
    /// JSONDecoder throws an internal error that reaches the caller as "not valid JSON", without
    /// a coding path.
    ///
    /// `decode` calls the container's overload for the concrete type: the generic one goes
    /// through `init(from:)` and costs several times more.
    private static func decodeNumber<Number>(
        _ type: Number.Type, at container: KeyedDecodingContainer<JSONKey>, _ key: JSONKey, _ decode: () throws -> Number
    ) throws -> Number {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "Expected a number that fits in \(type).",
                underlyingError: error
            ))
        }
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
        return AttributeValue.converted(value, to: attribute.attributeType)
    }

    /// The Swift type an attribute decodes as, for error reports.
    static func swiftType(of attribute: NSAttributeDescription, _ property: PropertyMapping) -> Any.Type {
        if let codableType = property.codableType { return codableType }
        switch attribute.attributeType {
        case .integer16AttributeType: return Int16.self
        case .integer32AttributeType: return Int32.self
        case .integer64AttributeType: return Int64.self
        case .decimalAttributeType: return Decimal.self
        case .doubleAttributeType: return Double.self
        case .floatAttributeType: return Float.self
        case .booleanAttributeType: return Bool.self
        case .stringAttributeType: return String.self
        case .dateAttributeType: return Date.self
        case .binaryDataAttributeType: return Data.self
        case .UUIDAttributeType: return UUID.self
        case .URIAttributeType: return URL.self
        default: return Any.self
        }
    }
}
