import Foundation

/// A JSON object's container read with another key type: each key is looked up by its string.
struct RekeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<JSONKey>

    var codingPath: [any CodingKey] { base.codingPath }

    var allKeys: [Key] {
        base.allKeys.compactMap { Key(stringValue: $0.stringValue) }
    }

    func contains(_ key: Key) -> Bool {
        base.contains(JSONKey(converting: key))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try base.decodeNil(forKey: JSONKey(converting: key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try base.decode(type, forKey: JSONKey(converting: key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try base.nestedContainer(keyedBy: type, forKey: JSONKey(converting: key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try base.nestedUnkeyedContainer(forKey: JSONKey(converting: key))
    }

    func superDecoder() throws -> any Decoder {
        try base.superDecoder()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try base.superDecoder(forKey: JSONKey(converting: key))
    }
}
