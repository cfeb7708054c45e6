import Foundation

/// A value of the kinds `JSONSerialization` gives (`[String: Any]`, `[Any]`, `String`, `NSNumber`,
/// `NSNull`), encodable as the same JSON: what a `sync.valueTransformer` gives back, or the JSON that
/// binary data holds, in an export.
struct JSONObjectValue: Encodable {
    let value: Any

    func encode(to encoder: any Encoder) throws {
        switch value {
        case let dictionary as [String: Any]:
            var container = encoder.container(keyedBy: JSONKey.self)
            for (key, member) in dictionary { try container.encode(JSONObjectValue(value: member), forKey: JSONKey(key)) }
        case let array as [Any]:
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(JSONObjectValue(value: element)) }
        default:
            var container = encoder.singleValueContainer()
            try encodeScalar(into: &container)
        }
    }

    private func encodeScalar(into container: inout any SingleValueEncodingContainer) throws {
        switch value {
        case is NSNull: try container.encodeNil()
        case let string as String: try container.encode(string)
        case let decimal as NSDecimalNumber: try container.encode(decimal.decimalValue)
        case let number as NSNumber:
            // `JSONSerialization`'s Booleans, and `NSNumber(value:)` of a `Bool`, are of type "c".
            switch String(cString: number.objCType) {
            case "c": try container.encode(number.boolValue)
            case "d", "f": try container.encode(number.doubleValue)
            default: try container.encode(number.int64Value)
            }
        case let encodable as any Encodable: try container.encode(encodable)
        default:
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: container.codingPath, debugDescription: "A \(type(of: value)) is not a JSON value."
            ))
        }
    }
}
