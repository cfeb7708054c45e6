import Foundation

/// The attributes that identify an object of an entity, used to find the object a JSON value
/// describes instead of inserting a duplicate.
///
/// ```swift
/// static let identityAttribute: IdentityAttribute = "personId"           // single
/// static let identityAttribute: IdentityAttribute = ["suit", "value"]    // composite, in this order
/// static let identityAttribute: IdentityAttribute = .none                // always insert (the default)
/// ```
///
/// Names are model attribute names, not JSON keys. Only a single identity attribute allows
/// objects to be given as bare identifiers (`1` instead of `{"id": 1}`).
public struct IdentityAttribute: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// The identity attribute names, in the order given.
    public let attributeNames: [String]

    /// Identity by the attributes named `attributeNames`, in that order.
    public init(_ attributeNames: [String]) {
        self.attributeNames = attributeNames
    }

    public init(stringLiteral name: String) {
        self.init([name])
    }

    public init(arrayLiteral names: String...) {
        self.init(names)
    }

    /// No identity: every decoded object is inserted.
    public static var none: IdentityAttribute { IdentityAttribute([]) }

    /// No identity; Coredatable's name for ``none``.
    public static var no: IdentityAttribute { .none }
}
