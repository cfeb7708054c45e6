import Foundation

extension Many: Decodable where Element: Decodable {
    /// Decodes a JSON array. For ``CoreDataDecodable`` elements: one fetch for the whole array,
    /// objects and bare identifiers mixed freely, `null` elements skipped.
    public init(from decoder: any Decoder) throws {
        guard let elementType = Element.self as? any CoreDataDecodable.Type else {
            array = try [Element](from: decoder)
            return
        }
        let objects = try ImportSession.decodeArray(from: decoder) { .mapped(try $0.types.type(elementType)) }
        array = objects.compactMap { $0 as? Element }
    }
}

extension Many: Encodable where Element: Encodable {
    /// Encodes the objects as a JSON array.
    public func encode(to encoder: any Encoder) throws {
        try array.encode(to: encoder)
    }
}
