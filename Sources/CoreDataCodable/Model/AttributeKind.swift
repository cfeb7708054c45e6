import Foundation

/// The Swift type that attributes of one Core Data type store, with how a JSON value decodes as
/// it. ``init(_:)`` is the one table of attribute types; a property's kind is made once, with its
/// mapping (``PropertyMapping/attributeKind``).
struct AttributeKind {
    /// The Swift type the attributes store.
    let scalarType: any AttributeScalar.Type
    /// Decodes the value of a key as ``scalarType``, through the container's overload for that
    /// concrete type where it has one: the generic one goes through `init(from:)` and costs
    /// several times more. A missing key, `null` or a value of another type throws.
    let decode: (KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Any

    /// The kind of attributes of `type`; nil for the types without a Swift type of their own
    /// (transformable, undefined, object ID, composite).
    init?(_ type: NSAttributeType) {
        switch type {
        case .integer16AttributeType: self.init(number: { try $0.decode(Int16.self, forKey: $1) })
        case .integer32AttributeType: self.init(number: { try $0.decode(Int32.self, forKey: $1) })
        case .integer64AttributeType: self.init(number: { try $0.decode(Int64.self, forKey: $1) })
        case .decimalAttributeType: self.init(number: { try $0.decode(Decimal.self, forKey: $1) })
        case .doubleAttributeType: self.init(number: { try $0.decode(Double.self, forKey: $1) })
        case .floatAttributeType: self.init(number: { try $0.decode(Float.self, forKey: $1) })
        case .booleanAttributeType: self.init(decode: { try $0.decode(Bool.self, forKey: $1) })
        case .stringAttributeType: self.init(decode: { try $0.decode(String.self, forKey: $1) })
        case .dateAttributeType: self.init(Date.self)
        case .binaryDataAttributeType: self.init(Data.self)
        case .UUIDAttributeType: self.init(UUID.self)
        case .URIAttributeType: self.init(URL.self)
        default: return nil
        }
    }

    private init<Scalar: AttributeScalar>(decode: @escaping (KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Scalar) {
        scalarType = Scalar.self
        self.decode = decode
    }

    /// A kind decoded through the container's generic overload, for the types without a concrete one.
    private init<Scalar: AttributeScalar & Decodable>(_: Scalar.Type) {
        self.init(decode: { try $0.decode(Scalar.self, forKey: $1) })
    }

    /// A kind of numbers: one that does not fit (`70000` for `Int16`, `2.5` for an integer) is
    /// reported as a type mismatch at its path. For such a number, swift-foundation's JSONDecoder
    /// throws an internal error that reaches the caller as "not valid JSON", without a coding path.
    private init<Number: AttributeScalar>(number decode: @escaping (KeyedDecodingContainer<JSONKey>, JSONKey) throws -> Number) {
        scalarType = Number.self
        self.decode = { container, key in
            do {
                return try decode(container, key)
            } catch let error as DecodingError {
                throw error
            } catch {
                throw DecodingError.typeMismatch(Number.self, DecodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription: "Expected a number that fits in \(Number.self).",
                    underlyingError: error
                ))
            }
        }
    }
}
