import Foundation

/// The decoder of one JSON object whose keyed container is made already: what `container(for:)`
/// and `initialize(from:)` receive for an object, so that `decoder.container(for:)` does not make
/// the container again.
///
/// With the JSON's own decoder of the object (`base`), every other request goes to it. Without
/// one, for objects read through nested containers inside arrays and relationships (no decoder
/// of the JSON's own is made for each), keyed containers of any key type read the object, a
/// single value container decodes types that decode themselves from keyed containers, and an
/// unkeyed container is a type mismatch, as for the JSON's own decoder.
///
/// A struct of three references: it fits in an existential's inline buffer, so handing it to a
/// hook as `any Decoder` allocates nothing.
struct ObjectDecoder: Decoder {
    let container: KeyedDecodingContainer<JSONKey>
    let userInfo: [CodingUserInfoKey: Any]
    private let boxedBase: BaseDecoder?

    /// The JSON's own decoder of the object, in a box of one reference.
    private final class BaseDecoder {
        let decoder: any Decoder

        init(_ decoder: any Decoder) {
            self.decoder = decoder
        }
    }

    private var base: (any Decoder)? { boxedBase?.decoder }

    /// The decoder of an object read through a nested container.
    init(container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any]) {
        self.container = container
        self.userInfo = userInfo
        boxedBase = nil
    }

    /// The JSON's own decoder `base` of an object, with the container made from it.
    init(base: any Decoder, container: KeyedDecodingContainer<JSONKey>) {
        self.container = container
        userInfo = base.userInfo
        boxedBase = BaseDecoder(base)
    }

    var codingPath: [any CodingKey] { base?.codingPath ?? container.codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let base { return try base.container(keyedBy: type) }
        return KeyedDecodingContainer(RekeyedDecodingContainer<Key>(base: container))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if let base { return try base.unkeyedContainer() }
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected an array but found an object."
        ))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        if let base { return try base.singleValueContainer() }
        return ObjectValueContainer(decoder: self)
    }
}

/// The single value container of an ``ObjectDecoder``: the object as a whole.
private struct ObjectValueContainer: SingleValueDecodingContainer {
    let decoder: ObjectDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A primitive's `init(from:)` asks this container for itself again.
        guard !Self.primitiveTypes.contains(ObjectIdentifier(type)) else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(type) but found an object."
            ))
        }
        return try T(from: decoder)
    }

    /// The types `SingleValueDecodingContainer` decodes by itself.
    private static let primitiveTypes: Set<ObjectIdentifier> = {
        var types: Set<ObjectIdentifier> = [
            ObjectIdentifier(Bool.self), ObjectIdentifier(String.self), ObjectIdentifier(Double.self),
            ObjectIdentifier(Float.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self),
            ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
            ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
            ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self),
        ]
        // `Int128` and `UInt128` exist from macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2 on,
        // later than this package's deployment targets; elsewhere the check is always true.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            types.insert(ObjectIdentifier(Int128.self))
            types.insert(ObjectIdentifier(UInt128.self))
        }
        return types
    }()
}
