import Foundation

/// The JSON object of a managed object, read by its coding keys and key paths, whose values can
/// be replaced or added before the object is looked up and initialized.
///
/// <!-- snippet: members of Custom -->
/// ```swift
/// static func container(for decoder: Decoder) throws -> AnyCoreDataKeyedDecodingContainer {
///     var container = try decoder.container(for: Self.self)
///     container[.id] = Int(try container.decode(String.self, forKey: .id))   // "1" → 1
///     return container
/// }
/// ```
public struct CoreDataKeyedDecodingContainer<ManagedObject: CoreDataDecodable>: AnyCoreDataKeyedDecodingContainer, ObjectValuesContainer {
    /// The key type: the object's coding keys.
    public typealias Key = ManagedObject.CodingKeys

    var values: ObjectValues

    init(values: ObjectValues) {
        self.values = values
    }

    /// The coding path of the JSON object.
    public var codingPath: [any CodingKey] { values.codingPath }

    /// The keys present in the JSON object (top-level components) or set through the subscript.
    public var allKeys: [Key] {
        values.receivedKeys.compactMap { Key(stringValue: $0) }
    }

    /// A value set for `key` (nil: read as `null`), or the JSON value's presence otherwise.
    ///
    /// Reading gives the value set through the subscript, or nil. Writing a value makes every
    /// read of `key` return it; writing nil makes `key` read as `null`.
    public subscript(key: Key) -> Any? {
        get { values.manualValues[key.stringValue] ?? nil }
        set { values.manualValues[key.stringValue] = .some(newValue) }
    }

    /// Whether the JSON object (following key paths) or the subscript has a value for `key`.
    public func contains(_ key: Key) -> Bool {
        if values.manualValues[key.stringValue] != nil { return true }
        return (try? values.locate(path(of: key))) != nil
    }

    /// Whether the value for `key` is `null`.
    public func decodeNil(forKey key: Key) throws -> Bool {
        if let manual = values.manualValues[key.stringValue] { return manual == nil }
        let (container, last) = try locate(key)
        return try container.decodeNil(forKey: last)
    }

    /// Decodes the value for `key` as `T`; a value set through the subscript converts between
    /// number types when the number fits.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let manual = values.manualValues[key.stringValue] {
            return try manualValue(manual, as: type, forKey: key)
        }
        let (container, last) = try locate(key)
        return try container.decode(type, forKey: last)
    }

    /// Decodes the value for `key` as `T`, or nil when it is missing or `null`.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let manual = values.manualValues[key.stringValue] {
            guard manual != nil else { return nil }
            return try manualValue(manual, as: type, forKey: key)
        }
        guard let (container, last) = try values.locate(path(of: key)) else { return nil }
        return try container.decodeIfPresent(type, forKey: last)
    }

    /// The keyed container of the JSON object at `key`.
    public func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (container, last) = try locate(key)
        return try container.nestedContainer(keyedBy: type, forKey: last)
    }

    /// The unkeyed container of the JSON array at `key`.
    public func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let (container, last) = try locate(key)
        return try container.nestedUnkeyedContainer(forKey: last)
    }

    /// A decoder for the value at `key`.
    public func superDecoder(forKey key: Key) throws -> any Decoder {
        let (container, last) = try locate(key)
        return try container.superDecoder(forKey: last)
    }

    private func path(of key: Key) -> [JSONKey] {
        key.keyPathComponents.map { JSONKey($0) }
    }

    private func locate(_ key: Key) throws -> (KeyedDecodingContainer<JSONKey>, JSONKey) {
        let path = path(of: key)
        guard let found = try values.locate(path) else {
            throw DecodingError.keyNotFound(JSONKey(key.stringValue), DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value for key path \"\(key.stringValue)\" (property \(key.propertyName))."
            ))
        }
        return found
    }

    private func manualValue<T>(_ manual: Any?, as type: T.Type, forKey key: Key) throws -> T {
        let context = DecodingError.Context(
            codingPath: values.codingPath(to: path(of: key)),
            debugDescription: "The value set for \"\(key.stringValue)\" in container(for:) is "
                + "\(manual.map { "\(Swift.type(of: $0))" } ?? "nil"), not \(T.self)."
        )
        guard let manual else { throw DecodingError.valueNotFound(type, context) }
        guard let value = AttributeValue.cast(manual, to: type) else { throw DecodingError.typeMismatch(type, context) }
        return value
    }
}
