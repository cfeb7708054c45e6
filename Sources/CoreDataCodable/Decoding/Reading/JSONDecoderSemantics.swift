import Foundation

/// How a `JSONDecoder` reads the values of a payload, for a payload the library parses itself
/// (``JSONDecoder/decode(_:from:)``): its strategies for dates, data and keys, and its strict
/// scalars (a number is never a Boolean or a string, a string never a number). Errors are those
/// the import reports through `JSONDecoder`, with one difference: an ISO 8601 date that cannot be
/// read is reported at its own coding path.
///
/// Made only for a decoder whose strategies it reads as `JSONDecoder` does; any other decoder
/// decodes through `JSONDecoder` itself.
struct JSONDecoderSemantics {
    private let dates: JSONDecoder.DateDecodingStrategy
    /// Whether keys are converted from snake case.
    let convertsKeysFromSnakeCase: Bool

    /// The semantics of `decoder`; nil when one of its strategies or options is one the library
    /// does not read itself (custom or formatted strategies, JSON5, non-conforming floats).
    init?(of decoder: JSONDecoder) {
        guard !decoder.allowsJSON5, !decoder.assumesTopLevelDictionary else { return nil }
        guard case .base64 = decoder.dataDecodingStrategy, case .throw = decoder.nonConformingFloatDecodingStrategy else { return nil }
        switch decoder.dateDecodingStrategy {
        case .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601: dates = decoder.dateDecodingStrategy
        default: return nil
        }
        switch decoder.keyDecodingStrategy {
        case .useDefaultKeys: convertsKeysFromSnakeCase = false
        case .convertFromSnakeCase: convertsKeysFromSnakeCase = true
        default: return nil
        }
    }

    /// The parsed `value` (``JSONPayloadParser`` in strict mode) as `T`, as `JSONDecoder` decodes it;
    /// `decodeItself` decodes a type the semantics do not read, from a decoder of the value.
    ///
    /// Every value read comes back as `T` itself, never as a `T?` or through `as? T`: in the
    /// unspecialized calls a container makes, each `T?` asks the runtime for `Optional<T>`'s
    /// metadata, 51M instructions of a first import of 5,000 people.
    func decode<T>(_ value: Any, as type: T.Type, at path: () -> [any CodingKey], otherwise decodeItself: () throws -> T) throws -> T {
        // The types the import reads most are told by identity, and handed back as what they are:
        // a cast to a protocol type costs a conformance lookup a value, and a cast back to `T` a
        // dynamic cast.
        if type == String.self { return unsafeBitCast(try string(value, at: path), to: T.self) }
        if type == Bool.self {
            guard Swift.type(of: value) == Bool.self, let boolean = value as? Bool else { throw ParsedPayloadDecoder.mismatch(type, found: value, at: path()) }
            return unsafeBitCast(boolean, to: T.self)
        }
        if type == Int64.self { return unsafeBitCast(try integer(value, as: Int64.self, at: path), to: T.self) }
        if type == Double.self { return unsafeBitCast(try floatingPoint(value, as: Double.self, at: path), to: T.self) }
        if type == Date.self { return unsafeBitCast(try date(value, at: path), to: T.self) }
        // `type` is the opened integer or floating-point type itself, so the bit casts are identities.
        if let integer = type as? any FixedWidthInteger.Type { return Self.identity(try self.integer(value, as: integer, at: path), as: type) }
        if let floatingPoint = type as? any BinaryFloatingPoint.Type {
            return Self.identity(try self.floatingPoint(value, as: floatingPoint, at: path), as: type)
        }
        if type == Data.self {
            guard let data = Data(base64Encoded: try string(value, at: path)) else { throw Self.corrupted("Encountered Data is not valid Base64.", at: path()) }
            return unsafeBitCast(data, to: T.self)
        }
        if type == URL.self {
            guard let url = URL(string: try string(value, at: path)) else { throw Self.corrupted("Invalid URL string.", at: path()) }
            return unsafeBitCast(url, to: T.self)
        }
        return try decodeItself()
    }

    /// `value`, whose type `Value` is `T`, as a `T`.
    private static func identity<Value, T>(_ value: Value, as _: T.Type) -> T {
        unsafeBitCast(value, to: T.self)
    }

    /// `value`, a number, as an `Integer` that holds it exactly.
    private func integer<Integer: FixedWidthInteger>(_ value: Any, as type: Integer.Type, at path: () -> [any CodingKey]) throws -> Integer {
        let number = try number(value, as: type, at: path)
        guard let integer = AttributeValue.exactInteger(number).flatMap({ Integer(exactly: $0) }) else { throw AttributeKind.numberNotFitting(type, at: path()) }
        return integer
    }

    /// `value`, a number, as a finite `Number`.
    private func floatingPoint<Number: BinaryFloatingPoint>(_ value: Any, as type: Number.Type, at path: () -> [any CodingKey]) throws -> Number {
        let converted = Number(try number(value, as: type, at: path).doubleValue)
        guard converted.isFinite else { throw AttributeKind.numberNotFitting(type, at: path()) }
        return converted
    }

    private func date(_ value: Any, at path: () -> [any CodingKey]) throws -> Date {
        switch dates {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try number(value, as: Double.self, at: path).doubleValue)
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try number(value, as: Double.self, at: path).doubleValue / 1000)
        case .iso8601:
            // `JSONDecoder` reports a date it cannot read at the path of the decoder that read its
            // container, which for the import's objects is the payload's own; here it has its own path.
            let text = try string(value, at: path)
            if let date = ISO8601Timestamp.date(from: text) { return date }
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw Self.corrupted("Expected date string to be ISO8601-formatted.", at: path())
            }
            return date
        default:
            return Date(timeIntervalSinceReferenceDate: try number(value, as: Double.self, at: path).doubleValue)
        }
    }

    /// `value` as a number; a Boolean, a string or a collection throws.
    private func number(_ value: Any, as type: Any.Type, at path: () -> [any CodingKey]) throws -> NSNumber {
        guard let number = value as? NSNumber, Swift.type(of: value) != Bool.self else {
            throw ParsedPayloadDecoder.mismatch(type, found: value, at: path())
        }
        return number
    }

    /// `value` as a string, which dates, data and URLs are read from.
    private func string(_ value: Any, at path: () -> [any CodingKey]) throws -> String {
        guard Swift.type(of: value) == String.self, let string = value as? String else {
            throw ParsedPayloadDecoder.mismatch(String.self, found: value, at: path())
        }
        return string
    }

    private static func corrupted(_ description: String, at path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: description))
    }
}
