import Foundation

/// Writes objects as JSON dictionaries for ``NSManagedObject/export(using:)``.
struct ObjectExporter {
    let options: ExportOptions
    /// Writes dates by ``ExportOptions/dateEncodingStrategy``.
    private let dateEncoder: JSONEncoder

    init(options: ExportOptions) {
        self.options = options
        dateEncoder = JSONEncoder()
        dateEncoder.dateEncodingStrategy = options.dateEncodingStrategy
    }

    /// The dictionary of `object`, reached through `relationship` (skipped on the way back) from
    /// `ancestors`, the objects being exported around it (left out, to stop cycles).
    func dictionary(
        of object: NSManagedObject, arrivedThrough relationship: NSRelationshipDescription?, ancestors: Set<ObjectIdentifier>
    ) -> [String: Any] {
        let entity = object.entity
        var dictionary: [String: Any] = [:]
        let ancestors = ancestors.union([ObjectIdentifier(object)])
        let onlyKeyPaths = entity.mapsOnlyJSONKeyPaths
        for property in entity.properties where property.isSyncExportable {
            if onlyKeyPaths, property.userInfo?[SyncUserInfo.grootKeyPath] == nil { continue }
            if let attribute = property as? NSAttributeDescription {
                guard attribute.attributeType != .transformableAttributeType else { continue }
                let value = jsonValue(object.value(forKey: attribute.name), of: attribute)
                Self.set(value, atKeyPath: attributeKey(attribute, in: entity), in: &dictionary)
            } else if let related = property as? NSRelationshipDescription, options.relationships != .none,
                      related !== relationship?.inverseRelationship {
                if let (key, value) = relationshipValue(related, of: object, ancestors: ancestors) { dictionary[key] = value }
            }
        }
        return dictionary
    }

    private func attributeKey(_ attribute: NSAttributeDescription, in entity: NSEntityDescription) -> String {
        if options.relationships == .nested, attribute.name == "destroy",
           SyncUserInfo.string(SyncUserInfo.remoteKeys, of: attribute) == nil {
            return "_destroy"
        }
        return attribute.syncRemoteKey(in: entity, style: options.keyStyle)
    }

    /// The key and value of a relationship: `null` for a to-one that is not set, except in Rails'
    /// nested attributes, which leave it out; nil for a to-one that leads back.
    private func relationshipValue(
        _ relationship: NSRelationshipDescription, of object: NSManagedObject, ancestors: Set<ObjectIdentifier>
    ) -> (key: String, value: Any)? {
        let name = options.keyStyle == .snakeCase ? Inflection.snakeCase(relationship.name) ?? relationship.name : relationship.name
        let nestedKey = name + (options.keyStyle == .snakeCase ? "_attributes" : "Attributes")
        guard relationship.isToMany else {
            guard let target = object.value(forKey: relationship.name) as? NSManagedObject else {
                return options.relationships == .nested ? nil : (name, NSNull())
            }
            if options.relationships == .identifiers { return (name, identifier(of: target) ?? NSNull()) }
            guard !ancestors.contains(ObjectIdentifier(target)) else { return nil }
            let value = dictionary(of: target, arrivedThrough: relationship, ancestors: ancestors)
            return options.relationships == .nested ? (nestedKey, value) : (name, value)
        }
        let related = RelatedObjectsOrder.objects(of: object.value(forKey: relationship.name), ordered: relationship.isOrdered) {
            $0.identity(of: $0.entity.syncIdentityAttributes)
        }
        if options.relationships == .identifiers { return (name, related.compactMap(identifier(of:))) }
        let targets = related.filter { !ancestors.contains(ObjectIdentifier($0)) }
        let values = targets.map { dictionary(of: $0, arrivedThrough: relationship, ancestors: ancestors) }
        guard options.relationships == .nested else { return (name, values) }
        var indexed: [String: Any] = [:]
        for (index, value) in values.enumerated() { indexed[String(index)] = value }
        return (nestedKey, indexed)
    }

    /// An object's identity as JSON: the value of a single primary key, or an object of the identity
    /// attributes' keys and values for a composite identity; nil when its entity has none or one
    /// of its values is not set.
    private func identifier(of object: NSManagedObject) -> Any? {
        let attributes = object.entity.syncIdentityAttributes
        let values = attributes.map { jsonValue(object.value(forKey: $0.name), of: $0) }
        guard !values.isEmpty, !values.contains(where: isNullValue) else { return nil }
        guard values.count > 1 else { return values[0] }
        var identity: [String: Any] = [:]
        for (attribute, value) in zip(attributes, values) {
            Self.set(value, atKeyPath: attributeKey(attribute, in: object.entity), in: &identity)
        }
        return identity
    }

    /// An attribute's stored value as a JSON value.
    private func jsonValue(_ value: Any?, of attribute: NSAttributeDescription) -> Any {
        guard let value, !isNullValue(value) else { return NSNull() }
        // Apple's default reverse transformation raises an exception when the transformer is one-way.
        if let name = attribute.syncValueTransformerName,
           let transformer = ValueTransformer(forName: NSValueTransformerName(rawValue: name)),
           type(of: transformer).allowsReverseTransformation() {
            return transformer.reverseTransformedValue(value) ?? NSNull()
        }
        switch value {
        case let date as Date: return jsonValue(of: date)
        case let uuid as UUID: return uuid.uuidString
        case let url as URL: return url.absoluteString
        case let data as Data:
            if let json = try? JSONSerialization.jsonObject(with: data), json is [Any] || json is [String: Any] { return json }
            return data.base64EncodedString()
        case let decimal as Decimal: return NSDecimalNumber(decimal: decimal)
        case let string as String: return string
        default: return Self.number(value) ?? value
        }
    }

    /// A date as `JSONEncoder` writes it with ``ExportOptions/dateEncodingStrategy``; `null` when
    /// a `.custom` strategy throws or writes nothing.
    private func jsonValue(of date: Date) -> Any {
        guard let data = try? dateEncoder.encode([date]),
              let array = try? JSONSerialization.jsonObject(with: data) as? [Any], let value = array.first
        else { return NSNull() }
        return value
    }

    /// A Swift number or Boolean as `NSNumber`, as Core Data returns them on Apple platforms.
    private static func number(_ value: Any) -> NSNumber? {
        switch value {
        case let number as NSNumber: number
        case let value as Bool: NSNumber(value: value)
        case let value as Int16: NSNumber(value: value)
        case let value as Int32: NSNumber(value: value)
        case let value as Int64: NSNumber(value: value)
        case let value as Int: NSNumber(value: value)
        case let value as Double: NSNumber(value: value)
        case let value as Float: NSNumber(value: value)
        default: nil
        }
    }

    /// Sets `value` at a dotted key path, making the dictionaries on the way.
    private static func set(_ value: Any, atKeyPath keyPath: String, in dictionary: inout [String: Any]) {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.count > 1, let first = components.first else {
            dictionary[keyPath] = value
            return
        }
        var nested = dictionary[first] as? [String: Any] ?? [:]
        set(value, atKeyPath: components.dropFirst().joined(separator: "."), in: &nested)
        dictionary[first] = nested
    }
}
