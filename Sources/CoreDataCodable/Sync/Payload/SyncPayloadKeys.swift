import Foundation

/// Where a property's value is in a payload object, by Sync's key rules, worked out once per
/// property and entity for one sync: converting names costs more than reading the values.
final class SyncPayloadKeys {
    private var pathsByProperty: [ObjectIdentifier: [[String]]] = [:]
    private var identifierKeysByRelationship: [ObjectIdentifier: [String]] = [:]
    private var identitiesByEntity: [ObjectIdentifier: [NSAttributeDescription]] = [:]
    private var propertiesByEntity: [ObjectIdentifier: [NSPropertyDescription]] = [:]
    private var transformersByEntity: [ObjectIdentifier: (dictionary: ValueTransformer?, entityMapper: ValueTransformer?)] = [:]
    private var grootKeysByEntity: [ObjectIdentifier: Bool] = [:]

    /// The properties a payload object of `entity` may set: the entity's own and, when it has
    /// subentities, theirs too (the object found or made may be of a subentity).
    func properties(of entity: NSEntityDescription) -> [NSPropertyDescription] {
        let id = ObjectIdentifier(entity)
        if let known = propertiesByEntity[id] { return known }
        var properties = entity.properties
        var names = Set(properties.map(\.name))
        for subentity in entity.descendantEntities {
            for property in subentity.properties where names.insert(property.name).inserted { properties.append(property) }
        }
        propertiesByEntity[id] = properties
        return properties
    }

    /// `object` as the transformer that Groot's `JSONDictionaryTransformerName` names for `entity`
    /// rewrites it; as it is without one, or when the transformer gives no JSON object.
    func transformed(_ object: [String: Any], of entity: NSEntityDescription) -> [String: Any] {
        guard let transformer = transformers(of: entity).dictionary else { return object }
        return transformer.transformedValue(object) as? [String: Any] ?? object
    }

    /// The subentity of `entity` that `object` is an object of, by the transformer that Groot's
    /// `entityMapperName` names; nil without one, or when it names no subentity of `entity`.
    func subentity(of entity: NSEntityDescription, for object: [String: Any]) -> NSEntityDescription? {
        guard !entity.subentities.isEmpty, let mapper = transformers(of: entity).entityMapper,
              let name = mapper.transformedValue(object) as? String
        else { return nil }
        return entity.descendantEntities.first { $0.name == name }
    }

    private func transformers(of entity: NSEntityDescription) -> (dictionary: ValueTransformer?, entityMapper: ValueTransformer?) {
        let id = ObjectIdentifier(entity)
        if let known = transformersByEntity[id] { return known }
        let found = (SyncUserInfo.transformer(SyncUserInfo.dictionaryTransformerKey, of: entity),
                     SyncUserInfo.transformer(SyncUserInfo.entityMapperKey, of: entity))
        transformersByEntity[id] = found
        return found
    }

    /// Whether `entity` maps by Groot's keys (``NSEntityDescription/mapsOnlyJSONKeyPaths``), which
    /// reads every property's user info: asked once per entity.
    func mapsOnlyJSONKeyPaths(_ entity: NSEntityDescription) -> Bool {
        let id = ObjectIdentifier(entity)
        if let known = grootKeysByEntity[id] { return known }
        let found = entity.mapsOnlyJSONKeyPaths
        grootKeysByEntity[id] = found
        return found
    }

    /// The entity's sync identity attributes (``NSEntityDescription/syncIdentityAttributes``);
    /// empty when it has none.
    func identity(of entity: NSEntityDescription) -> [NSAttributeDescription] {
        let id = ObjectIdentifier(entity)
        if let known = identitiesByEntity[id] { return known }
        let found = entity.syncIdentityAttributes
        identitiesByEntity[id] = found
        return found
    }

    /// The value of `property` in `object` with the key path it was found at: at its `sync.remoteKey`
    /// (a dotted key path reaches into nested objects), else its snake_case remote key, else its
    /// own name; nil when none is present.
    ///
    /// The key path is the one kept for the property: a coding path is made of it only for an error.
    func value(of property: NSPropertyDescription, in object: [String: Any], entity: NSEntityDescription) -> (Any, [String])? {
        for path in candidatePaths(of: property, entity: entity) {
            if let value = Self.value(at: path, in: object) { return (value, path) }
        }
        return nil
    }

    /// The bare identifiers of a relationship of `entity` under `<name>_id` (to-one) or `<name>_ids`
    /// (to-many), the name in snake_case or as it is, with that key; nil when absent, and always
    /// in an entity that maps by Groot's keys.
    func identifiers(of relationship: NSRelationshipDescription, in object: [String: Any], entity: NSEntityDescription) -> (Any, String)? {
        for key in identifierKeys(of: relationship, in: entity) {
            if let value = object[key] { return (value, key) }
        }
        return nil
    }

    /// The coding path of the value at `keyPath` in the object at `path`.
    static func codingPath(_ path: [JSONKey], _ keyPath: [String]) -> [JSONKey] {
        path + keyPath.map { JSONKey($0) }
    }

    private func identifierKeys(of relationship: NSRelationshipDescription, in entity: NSEntityDescription) -> [String] {
        let id = ObjectIdentifier(relationship)
        if let known = identifierKeysByRelationship[id] { return known }
        guard !entity.mapsOnlyJSONKeyPaths else {
            identifierKeysByRelationship[id] = []
            return []
        }
        let snake = Inflection.snakeCase(relationship.name) ?? relationship.name
        var keys = relationship.isToMany ? [snake + "_ids", relationship.name + "IDs", relationship.name + "Ids"] : [snake + "_id", relationship.name + "ID", relationship.name + "Id"]
        if relationship.isToMany, snake.hasSuffix("s") { keys.append(String(snake.dropLast()) + "_ids") }
        identifierKeysByRelationship[id] = keys
        return keys
    }

    /// The key paths tried for `property`, in order, without repeats: the remote key in snake_case,
    /// in camelCase, and the property's name; only its `JSONKeyPath` in an entity that maps by
    /// Groot's keys.
    private func candidatePaths(of property: NSPropertyDescription, entity: NSEntityDescription) -> [[String]] {
        let id = ObjectIdentifier(property)
        if let known = pathsByProperty[id] { return known }
        var paths: [[String]] = []
        var keys = [property.syncRemoteKey(in: entity, style: .snakeCase), property.syncRemoteKey(in: entity, style: .camelCase), property.name]
        if entity.mapsOnlyJSONKeyPaths {
            keys = SyncUserInfo.string([SyncUserInfo.grootKeyPath], of: property).map { [$0] } ?? []
        }
        // Lidenbrock reads its `syncID` from `id`, MongoDB's `_id` or `syncID`.
        if property.name == "syncID", property is NSAttributeDescription { keys.insert("_id", at: 1) }
        for key in keys {
            let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if !paths.contains(path) { paths.append(path) }
        }
        pathsByProperty[id] = paths
        return paths
    }

    private static func value(at path: [String], in object: [String: Any]) -> Any? {
        guard let first = path.first else { return nil }
        guard path.count > 1 else { return object[first] }
        guard let nested = object[first] as? [String: Any] else { return nil }
        return value(at: Array(path.dropFirst()), in: nested)
    }
}
