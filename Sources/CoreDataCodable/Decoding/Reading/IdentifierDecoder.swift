import Foundation

/// A decoder presenting a bare identifier (`1`) as the object `{"<identity key path>": 1}`, so
/// that `container(for:)` and `initialize(from:)` run for bare identifiers as for objects.
///
/// A class, so that both hooks receive the same instance and handing it on as `any Decoder`
/// allocates no box: bare identifiers are many.
final class IdentifierDecoder: Decoder {
    let base: any Decoder
    /// The identity attribute's JSON key path.
    let path: [JSONKey]
    /// The identifier as decoded already (an `Int64`, `Double` or `String`), so that decoding it
    /// as that type again costs nothing; nil when not decoded yet.
    let scalar: Any?

    init(base: any Decoder, path: [JSONKey], scalar: Any?) {
        self.base = base
        self.path = path
        self.scalar = scalar
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        keyedContainer(keyedBy: type)
    }

    /// The identifier as an object's keyed container, by the import's own key type.
    var objectContainer: KeyedDecodingContainer<JSONKey> { keyedContainer(keyedBy: JSONKey.self) }

    /// The identifier as an object's keyed container, which making cannot fail.
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(IdentifierKeyedContainer<Key>(base: base, path: path, consumed: [], scalar: scalar))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected an array but found a bare identifier."
        ))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}

/// The keyed container of an ``IdentifierDecoder``: one key (or key path) whose value is the identifier.
private struct IdentifierKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: any Decoder
    /// The remaining key path to the identifier; never empty.
    let path: [JSONKey]
    /// The components of the key path already followed.
    let consumed: [JSONKey]
    /// The identifier as decoded already, if it was.
    let scalar: Any?

    /// Computed when asked: most decodes never need it.
    var codingPath: [any CodingKey] { base.codingPath + consumed }

    var allKeys: [Key] { path.first.flatMap { Key(stringValue: $0.stringValue) }.map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool {
        key.stringValue == path.first?.stringValue
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try requireLeaf(key)
        return try base.singleValueContainer().decodeNil()
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try requireLeaf(key)
        if let scalar = scalar as? T { return scalar }
        let container = try base.singleValueContainer()
        // Identifier types through the container's concrete overloads: the generic one goes
        // through `init(from:)` and costs several times more.
        let value: Any? = switch type {
        case is Int64.Type: try container.decode(Int64.self)
        case is Int.Type: try container.decode(Int.self)
        case is Int32.Type: try container.decode(Int32.self)
        case is Int16.Type: try container.decode(Int16.self)
        case is String.Type: try container.decode(String.self)
        default: nil
        }
        if let value = value as? T { return value }
        return try container.decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        guard contains(key), path.count > 1 else {
            throw mismatch([String: Any].self, forKey: key, "Expected an object but found a bare identifier.")
        }
        return KeyedDecodingContainer(IdentifierKeyedContainer<NestedKey>(
            base: base, path: Array(path.dropFirst()), consumed: consumed + [JSONKey(converting: key)], scalar: scalar
        ))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw mismatch([Any].self, forKey: key, "Expected an array but found a bare identifier.")
    }

    func superDecoder() throws -> any Decoder {
        throw mismatch([String: Any].self, forKey: nil, "A bare identifier has no super decoder.")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try requireLeaf(key)
        return base
    }

    /// Checks that `key` is the identifier's own key. The errors take the key as `any CodingKey`: in
    /// this unspecialized generic code, a `Key?` would cost a runtime metadata lookup on every call.
    private func requireLeaf(_ key: Key) throws {
        guard contains(key) else { throw missing(key) }
        guard path.count == 1 else {
            throw mismatch([String: Any].self, forKey: key, "Expected an object for a key path component.")
        }
    }

    private func missing(_ key: any CodingKey) -> DecodingError {
        DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: codingPath, debugDescription: "A bare identifier only has its identity key."
        ))
    }

    private func mismatch(_ type: Any.Type, forKey key: (any CodingKey)?, _ description: String) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath + (key.map { [$0] } ?? []), debugDescription: description
        ))
    }
}
