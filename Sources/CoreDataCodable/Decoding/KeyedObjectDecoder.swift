import Foundation

/// The decoder `container(for:)` receives for a JSON object: the element's own decoder, carrying
/// the keyed container already made to tell objects from bare identifiers, so that
/// `decoder.container(for:)` does not make it again.
struct KeyedObjectDecoder: Decoder {
    let base: any Decoder
    let container: KeyedDecodingContainer<JSONKey>

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try base.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try base.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}
