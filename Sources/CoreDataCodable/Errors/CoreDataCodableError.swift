import Foundation

/// A problem with the model, the context or a payload's identity that stops decoding or encoding
/// a managed object.
///
/// Problems with a single JSON value (a wrong type, a missing non-optional value) are reported as
/// `DecodingError` and `EncodingError`, with their full coding path. Match the kind with the
/// static codes:
///
/// <!-- snippet: partial -->
/// ```swift
/// do { ... } catch CoreDataCodableError.missingContext { ... }
/// ```
public struct CoreDataCodableError: Error, CustomStringConvertible, Sendable {
    /// Which problem occurred; compare with the static members of ``CoreDataCodableError``.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// True when `error` is a ``CoreDataCodableError`` with this code (for `catch` patterns).
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CoreDataCodableError)?.code == code
        }
    }

    enum Kind: Sendable {
        case missingContext
        case missingModel
        case entityNotFound(className: String)
        case missingIdentity(entity: String, identityAttributes: [String], receivedKeys: [String])
        case unmappedIdentity(entity: String, attribute: String)
        case unknownIdentityAttribute(entity: String, attribute: String)
        case bareIdentifierWithoutSingleIdentity(entity: String, identityAttributes: [String])
        case propertyNotDecodable(entity: String, property: String, reason: String)
        case propertyNotEncodable(entity: String, property: String, reason: String)
        case objectWithoutContext(entity: String)
        case relationshipWithoutIdentity(entity: String, relationship: String, destination: String)
        case unknownEntity(name: String)
        case noPrimaryKey(entity: String)
        case invalidSyncPayload(entity: String)
        case unrelatedSyncParent(entity: String, parent: String)
        case invalidFetchQuery(query: String, reason: String)
        case hookOverridden(entity: String, className: String, hook: String)
        case abstractEntity(entity: String, subentities: [String])
    }

    let kind: Kind
    private let path: [JSONKey]

    init(_ kind: Kind, codingPath: [any CodingKey] = []) {
        self.kind = kind
        path = codingPath.map { JSONKey(converting: $0) }
    }

    /// The coding path of the value being decoded or encoded when the problem occurred.
    public var codingPath: [any CodingKey] { path }

    /// Which problem occurred.
    public var code: Code {
        switch kind {
        case .missingContext: Self.missingContext
        case .missingModel: Self.missingModel
        case .entityNotFound: Self.entityNotFound
        case .missingIdentity: Self.missingIdentity
        case .unmappedIdentity: Self.unmappedIdentity
        case .unknownIdentityAttribute: Self.unknownIdentityAttribute
        case .bareIdentifierWithoutSingleIdentity: Self.bareIdentifierWithoutSingleIdentity
        case .propertyNotDecodable: Self.propertyNotDecodable
        case .propertyNotEncodable: Self.propertyNotEncodable
        case .objectWithoutContext: Self.objectWithoutContext
        case .relationshipWithoutIdentity: Self.relationshipWithoutIdentity
        case .unknownEntity: Self.unknownEntity
        case .noPrimaryKey: Self.noPrimaryKey
        case .invalidSyncPayload: Self.invalidSyncPayload
        case .unrelatedSyncParent: Self.unrelatedSyncParent
        case .invalidFetchQuery: Self.invalidFetchQuery
        case .hookOverridden: Self.hookOverridden
        case .abstractEntity: Self.abstractEntity
        }
    }

    /// The name of the entity concerned, when there is one.
    public var entityName: String? {
        switch kind {
        case .missingContext, .missingModel, .entityNotFound, .invalidFetchQuery: nil
        case .missingIdentity(let entity, _, _), .unmappedIdentity(let entity, _),
             .unknownIdentityAttribute(let entity, _), .bareIdentifierWithoutSingleIdentity(let entity, _),
             .propertyNotDecodable(let entity, _, _), .propertyNotEncodable(let entity, _, _),
             .objectWithoutContext(let entity),
             .relationshipWithoutIdentity(let entity, _, _), .unknownEntity(let entity), .noPrimaryKey(let entity),
             .invalidSyncPayload(let entity), .unrelatedSyncParent(let entity, _), .hookOverridden(let entity, _, _),
             .abstractEntity(let entity, _):
            entity
        }
    }

    /// For ``missingIdentity``: the JSON keys the object had.
    public var receivedKeys: [String] {
        if case .missingIdentity(_, _, let keys) = kind { return keys }
        return []
    }

    /// For ``missingIdentity`` and ``bareIdentifierWithoutSingleIdentity``: the entity's identity
    /// attributes.
    public var identityAttributes: [String] {
        switch kind {
        case .missingIdentity(_, let attributes, _), .bareIdentifierWithoutSingleIdentity(_, let attributes): attributes
        default: []
        }
    }

    /// The property concerned, when there is one: an attribute that cannot be decoded or encoded,
    /// an identity attribute without coding key or model attribute, a relationship.
    public var propertyName: String? {
        switch kind {
        case .propertyNotDecodable(_, let property, _), .propertyNotEncodable(_, let property, _),
             .unmappedIdentity(_, let property), .unknownIdentityAttribute(_, let property),
             .relationshipWithoutIdentity(_, let property, _):
            property
        default:
            nil
        }
    }

    public var description: String {
        let message: String
        switch kind {
        case .missingContext:
            message = "No managed object context to decode into: set `decoder.managedObjectContext = context` "
                + "(or `userInfo[.managedObjectContext]`) before decoding."
        case .missingModel:
            message = "The managed object context has no managed object model: give it (or a parent context) "
                + "a persistent store coordinator."
        case .entityNotFound(let className):
            message = "No entity of the context's model has the class \(className): set the entity's "
                + "`managedObjectClassName` to \"\(className)\"."
        case .missingIdentity(let entity, let attributes, let keys):
            message = "A \(entity) object has no value for its identity attribute(s) \(attributes.joined(separator: ", ")); "
                + "received keys: [\(keys.joined(separator: ", "))]. Send them, or provide them in `container(for:)`."
        case .unmappedIdentity(let entity, let attribute):
            message = "The identity attribute \(attribute) of \(entity) has no coding key: add a key for it to CodingKeys."
        case .unknownIdentityAttribute(let entity, let attribute):
            message = "\(entity) has no attribute named \(attribute), which `identityAttribute` names."
        case .bareIdentifierWithoutSingleIdentity(let entity, let attributes):
            let identity = attributes.isEmpty ? "no identity attribute" : "a composite identity (\(attributes.joined(separator: ", ")))"
            message = "A \(entity) was given as a bare identifier, but \(entity) has \(identity): "
                + "send an object, or declare a single `identityAttribute`."
        case .propertyNotDecodable(let entity, let property, let reason):
            message = "Cannot decode \(entity).\(property): \(reason)"
        case .propertyNotEncodable(let entity, let property, let reason):
            message = "Cannot encode \(entity).\(property): \(reason)"
        case .objectWithoutContext(let entity):
            message = "Cannot encode a \(entity) that has no managed object context (it was deleted or never inserted)."
        case .relationshipWithoutIdentity(let entity, let relationship, let destination):
            message = "Cannot encode \(entity).\(relationship) as identifiers: \(destination) has no identity attribute."
        case .unknownEntity(let name):
            message = "The context's model has no entity named \(name): check the name's spelling and case."
        case .hookOverridden(_, let className, let hook):
            message = "\(className) adopts UsingDefaultHooks but implements its own \(hook): remove "
                + "UsingDefaultHooks from \(className), or remove its \(hook)."
        case .invalidFetchQuery(let query, let reason):
            message = "Cannot read the fetch query \"\(query)\": \(reason)."
        case .invalidSyncPayload(let entity):
            message = "Cannot sync \(entity): the payload must be a JSON array of objects, or one object."
        case .unrelatedSyncParent(let entity, let parent):
            message = "Cannot sync \(entity) under a \(parent): \(entity) has no relationship to \(parent); pass a parent it relates to."
        case .abstractEntity(let entity, let subentities):
            let choices = subentities.isEmpty ? "give it a subentity" : "decode or sync into one of its subentities (\(subentities.joined(separator: ", ")))"
            message = "\(entity) is abstract, and Core Data never makes objects of an abstract entity: \(choices), "
                + "or make \(entity) concrete in the model."
        case .noPrimaryKey(let entity):
            message = "\(entity) has no primary key: set `sync.isPrimaryKey` (or `JC.isIdentifier`) in an attribute's user "
                + "info, name an attribute `id`, `remoteID` or `syncID`, or name the identity in the entity's user info as "
                + "Groot does (`identityAttributes`, comma-separated for a composite identity), or give the entity a "
                + "uniqueness constraint."
        }
        guard !path.isEmpty else { return message }
        return message + " (coding path: \(path.map(\.stringValue).joined(separator: ".")))"
    }
}

extension CoreDataCodableError {
    /// The decoder's `userInfo` holds no managed object context.
    public static let missingContext = Code("missingContext")
    /// Neither the context nor its parents have a model.
    public static let missingModel = Code("missingModel")
    /// No entity of the model names the class being decoded.
    public static let entityNotFound = Code("entityNotFound")
    /// A JSON object lacks a value for an identity attribute.
    public static let missingIdentity = Code("missingIdentity")
    /// An identity attribute has no coding key.
    public static let unmappedIdentity = Code("unmappedIdentity")
    /// `identityAttribute` names an attribute the entity does not have.
    public static let unknownIdentityAttribute = Code("unknownIdentityAttribute")
    /// A bare identifier was given for an entity without a single identity attribute.
    public static let bareIdentifierWithoutSingleIdentity = Code("bareIdentifierWithoutSingleIdentity")
    /// An attribute's type cannot be decoded (transformable without a registered type, object ID...).
    public static let propertyNotDecodable = Code("propertyNotDecodable")
    /// An attribute's value cannot be encoded.
    public static let propertyNotEncodable = Code("propertyNotEncodable")
    /// The object to encode has no managed object context.
    public static let objectWithoutContext = Code("objectWithoutContext")
    /// Relationships are encoded as identifiers but the destination has no identity attribute.
    public static let relationshipWithoutIdentity = Code("relationshipWithoutIdentity")
    /// No entity of the context's model has the name given to a fetch.
    public static let unknownEntity = Code("unknownEntity")
    /// A fetch query's `ORDER BY` or `LIMIT` clause is malformed, or sorts by a key the entity lacks.
    public static let invalidFetchQuery = Code("invalidFetchQuery")
    /// An object was looked up by primary key in an entity that has none.
    public static let noPrimaryKey = Code("noPrimaryKey")
    /// A sync payload is neither a JSON array nor a JSON object.
    public static let invalidSyncPayload = Code("invalidSyncPayload")
    /// A sync's parent is of an entity the synced entity has no relationship to.
    public static let unrelatedSyncParent = Code("unrelatedSyncParent")
    /// An object of an abstract entity would have to be inserted, which Core Data never does.
    public static let abstractEntity = Code("abstractEntity")
    /// A class adopts ``UsingDefaultHooks`` but implements `container(for:)` or
    /// `initialize(from:)` (checked in debug builds).
    public static let hookOverridden = Code("hookOverridden")
}
