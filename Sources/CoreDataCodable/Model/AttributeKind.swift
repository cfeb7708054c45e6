import Foundation

/// What the library knows of one Core Data attribute type: its family, the Swift type its
/// attributes store, how a JSON value decodes as it, and its name in the model editor.
///
/// ``of(_:)`` is the one table of attribute types: every rule that depends on an attribute's type
/// (decoding, identity, export, a sync's coercions) asks it, and switches over ``Family`` where
/// the Swift type's width does not matter. A property's kind is read once, with its mapping
/// (``PropertyMapping/attributeKind``).
///
/// `@unchecked Sendable`: every kind is a constant, and its closure captures nothing mutable.
struct AttributeKind: @unchecked Sendable {
    /// The attribute types that follow the same rules whatever their Swift type's width.
    enum Family {
        case integer, real, decimal, boolean, string, date, binaryData, uuid, uri
    }

    let family: Family
    /// The Swift type the attributes store.
    let scalarType: any AttributeScalar.Type
    /// The name the model editor gives the type ("Integer 16"), for messages.
    let modelTypeName: String
    /// Decodes the value of a key as ``scalarType``, through the container's overload for that
    /// concrete type where it has one: the generic one goes through `init(from:)` and costs
    /// several times more. A missing key, `null` or a value of another type throws.
    let decode: (KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Any

    /// The kind of attributes of `type`; nil for the types without a Swift type of their own
    /// (transformable, undefined, object ID, composite).
    static func of(_ type: NSAttributeType) -> AttributeKind? {
        switch type {
        case .integer16AttributeType: integer16
        case .integer32AttributeType: integer32
        case .integer64AttributeType: integer64
        case .decimalAttributeType: decimal
        case .doubleAttributeType: double
        case .floatAttributeType: float
        case .booleanAttributeType: boolean
        case .stringAttributeType: string
        case .dateAttributeType: date
        case .binaryDataAttributeType: binary
        case .UUIDAttributeType: uuid
        case .URIAttributeType: uri
        default: nil
        }
    }

    private static let integer16 = AttributeKind(.integer, "Integer 16", number: { try $0.decode(Int16.self, forKey: $1) })
    private static let integer32 = AttributeKind(.integer, "Integer 32", number: { try $0.decode(Int32.self, forKey: $1) })
    private static let integer64 = AttributeKind(.integer, "Integer 64", number: { try $0.decode(Int64.self, forKey: $1) })
    private static let decimal = AttributeKind(.decimal, "Decimal", number: { try $0.decode(Decimal.self, forKey: $1) })
    private static let double = AttributeKind(.real, "Double", number: { try $0.decode(Double.self, forKey: $1) })
    private static let float = AttributeKind(.real, "Float", number: { try $0.decode(Float.self, forKey: $1) })
    private static let boolean = AttributeKind(.boolean, "Boolean", decode: { try $0.decode(Bool.self, forKey: $1) })
    private static let string = AttributeKind(.string, "String", decode: { try $0.decode(String.self, forKey: $1) })
    private static let date = AttributeKind(.date, "Date", Date.self)
    private static let binary = AttributeKind(.binaryData, "Binary Data", Data.self)
    private static let uuid = AttributeKind(.uuid, "UUID", UUID.self)
    private static let uri = AttributeKind(.uri, "URI", URL.self)

    private init<Scalar: AttributeScalar>(
        _ family: Family, _ modelTypeName: String, decode: @escaping (KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Scalar
    ) {
        self.family = family
        self.modelTypeName = modelTypeName
        scalarType = Scalar.self
        self.decode = decode
    }

    /// A kind decoded through the container's generic overload, for the types without a concrete one.
    private init<Scalar: AttributeScalar & Decodable>(_ family: Family, _ modelTypeName: String, _: Scalar.Type) {
        self.init(family, modelTypeName, decode: { try $0.decode(Scalar.self, forKey: $1) })
    }

    /// A kind of numbers: one that does not fit (`70000` for `Int16`, `2.5` for an integer) is
    /// reported as a type mismatch at its path. For such a number, swift-foundation's JSONDecoder
    /// throws an internal error that reaches the caller as "not valid JSON", without a coding path.
    private init<Number: AttributeScalar>(
        _ family: Family, _ modelTypeName: String, number decode: @escaping (KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Number
    ) {
        self.init(family, modelTypeName, decode: { container, key in
            do {
                return try decode(container, key)
            } catch let error as DecodingError {
                throw error
            } catch {
                throw AttributeKind.numberNotFitting(Number.self, at: container.codingPath + [key], underlyingError: error)
            }
        })
    }

    /// The error for a number that does not fit in `type`, at `path`: a type mismatch, where
    /// swift-foundation's JSONDecoder reports the whole payload as invalid JSON.
    static func numberNotFitting(_ type: Any.Type, at path: [any CodingKey], underlyingError: (any Error)? = nil) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path, debugDescription: "Expected a number that fits in \(type).", underlyingError: underlyingError
        ))
    }
}
