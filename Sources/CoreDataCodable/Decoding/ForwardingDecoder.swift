import Foundation

/// A decoder that carries extra state for the library and otherwise behaves as the decoder it wraps.
protocol ForwardingDecoder: Decoder {
    /// The decoder every request goes to.
    var base: any Decoder { get }
}

extension ForwardingDecoder {
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
