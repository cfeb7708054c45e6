import Foundation

/// The decoder of a bare identifier read straight from its array (see ``ObjectReader``): a JSON
/// number or string decoded already, which it gives as the JSON's own decoder of the value would.
///
/// A class, so that it fits an existential's inline buffer: bare identifiers are many, and
/// presenting one as an object (``IdentifierDecoder``) allocates nothing more.
final class ScalarDecoder: Decoder {
    /// An `Int64`, a `Double` or a `String`.
    let value: Any
    /// The array holding the value, and the value's index in it.
    private let array: ArrayCodingPath
    private let index: Int
    let userInfo: [CodingUserInfoKey: Any]

    init(value: Any, index: Int, in array: ArrayCodingPath, userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.array = array
        self.index = index
        self.userInfo = userInfo
    }

    /// Made when asked: most decodes never need it.
    var codingPath: [any CodingKey] { array.path + [JSONKey(intValue: index)] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch([String: Any].self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw mismatch([Any].self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ScalarValueContainer(decoder: self)
    }

    fileprivate func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected \(type) but found \(value is String ? "a string" : "a number")."
        ))
    }
}

/// The coding path of a JSON array, read from a copy of its container when first asked: the
/// values read straight from one array share it, and reading it costs more than reading them.
final class ArrayCodingPath {
    private let elements: any UnkeyedDecodingContainer
    private(set) lazy var path: [any CodingKey] = elements.codingPath

    init(_ elements: any UnkeyedDecodingContainer) {
        self.elements = elements
    }
}

/// The single value container of a ``ScalarDecoder``. Numbers convert between numeric types when
/// the value fits, as JSON numbers do; other types decode themselves from the decoder.
private struct ScalarValueContainer: SingleValueDecodingContainer {
    let decoder: ScalarDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = decoder.value as? T { return value }
        if let integer = type as? any FixedWidthInteger.Type {
            guard let value = AttributeValue.jsonInteger(decoder.value, as: integer) as? T else { throw decoder.mismatch(type) }
            return value
        }
        if let floatingPoint = type as? any BinaryFloatingPoint.Type {
            guard let value = AttributeValue.double(decoder.value).map({ floatingPoint.init($0) }) as? T else { throw decoder.mismatch(type) }
            return value
        }
        // Strings and Booleans match by type alone: any other primitive would ask this container again.
        guard type != String.self, type != Bool.self else { throw decoder.mismatch(type) }
        return try T(from: decoder)
    }
}
