import Foundation

/// The state of one encode, from the outermost `encode(to:)` (or ``NSManagedObject/export(using:)``)
/// to its end: the objects being encoded (to stop cycles) and the inverse relationship the next
/// nested object skips.
///
/// The one object encoder: `JSONEncoder` runs it with each class's mapping, and export with the
/// model's conventions (``exportStyle``) into a ``JSONObjectEncoder``.
final class EncodingSession: ContextSession, @unchecked Sendable {
    /// The session of the encode running on this thread, if any.
    @TaskLocal static var current: EncodingSession?

    let context: NSManagedObjectContext
    let model: NSManagedObjectModel
    let thread = ThreadIdentity.current
    /// For an export, the key style of the model's conventions every object is written by; nil for
    /// `JSONEncoder`, which writes each class by its own mapping and `encode(to:)`.
    let exportStyle: JSONKeyStyle?
    /// The objects whose encoding is in progress: the path from the root to the current object.
    private var ancestors: Set<ObjectIdentifier> = []
    /// The relationship the object about to be encoded skips: the inverse of the one followed to it.
    private var pendingSkip: (object: ObjectIdentifier, relationship: String)?
    private var destinationMappings: [String: EntityMapping] = [:]

    convenience init(context: NSManagedObjectContext) throws {
        try self.init(context: context, exportStyle: nil)
    }

    private init(context: NSManagedObjectContext, exportStyle: JSONKeyStyle?) throws {
        self.context = context
        model = try context.requireModel()
        self.exportStyle = exportStyle
    }

    static func withCurrent<Result>(_ session: EncodingSession, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(session, operation: body)
    }

    /// Encodes `object` with the mapping `mapping` gives for its context's model, inside the
    /// context's `performAndWait`, in the running session or a new one.
    static func encode(
        _ object: NSManagedObject, to encoder: any Encoder,
        mapping: (NSManagedObjectModel) throws -> EntityMapping
    ) throws {
        guard let context = object.managedObjectContext else {
            throw CoreDataCodableError(.objectWithoutContext(entity: object.entity.codableName), codingPath: encoder.codingPath)
        }
        try entering(context) { session, _ in
            try session.encodeObject(object, mapping: mapping(session.model), to: encoder)
        }
    }

    /// The JSON object of `object` by the model's conventions, in an export session of its own
    /// (``NSManagedObject/export(using:)``).
    static func export(_ object: NSManagedObject, options: ExportOptions) throws -> Any {
        guard let context = object.managedObjectContext else {
            throw CoreDataCodableError(.objectWithoutContext(entity: object.entity.codableName))
        }
        let session = try EncodingSession(context: context, exportStyle: options.keyStyle)
        let encoder = JSONObjectEncoder(
            dateEncodingStrategy: options.dateEncodingStrategy,
            userInfo: [.relationshipEncodingStrategy: options.relationships.encodingStrategy]
        )
        let mapping = try session.destinationMapping(for: object.entity)
        return try encoder.encode(RelatedObject(session: session, object: object, mapping: mapping, form: .nested(skipping: nil)))
    }

    /// Encodes `object`'s mapped properties.
    func encodeObject(_ object: NSManagedObject, mapping: EntityMapping, to encoder: any Encoder) throws {
        let id = ObjectIdentifier(object)
        var skipped: String?
        if let pending = pendingSkip, pending.object == id {
            skipped = pending.relationship
            pendingSkip = nil
        }
        ancestors.insert(id)
        defer { ancestors.remove(id) }
        let root = encoder.container(keyedBy: JSONKey.self)
        let railsNestedAttributes = encoder.relationshipEncodingStrategy == .railsNestedAttributes
        for property in mapping.properties where property.name != skipped {
            if let attribute = property.attribute {
                // Rails' nested attributes mark an object to delete with `_destroy`.
                let key = railsNestedAttributes && property.path == [JSONKey("destroy")] ? JSONKey("_destroy") : property.lastKey
                try AttributeEncoding.encode(property, attribute, of: object, into: root, forKey: key, entity: mapping.entityName)
            } else if let relationship = property.relationship {
                var container = AttributeEncoding.keyPathContainer(for: property, in: root)
                try encodeRelationship(relationship, of: object, property: property, into: &container, encoder: encoder, entity: mapping.entityName)
            }
        }
    }

    private func encodeRelationship(
        _ relationship: NSRelationshipDescription, of object: NSManagedObject, property: PropertyMapping,
        into container: inout KeyedEncodingContainer<JSONKey>, encoder: any Encoder, entity: String
    ) throws {
        guard let destinationEntity = relationship.destinationEntity else { return }
        let destination = try destinationMapping(for: destinationEntity)
        let strategy = encoder.relationshipEncodingStrategy
        if strategy == .excluded { return }
        let inverse = relationship.inverseRelationship?.name
        let value = object.value(forKey: property.name)
        if strategy == .railsNestedAttributes {
            let key = JSONKey(property.lastKey.stringValue + "_attributes")
            guard relationship.isToMany else {
                guard let target = value as? NSManagedObject,
                      let reference = try reference(to: target, destination, inverse: inverse, strategy: strategy, relationship: property.name, entity: entity)
                else { return }
                try container.encode(reference, forKey: key)
                return
            }
            var indexed = container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            var index = 0
            for element in sorted(value, ordered: relationship.isOrdered, by: destination) {
                guard let reference = try reference(to: element, destination, inverse: inverse, strategy: strategy, relationship: property.name, entity: entity) else { continue }
                try indexed.encode(reference, forKey: JSONKey(String(index)))
                index += 1
            }
            return
        }
        if relationship.isToMany {
            var array = container.nestedUnkeyedContainer(forKey: property.lastKey)
            for element in sorted(value, ordered: relationship.isOrdered, by: destination) {
                if let reference = try reference(to: element, destination, inverse: inverse, strategy: strategy, relationship: property.name, entity: entity) {
                    try array.encode(reference)
                }
            }
        } else if let target = value as? NSManagedObject {
            if let reference = try reference(to: target, destination, inverse: inverse, strategy: strategy, relationship: property.name, entity: entity) {
                try container.encode(reference, forKey: property.lastKey)
            }
        } else {
            try container.encodeNil(forKey: property.lastKey)
        }
    }

    /// How to write a related object: nested, or as its identifier (by strategy, or because it
    /// is being encoded already); nil to leave a cyclic object without identity out.
    private func reference(
        to target: NSManagedObject, _ destination: EntityMapping, inverse: String?,
        strategy: RelationshipEncodingStrategy, relationship: String, entity: String
    ) throws -> RelatedObject? {
        let isCycle = ancestors.contains(ObjectIdentifier(target))
        guard strategy == .identifiers || isCycle else {
            return RelatedObject(session: self, object: target, mapping: destination, form: .nested(skipping: inverse))
        }
        guard !destination.identityProperties.isEmpty else {
            if isCycle || exportStyle != nil { return nil }
            throw CoreDataCodableError(.relationshipWithoutIdentity(
                entity: entity, relationship: relationship, destination: destination.entityName
            ))
        }
        return RelatedObject(session: self, object: target, mapping: destination, form: .identifier)
    }

    /// A to-many value's objects in the order they are written (``RelatedObjectsOrder``).
    private func sorted(_ value: Any?, ordered: Bool, by mapping: EntityMapping) -> [NSManagedObject] {
        RelatedObjectsOrder.objects(of: value, ordered: ordered, identity: mapping.identity(of:))
    }

    /// The mapping of a destination entity: its class's (default keys when it is not
    /// ``CoreDataMappable``), or in an export the model's conventions.
    func destinationMapping(for entity: NSEntityDescription) throws -> EntityMapping {
        if let mapping = destinationMappings[entity.codableName] { return mapping }
        let mapping = try exportStyle.map { try MappingRegistry.shared.exportMapping(for: entity, in: model, style: $0) }
            ?? MappingRegistry.shared.mapping(for: entity, in: model)
        destinationMappings[entity.codableName] = mapping
        return mapping
    }

    /// Makes the next encode of `object` skip `relationship`, for as long as `body` runs.
    func skipping(_ relationship: String?, for object: NSManagedObject, _ body: () throws -> Void) rethrows {
        pendingSkip = relationship.map { (ObjectIdentifier(object), $0) }
        defer { pendingSkip = nil }
        try body()
    }
}
