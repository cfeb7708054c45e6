import Foundation

/// An attribute scalar that a bare identifier is taken as when the single identity attribute
/// stores it: the types that decoding a bare identifier gives (see `ObjectReader`).
protocol IdentifierScalar: AttributeScalar {
    /// The next element of `elements` as this type, through the container's overload for it; nil,
    /// with `elements` unchanged, when it is not one.
    static func next(in elements: inout any UnkeyedDecodingContainer) -> Self?
}

extension Int64: IdentifierScalar {
    static func next(in elements: inout any UnkeyedDecodingContainer) -> Int64? { try? elements.decode(Int64.self) }
}

extension String: IdentifierScalar {
    static func next(in elements: inout any UnkeyedDecodingContainer) -> String? { try? elements.decode(String.self) }
}

extension Double: IdentifierScalar {
    static func next(in elements: inout any UnkeyedDecodingContainer) -> Double? { try? elements.decode(Double.self) }
}
