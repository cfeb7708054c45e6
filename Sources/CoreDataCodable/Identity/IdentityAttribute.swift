import Foundation

/// The attributes that identify an object of an entity, used to find the object a JSON value
/// describes instead of inserting a duplicate.
///
/// <!-- snippet: partial -->
/// ```swift
/// static let identityAttribute: IdentityAttribute = "personId"           // single
/// static let identityAttribute: IdentityAttribute = ["suit", "value"]    // composite, in this order
/// static let identityAttribute: IdentityAttribute = .none                // always insert
/// // not declared: the model's identity, if it names one (``fromModel``)
/// ```
///
/// Names are model attribute names, not JSON keys. Only a single identity attribute allows
/// objects to be given as bare identifiers (`1` instead of `{"id": 1}`).
public struct IdentityAttribute: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// The identity attribute names, in the order given; empty for ``fromModel``.
    public let attributeNames: [String]
    /// Whether the names come from the entity in the model (``fromModel``).
    let isFromModel: Bool

    /// Identity by the attributes named `attributeNames`, in that order.
    public init(_ attributeNames: [String]) {
        self.attributeNames = attributeNames
        isFromModel = false
    }

    private init(fromModel: Void) {
        attributeNames = []
        isFromModel = true
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

    /// The identity the entity's model names, the default: Groot's `identityAttributes` in the
    /// entity's user info, else the attribute whose user info sets `sync.isPrimaryKey`,
    /// `hyper.isPrimaryKey` or `JC.isIdentifier` to YES or true, else the attributes of the entity's
    /// first uniqueness constraint. None when the model names none, or when the type's coding keys
    /// do not map those attributes.
    public static var fromModel: IdentityAttribute { IdentityAttribute(fromModel: ()) }

    /// The attribute names of this identity for `entity`, whose keys map the properties `mapped` names
    /// (``NSEntityDescription/identityAttributeNames(declared:conventions:)``); none when the
    /// model's identity is not mapped.
    func names(for entity: NSEntityDescription, mapped: Set<String>) -> [String] {
        let names = entity.identityAttributeNames(declared: self, conventions: false)
        return !isFromModel || names.allSatisfy(mapped.contains) ? names : []
    }
}
