import Foundation

/// An attribute scalar that a bare identifier is taken as when the single identity attribute
/// stores it: the types that decoding a bare identifier gives (see `ObjectSource`).
protocol IdentifierScalar: AttributeScalar {
    /// The next element of `elements` as this type, through the container's overload for it; nil,
    /// with `elements` unchanged, when it is not one.
    static func next(in elements: inout any UnkeyedDecodingContainer) -> Self?

    /// The identity of an object whose single identity attribute, of `type`, holds this value.
    func identity(as type: NSAttributeType) -> ObjectIdentity?
}

extension IdentifierScalar {
    func identity(as type: NSAttributeType) -> ObjectIdentity? { ObjectIdentity(value: self, type: type) }

    /// Whether `value` is of this type, as decoding the identity attribute gives it.
    static func isType(of value: Any) -> Bool { value is Self }

    /// The next element of `elements` as this type with its identity as the value of an identity
    /// attribute of `type`; nil, with `elements` unchanged, when it is not one.
    static func nextIdentifier(
        in elements: inout any UnkeyedDecodingContainer, type: NSAttributeType
    ) -> (scalar: Any, identity: ObjectIdentity?)? {
        next(in: &elements).map { ($0, $0.identity(as: type)) }
    }
}

extension Int64: IdentifierScalar {
    static func next(in elements: inout any UnkeyedDecodingContainer) -> Int64? { try? elements.decode(Int64.self) }

    /// Made from the integer: casting it back from `Any` costs more.
    func identity(as _: NSAttributeType) -> ObjectIdentity? { ObjectIdentity(integer: self) }
}

extension String: IdentifierScalar {
    static func next(in elements: inout any UnkeyedDecodingContainer) -> String? { try? elements.decode(String.self) }
}

extension Double: IdentifierScalar {
    static func next(in elements: inout any UnkeyedDecodingContainer) -> Double? { try? elements.decode(Double.self) }
}
