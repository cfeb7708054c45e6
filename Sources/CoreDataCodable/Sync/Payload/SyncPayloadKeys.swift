import Foundation

/// Where a property's value is in a payload object, by Sync's key rules, worked out once per
/// property and entity for one sync: converting names costs more than reading the values.
final class SyncPayloadKeys {
    private var pathsByProperty: [ObjectIdentifier: [[String]]] = [:]
    private var identifierKeysByRelationship: [ObjectIdentifier: [String]] = [:]
    private var primaryKeysByEntity: [ObjectIdentifier: NSAttributeDescription?] = [:]

    /// The entity's Sync primary key (``NSEntityDescription/syncPrimaryKeyAttribute``).
    func primaryKey(of entity: NSEntityDescription) -> NSAttributeDescription? {
        let id = ObjectIdentifier(entity)
        if let known = primaryKeysByEntity[id] { return known }
        let found = entity.syncPrimaryKeyAttribute
        primaryKeysByEntity[id] = found
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

    /// The bare identifiers of a relationship under `<name>_id` (to-one) or `<name>_ids` (to-many),
    /// the name in snake_case or as it is, with that key; nil when absent.
    func identifiers(of relationship: NSRelationshipDescription, in object: [String: Any]) -> (Any, String)? {
        for key in identifierKeys(of: relationship) {
            if let value = object[key] { return (value, key) }
        }
        return nil
    }

    /// The coding path of the value at `keyPath` in the object at `path`.
    static func codingPath(_ path: [JSONKey], _ keyPath: [String]) -> [JSONKey] {
        path + keyPath.map { JSONKey($0) }
    }

    private func identifierKeys(of relationship: NSRelationshipDescription) -> [String] {
        let id = ObjectIdentifier(relationship)
        if let known = identifierKeysByRelationship[id] { return known }
        let snake = Inflection.snakeCase(relationship.name) ?? relationship.name
        var keys = relationship.isToMany ? [snake + "_ids", relationship.name + "IDs", relationship.name + "Ids"] : [snake + "_id", relationship.name + "ID", relationship.name + "Id"]
        if relationship.isToMany, snake.hasSuffix("s") { keys.append(String(snake.dropLast()) + "_ids") }
        identifierKeysByRelationship[id] = keys
        return keys
    }

    /// The key paths tried for `property`, in order, without repeats: the remote key in snake_case,
    /// in camelCase, and the property's name.
    private func candidatePaths(of property: NSPropertyDescription, entity: NSEntityDescription) -> [[String]] {
        let id = ObjectIdentifier(property)
        if let known = pathsByProperty[id] { return known }
        var paths: [[String]] = []
        var keys = [property.syncRemoteKey(in: entity, style: .snakeCase), property.syncRemoteKey(in: entity, style: .camelCase), property.name]
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
