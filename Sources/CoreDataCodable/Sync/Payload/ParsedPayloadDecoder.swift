import Foundation

/// A decoder over a payload already parsed (``JSONPayloadParser``, or an app's own dictionaries):
/// `[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`, and the values an app may put in a
/// dictionary itself (`Date`, `Data`, `Decimal`, `UUID`, `URL`). The import engine reads a sync's
/// payload through it, as it reads `JSONDecoder`'s, without the payload being written as JSON and
/// parsed a second time; and a `Many` that `JSONDecoder` decodes, parsed by the library, with that
/// decoder's ``semantics``.
///
/// A mapping by the model's conventions reads each attribute's value as it is (``PayloadValue``)
/// and coerces it (``SyncValueCoercion``). The engine's own reads (identities, bare identifiers, a
/// subentity's name) decode strictly: numbers convert between numeric types when the value fits.
/// A value of another type throws `DecodingError.typeMismatch` at its coding path.
struct ParsedPayloadDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    /// How the `JSONDecoder` whose payload the library parsed reads values; nil for a sync's
    /// payload, whose values are read as they are.
    let semantics: JSONDecoderSemantics?

    init(value: Any, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], semantics: JSONDecoderSemantics? = nil) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.semantics = semantics
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let object = value as? [String: Any] else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(ParsedObjectContainer<Key>(object: object, codingPath: codingPath, userInfo: userInfo, semantics: semantics))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let array = value as? [Any] else { throw mismatch([Any].self) }
        return ParsedArrayContainer(elements: .parsed(array), codingPath: codingPath, userInfo: userInfo, semantics: semantics)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ParsedValueContainer(decoder: self)
    }

    /// The value as `T` (see ``decode(_:as:at:userInfo:)``).
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Self.decode(value, as: type, at: codingPath, userInfo: userInfo, semantics: semantics)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        Self.mismatch(type, found: value, at: codingPath)
    }

    /// `value` as `T`: numbers, strings and Booleans are read here, any other type decodes itself
    /// from a decoder of `value`. The coding path is made only for an error or such a type:
    /// a container reads most values without making one (5% of the instructions of a sync of 5,000
    /// people went to coding paths).
    static func decode<T: Decodable>(
        _ value: Any, as type: T.Type, at path: @autoclosure () -> [any CodingKey], userInfo: [CodingUserInfoKey: Any],
        semantics: JSONDecoderSemantics?
    ) throws -> T {
        // The value as it is: `T` is `PayloadValue` itself, so the cast is an identity (a checked
        // cast through `Any` cost 1,400 instructions a value).
        if type == PayloadValue.self { return unsafeBitCast(PayloadValue(value: value), to: T.self) }
        if let semantics {
            return try semantics.decode(value, as: type, at: path) {
                try T(from: ParsedPayloadDecoder(value: value, codingPath: path(), userInfo: userInfo, semantics: semantics))
            }
        }
        return try converting(value, as: type, at: path, userInfo: userInfo)
    }

    /// `value` of a sync's payload as `T`: numbers convert between numeric types when the value
    /// fits. A function of its own because its `T?`s ask the runtime for `Optional<T>`'s metadata
    /// at each call, which reads with ``JSONDecoderSemantics`` do not need.
    private static func converting<T: Decodable>(
        _ value: Any, as type: T.Type, at path: () -> [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws -> T {
        func cast(_ converted: Any?) throws -> T {
            guard let typed = converted as? T else { throw mismatch(type, found: value, at: path()) }
            return typed
        }
        // A plain number is told by its class: casting it to a Swift number first bridges, which cost
        // 5,900 instructions an identity on Linux.
        if Swift.type(of: value) == NSNumber.self, let number = value as? NSNumber, let integer = type as? any FixedWidthInteger.Type {
            return try cast(AttributeValue.exactInteger(number).flatMap { integer.init(exactly: $0) })
        }
        if let typed = value as? T, !isJSONCollection(value) { return typed }
        if let integer = type as? any FixedWidthInteger.Type { return try cast(AttributeValue.jsonInteger(value, as: integer)) }
        if let floatingPoint = type as? any BinaryFloatingPoint.Type {
            return try cast(AttributeValue.double(value).map { floatingPoint.init($0) })
        }
        // Strings and Booleans match by type alone: they would ask this decoder again.
        guard type != String.self, type != Bool.self else { throw mismatch(type, found: value, at: path()) }
        return try T(from: ParsedPayloadDecoder(value: value, codingPath: path(), userInfo: userInfo))
    }

    /// The error for `value`, at `path`, that is not a `type`.
    static func mismatch(_ type: Any.Type, found value: Any, at path: [any CodingKey]) -> DecodingError {
        let found = switch value {
        case is NSNull: "null"
        case is String: "a string"
        case is Bool: "a Boolean"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "a number"
        }
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."
        ))
    }

    /// The error for `null` at `path` where a `type` is expected.
    static func null(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
    }
}

/// The keyed container of a JSON object of a parsed payload.
private struct ParsedObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: Any]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let semantics: JSONDecoderSemantics?

    var allKeys: [Key] {
        object.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        object[key.stringValue] != nil
    }

    private func value(for key: Key) throws -> Any {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."
            ))
        }
        return value
    }

    private func decoder(for key: Key) throws -> ParsedPayloadDecoder {
        ParsedPayloadDecoder(value: try value(for: key), codingPath: codingPath + [key], userInfo: userInfo, semantics: semantics)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        isNullValue(try value(for: key))
    }

    /// One lookup, where the protocol's default looks the key up three times.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue], type == PayloadValue.self || !isNullValue(value) else { return nil }
        return try ParsedPayloadDecoder.decode(value, as: type, at: codingPath + [key], userInfo: userInfo, semantics: semantics)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try value(for: key)
        // `null` is a value as it is for a mapping by the model's conventions.
        if isNullValue(value), type != PayloadValue.self { throw ParsedPayloadDecoder.null(type, at: codingPath + [key]) }
        return try ParsedPayloadDecoder.decode(value, as: type, at: codingPath + [key], userInfo: userInfo, semantics: semantics)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ParsedPayloadDecoder(value: object["super"] ?? NSNull(), codingPath: codingPath + [JSONKey("super")], userInfo: userInfo, semantics: semantics)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ParsedPayloadDecoder(value: object[key.stringValue] ?? NSNull(), codingPath: codingPath + [key], userInfo: userInfo, semantics: semantics)
    }
}

/// The unkeyed container of a JSON array of a parsed payload: parsed whole, or the array at the
/// top of a payload parsed one element at a time.
struct ParsedArrayContainer: UnkeyedDecodingContainer {
    /// Where the elements come from.
    enum Elements {
        case parsed([Any])
        case streamed(JSONPayloadParser.TopLevelArray)
    }

    let elements: Elements
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let semantics: JSONDecoderSemantics?
    private(set) var currentIndex = 0

    init(elements: Elements, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], semantics: JSONDecoderSemantics?) {
        self.elements = elements
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.semantics = semantics
    }

    var count: Int? {
        switch elements {
        case .parsed(let array): array.count
        case .streamed: nil
        }
    }

    var isAtEnd: Bool {
        switch elements {
        case .parsed(let array): currentIndex >= array.count
        case .streamed(let array): array.isAtEnd
        }
    }

    /// The decoder of the current element; the index moves on only once it is decoded.
    private func current<T>(_ type: T.Type) throws -> ParsedPayloadDecoder {
        let path = codingPath + [JSONKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        let value = switch elements {
        case .parsed(let array): array[currentIndex]
        case .streamed(let array): try array.peek()
        }
        return ParsedPayloadDecoder(value: value, codingPath: path, userInfo: userInfo, semantics: semantics)
    }

    private mutating func advance() {
        if case .streamed(let array) = elements { array.take() }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard isNullValue(try current(Any?.self).value) else { return false }
        advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = try current(type)
        if isNullValue(decoder.value) { throw ParsedPayloadDecoder.null(type, at: decoder.codingPath) }
        let value = try decoder.decode(type)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try current([String: Any].self).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try current([Any].self).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try current(Any.self)
        advance()
        return decoder
    }
}

/// The single value container of a ``ParsedPayloadDecoder``.
private struct ParsedValueContainer: SingleValueDecodingContainer {
    let decoder: ParsedPayloadDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        isNullValue(decoder.value)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if isNullValue(decoder.value) { throw ParsedPayloadDecoder.null(type, at: codingPath) }
        return try decoder.decode(type)
    }
}

/// A value of a parsed payload as it is, whatever the decoder it is read through: what a mapping
/// by the model's conventions coerces (``SyncValueCoercion``).
struct PayloadValue: Decodable {
    let value: Any

    init(value: Any) {
        self.value = value
    }

    /// The value of a decoder other than ``ParsedPayloadDecoder`` (which gives it as it is): a
    /// bare identifier read ahead as a number or string.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = NSNull()
        } else if let integer = try? container.decode(Int64.self) {
            value = integer
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let boolean = try? container.decode(Bool.self) {
            value = boolean
        } else {
            value = try container.decode(String.self)
        }
    }
}
