import Foundation

/// One model property with the JSON key path its coding key maps it to.
///
/// A class: decoding walks an entity's mappings for every object, and passing a reference costs
/// one retain where copying a struct of these fields costs one per field.
final class PropertyMapping {
    let name: String
    /// The coding key's string value: the key of values set through the container's subscript.
    let keyString: String
    /// The JSON key path; a single component for a plain key.
    let path: [JSONKey]
    /// The key paths tried in turn when ``path`` is absent: a mapping by the model's conventions
    /// accepts several spellings of a key (see ``NSPropertyDescription/syncKeyPaths(in:)``).
    let alternatePaths: [[JSONKey]]
    /// For a relationship mapped by the model's conventions, the keys of its bare identifiers
    /// (`owner_id`, `tag_ids`), tried after the others.
    let identifierPaths: [[JSONKey]]
    /// Whether a value is taken as the payload gives it and coerced to the attribute's type, as Sync
    /// does (``SyncValueCoercion``), instead of decoded strictly by it.
    let coercesValues: Bool
    /// The transformer `sync.valueTransformer` names for the attribute, in a mapping by the model's
    /// conventions: looked up when a value is read, as Core Data does.
    let valueTransformerName: NSValueTransformerName?
    let attribute: NSAttributeDescription?
    /// The attribute's type, read once: models are immutable once in use.
    let attributeType: NSAttributeType
    /// The Swift type the attribute stores and how it decodes, by ``attributeType``; nil for a
    /// relationship and for attribute types without a Swift type of their own.
    let attributeKind: AttributeKind?
    let relationship: NSRelationshipDescription?
    /// Whether the property is a to-many relationship, read once as ``attributeType``.
    let isToMany: Bool
    /// Whether the property is an ordered to-many relationship.
    let isOrdered: Bool
    /// Whether the property is a relationship with an inverse: setting it changes its destinations.
    let hasInverse: Bool
    /// The Swift type stored in a transformable or binary attribute, if registered.
    let codableType: (any Codable.Type)?
    /// Whether the property is one of the entity's identity attributes.
    let isIdentity: Bool
    /// The Swift type a bare identifier is taken as when this is the single identity attribute;
    /// nil for a type that is not an ``IdentifierScalar`` or with a ``codableType``.
    let identifierType: (any IdentifierScalar.Type)?

    var lastKey: JSONKey { path[path.count - 1] }

    init(
        name: String, keyString: String, paths: [[JSONKey]], identifierPaths: [[JSONKey]] = [], coercesValues: Bool = false,
        attribute: NSAttributeDescription?, relationship: NSRelationshipDescription?, codableType: (any Codable.Type)?, isIdentity: Bool
    ) {
        self.name = name
        self.keyString = keyString
        path = paths.first ?? identifierPaths.first ?? [JSONKey(name)]
        alternatePaths = Array(paths.dropFirst())
        self.identifierPaths = identifierPaths
        self.coercesValues = coercesValues
        valueTransformerName = coercesValues ? attribute?.syncValueTransformerName.map(NSValueTransformerName.init(rawValue:)) : nil
        self.attribute = attribute
        attributeType = attribute?.attributeType ?? .undefinedAttributeType
        attributeKind = AttributeKind.of(attributeType)
        self.relationship = relationship
        isToMany = relationship?.isToMany ?? false
        isOrdered = relationship?.isOrdered ?? false
        hasInverse = relationship?.inverseRelationship != nil
        self.codableType = codableType
        self.isIdentity = isIdentity
        identifierType = codableType == nil ? attributeKind?.scalarType as? any IdentifierScalar.Type : nil
    }
}

/// The properties of an entity that a type's coding keys map, in model order, with its identity.
///
/// Built once per type and entity, then cached: nothing here is computed per object.
final class EntityMapping {
    let entity: NSEntityDescription
    let entityName: String
    let properties: [PropertyMapping]
    /// The identity attributes, in the order `identityAttribute` gives them.
    let identityAttributes: [NSAttributeDescription]
    /// The mappings of the identity attributes, in the same order.
    let identityProperties: [PropertyMapping]
    /// Whether the mapping follows the model's conventions, as a sync by entity name reads it: an
    /// object without its identity is read (and left out by the sync) instead of failing the decode.
    let readsByConventions: Bool
    /// Whether the entity maps by Groot's keys (``NSEntityDescription/mapsOnlyJSONKeyPaths``).
    let mapsOnlyJSONKeyPaths: Bool
    /// How each JSON object of the entity is rewritten before it is read (Groot's entity
    /// transformers); nil for most.
    let rewrite: PayloadObjectRewrite?

    convenience init<Keys: AnyCoreDataCodingKey>(
        entity: NSEntityDescription,
        keys: Keys.Type,
        identity: IdentityAttribute,
        codableAttributes: [String: any Codable.Type]
    ) throws {
        let keyed = entity.properties.compactMap { property in Keys(propertyName: property.name).map { (property, $0) } }
        let identityNames = identity.names(for: entity, mapped: Set(keyed.map(\.0.name)))
        let properties = keyed.map { property, key in
            PropertyMapping(
                name: property.name,
                keyString: key.stringValue,
                paths: [Self.keyPath(of: property, key: key, in: entity).map { JSONKey($0) }],
                attribute: property as? NSAttributeDescription,
                relationship: property as? NSRelationshipDescription,
                codableType: codableAttributes[property.name],
                isIdentity: identityNames.contains(property.name)
            )
        }
        try self.init(entity: entity, properties: properties, identityNames: identityNames, readsByConventions: false)
    }

    /// The mapping of `entity` by the model's conventions, as a sync reads it: every property the
    /// conventions give a key (``NSPropertyDescription/syncKeyPaths(in:)``), under its keys, values
    /// coerced as Sync does, identified by `identity`. Without `relationships`, only attributes.
    convenience init(conventionsOf entity: NSEntityDescription, identity: [NSAttributeDescription], relationships: Bool) throws {
        let identityNames = identity.map(\.name)
        let properties = entity.properties.compactMap { property -> PropertyMapping? in
            guard relationships || property is NSAttributeDescription else { return nil }
            let (paths, identifiers) = property.syncKeyPaths(in: entity)
            guard !paths.isEmpty else { return nil }
            return PropertyMapping(
                name: property.name, keyString: property.name,
                paths: paths.map { $0.map { JSONKey($0) } }, identifierPaths: identifiers.map { $0.map { JSONKey($0) } }, coercesValues: true,
                attribute: property as? NSAttributeDescription, relationship: property as? NSRelationshipDescription,
                codableType: nil, isIdentity: identityNames.contains(property.name)
            )
        }
        try self.init(entity: entity, properties: properties, identityNames: identityNames, readsByConventions: true)
    }

    /// The mapping ``NSManagedObject/export(using:)`` writes `entity` by: each property Sync's
    /// conventions export (neither `sync.nonExportable` nor transformable; in an entity that maps by
    /// Groot's keys, those with a `JSONKeyPath`) under its remote key in `style`
    /// (``NSPropertyDescription/syncRemoteKey(in:style:)``), values written as Sync writes them
    /// (`sync.valueTransformer` reversed), identified by its sync identity.
    convenience init(exportOf entity: NSEntityDescription, style: JSONKeyStyle) throws {
        let grootOnly = entity.mapsOnlyJSONKeyPaths
        let identity = entity.syncIdentityAttributes.map(\.name)
        let properties = entity.properties.compactMap { property -> PropertyMapping? in
            let attribute = property as? NSAttributeDescription
            guard property.isSyncExportable, attribute?.attributeType != .transformableAttributeType,
                  !grootOnly || property.userInfo?[SyncUserInfo.grootKeyPath] != nil
            else { return nil }
            let path = property.syncRemoteKey(in: entity, style: style).split(separator: ".", omittingEmptySubsequences: false)
            return PropertyMapping(
                name: property.name, keyString: property.name, paths: [path.map { JSONKey(String($0)) }], coercesValues: true,
                attribute: attribute, relationship: property as? NSRelationshipDescription, codableType: nil, isIdentity: identity.contains(property.name)
            )
        }
        let identityNames = identity.filter { name in properties.contains { $0.name == name } }
        try self.init(entity: entity, properties: properties, identityNames: identityNames, readsByConventions: false)
    }

    private init(entity: NSEntityDescription, properties: [PropertyMapping], identityNames: [String], readsByConventions: Bool) throws {
        self.entity = entity
        entityName = entity.codableName
        let attributes = entity.attributesByName
        identityAttributes = try identityNames.map { name in
            guard let attribute = attributes[name] else {
                throw CoreDataCodableError(.unknownIdentityAttribute(entity: entity.codableName, attribute: name))
            }
            return attribute
        }
        for name in identityNames where !properties.contains(where: { $0.name == name }) {
            throw CoreDataCodableError(.unmappedIdentity(entity: entity.codableName, attribute: name))
        }
        self.properties = properties
        identityProperties = identityNames.compactMap { name in properties.first { $0.name == name } }
        self.readsByConventions = readsByConventions
        mapsOnlyJSONKeyPaths = readsByConventions && entity.mapsOnlyJSONKeyPaths
        rewrite = readsByConventions ? PayloadObjectRewrite(of: entity) : nil
    }

    /// The JSON key path of `property`: its key's, or for ``CoreDataModelCodingKeys`` the one the
    /// model gives it by Sync's conventions.
    private static func keyPath(of property: NSPropertyDescription, key: some AnyCoreDataCodingKey, in entity: NSEntityDescription) -> [String] {
        guard key is CoreDataModelCodingKeys else { return key.keyPathComponents }
        return property.syncRemoteKey(in: entity, style: .snakeCase).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The identity of `object`, nil when the entity has none or a value is nil.
    func identity(of object: NSManagedObject) -> ObjectIdentity? {
        identityProperties.isEmpty ? nil : ObjectIdentity(of: object, properties: identityProperties)
    }
}
