import Foundation

/// The Swift type a bare identifier of a single identity attribute decodes as, for the attribute
/// types whose identifiers are read straight from their array (see ``ObjectReader``).
enum IdentifierScalar {
    case int64, string, double

    init?(_ type: DecodableType) {
        let identities = type.mapping.identityProperties
        guard identities.count == 1, let property = identities.first, property.codableType == nil else { return nil }
        switch property.attributeType {
        case .integer64AttributeType: self = .int64
        case .stringAttributeType: self = .string
        case .doubleAttributeType: self = .double
        default: return nil
        }
    }

    /// The next element of `elements` decoded as this type, through the container's concrete
    /// overload; nil, with `elements` unchanged, when it is not one.
    func decode(from elements: inout any UnkeyedDecodingContainer) -> Any? {
        switch self {
        case .int64: try? elements.decode(Int64.self)
        case .string: try? elements.decode(String.self)
        case .double: try? elements.decode(Double.self)
        }
    }

    /// The number or string `decoder` holds, as a bare identifier does; nil for an object. The
    /// kind the identity attribute decodes from is tried first, so that telling costs no error
    /// when the guess is right.
    static func decode(_ decoder: any Decoder, as type: DecodableType) -> Any? {
        guard let value = try? decoder.singleValueContainer() else { return nil }
        let number = { () -> Any? in try? value.decode(Double.self) }
        let string = { () -> Any? in try? value.decode(String.self) }
        switch type.mapping.identityProperties.first?.attributeType {
        case .integer16AttributeType?, .integer32AttributeType?, .integer64AttributeType?:
            return (try? value.decode(Int64.self)) ?? number() ?? string()
        case .doubleAttributeType?, .floatAttributeType?, .decimalAttributeType?:
            return number() ?? string()
        default:
            return string() ?? number()
        }
    }
}
