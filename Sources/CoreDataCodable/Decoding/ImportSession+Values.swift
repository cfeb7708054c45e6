import Foundation

extension ImportSession {
    /// Applies the values an `initialize(from:)` decoder carries to `object`, for the properties
    /// `isIncluded` accepts: what every `defaultInitialization` does.
    ///
    /// `fromDefaultHook` tells that the type's own `initialize(from:)` is the default one.
    static func applyDefaultValues(
        to object: NSManagedObject, from decoder: any Decoder, fromDefaultHook: Bool = false,
        including isIncluded: (PropertyMapping) -> Bool
    ) throws {
        // The usual call: an object's hook passing on the decoder the import initializes it with.
        // The session is known then, and what it did to the object.
        if type(of: decoder) == PreparedDecoder.self, let prepared = decoder as? PreparedDecoder,
           let target = prepared.target, target.object == ObjectIdentifier(object),
           let session = current, session.isInitializing(from: prepared) {
            if fromDefaultHook { session.noteDefaultHook(of: prepared.mapping) }
            try session.undoingOnFailure { session in
                try session.apply(prepared, to: object, touch: target.touch, including: isIncluded)
            }
            return
        }
        let context = try object.managedObjectContext ?? decoder.requireContext()
        try run(in: context) { session in
            let prepared = try decoder as? PreparedDecoder ?? session.prepare(decoder, for: object)
            // The import found or inserted the object for this decoder, and knows which already.
            let touch: Touch = if let target = prepared.target, target.object == ObjectIdentifier(object) {
                target.touch
            } else {
                session.willChange(object) ? .inserted : .updated
            }
            try session.apply(prepared, to: object, touch: touch, including: isIncluded)
        }
    }

    /// A decoder given to a default initialization that did not come from this library: its
    /// container, prepared by the object's `container(for:)`.
    ///
    /// A class that decodes by its own `init(from:)` (an object being filled) is read with every
    /// property under its own name.
    private func prepare(_ decoder: any Decoder, for object: NSManagedObject) throws -> PreparedDecoder {
        let mapping: DecodingMapping
        switch try destinationDecoding(for: object.entity) {
        case .mapped(let mapped):
            mapping = mapped
        case .decodable:
            let keys = try MappingRegistry.shared.mapping(for: object.entity, in: model)
            mapping = DecodingMapping.generic(managedType: type(of: object), mapping: keys)
        }
        return PreparedDecoder(forwardingTo: .decoder(decoder), userInfo: decoder.userInfo, values: try mapping.prepare(decoder), mapping: mapping)
    }

    /// Sets the properties present in the JSON of `prepared` on `object`; missing keys leave
    /// properties unchanged. `touch` tells what this session did to the object: the properties
    /// of an object it inserted hold nothing worth comparing, and setting is cheaper; the values
    /// of an `untouched` one are saved before its first change.
    func apply(
        _ prepared: PreparedDecoder, to object: NSManagedObject, touch: Touch, including isIncluded: (PropertyMapping) -> Bool
    ) throws {
        var touch = touch
        let mapping = prepared.mapping.mapping
        let identified = prepared.identifiedObject == ObjectIdentifier(object)
        // A bare identifier found or inserted its object and holds nothing more to apply.
        if identified, prepared.holdsOnlyIdentity { return }
        let values = prepared.values
        for (index, property) in mapping.properties.enumerated() where isIncluded(property) {
            if let attribute = property.attribute {
                // The object was found or inserted by these very values.
                if identified, property.isIdentity { continue }
                try applyAttribute(property, attribute, from: values, to: object, touch: &touch, entity: mapping.entityName) {
                    slot(of: prepared)
                }
            } else if let relationship = property.relationship {
                try applyRelationship(property, relationship, from: prepared, at: index, to: object, touch: &touch, entity: mapping.entityName)
            }
        }
    }

    /// Sets an attribute present in `values` on `object`; `slot` gives where the object's identity
    /// records what the session did to it, asked before its first change.
    func applyAttribute(
        _ property: PropertyMapping, _ attribute: NSAttributeDescription, from values: ObjectValues, to object: NSManagedObject,
        touch: inout Touch, entity: String, slot: () -> (table: IdentityTable, slot: Int)?
    ) throws {
        switch try values.attributeValue(property, entity: entity, checkingPresenceFirst: isDeepInNestedObjects) {
        case .missing:
            return
        case .null:
            guard attribute.isOptional else {
                throw DecodingError.valueNotFound(AttributeDecoding.swiftType(of: property), DecodingError.Context(
                    codingPath: values.codingPath(to: property.path),
                    debugDescription: "null for the non-optional attribute \(entity).\(property.name)."
                ))
            }
            guard object.value(forKey: property.name) != nil else { return }
            willChange(object, touch: &touch, slot: slot)
            object.setValue(nil, forKey: property.name)
        case .value(let value):
            if touch != .inserted, let current = object.value(forKey: property.name),
               property.attributeType != .transformableAttributeType,
               ObjectIdentity.isEqual(current, value, for: property.attributeType) {
                return
            }
            willChange(object, touch: &touch, slot: slot)
            object.setValue(value, forKey: property.name)
        }
    }

    private func applyRelationship(
        _ property: PropertyMapping, _ relationship: NSRelationshipDescription,
        from prepared: PreparedDecoder, at index: Int, to object: NSManagedObject, touch: inout Touch, entity: String
    ) throws {
        let newValue: RelationshipValue
        // Related objects prepared ahead may leave saving their values to their first change,
        // which relating them makes through the inverse: see `willRelate`.
        let related = prepared.prepared(at: index)
        if let related {
            switch related {
            case .one(let source):
                newValue = .one(try materialize(source, mapping: source.decoder.mapping, mayDefer: true))
            case .many(let sources):
                let objects = try sources.map { try materialize($0, mapping: $0.decoder.mapping, mayDefer: true) }
                newValue = RelationshipValue(toMany: objects, ordered: property.isOrdered)
            }
        } else if prepared.isAbsent(at: index) {
            return
        } else {
            switch try relationshipValue(property, in: prepared.values) {
            case .missing:
                return
            case .null:
                newValue = property.isToMany ? RelationshipValue(toMany: [], ordered: property.isOrdered) : .one(nil)
            case .value(.manual(let value)):
                newValue = try manualRelationshipValue(value, property, values: prepared.values, entity: entity)
            case .value(.decoder(let decoder)):
                newValue = try decodeRelated(relationship, from: decoder, property: property, entity: entity)
            }
        }
        setRelationship(property, to: newValue, of: object, touch: &touch, related: related) { slot(of: prepared) }
    }

    /// Where the identity of the object `prepared` was decoded for records what the session did to it.
    private func slot(of prepared: PreparedDecoder) -> (table: IdentityTable, slot: Int)? {
        prepared.slot.map { (identityTable(for: prepared.mapping.mapping), $0) }
    }

    /// Saves the values of `object` if they are left to be saved before its first change (`touch`
    /// is `untouched`); `touch` is then what the session did to it. `slot` gives where its identity
    /// records that.
    private func willChange(_ object: NSManagedObject, touch: inout Touch, slot: () -> (table: IdentityTable, slot: Int)?) {
        guard touch == .untouched else { return }
        touch = willChange(object, slot: slot()) ? .inserted : .updated
    }

    /// Sets a relationship of `object` to `newValue`, unless it holds that already. `related` are
    /// the new objects' sources, if prepared ahead; `slot` gives where the object's identity
    /// records what the session did to it, asked before its first change.
    func setRelationship(
        _ property: PropertyMapping, to newValue: RelationshipValue, of object: NSManagedObject, touch: inout Touch,
        related: PreparedRelated?, slot: () -> (table: IdentityTable, slot: Int)?
    ) {
        guard touch == .inserted || !newValue.isSame(asRelationship: property.name, of: object) else { return }
        willChange(object, touch: &touch, slot: slot)
        if property.hasInverse, let related { willRelate(related) }
        object.setValue(newValue.value, forKey: property.name)
    }

    /// Saves the values of related objects found and left unsaved until their first change (see
    /// ``materialize(_:mapping:mayDefer:)``), before relating them changes their inverse.
    private func willRelate(_ related: PreparedRelated) {
        switch related {
        case .one(let source):
            willRelate(source)
        case .many(let sources):
            for source in sources { willRelate(source) }
        }
    }

    private func willRelate(_ source: ObjectSource) {
        let decoder = source.decoder
        guard decoder.target?.touch == .untouched, let slot = decoder.slot else { return }
        let table = identityTable(for: decoder.mapping.mapping)
        guard table.touch(at: slot) == .untouched, let object = table.object(at: slot) else { return }
        _ = willChange(object, slot: (table, slot))
    }

    /// The destination object, or objects, of a relationship value not prepared ahead.
    private func decodeRelated(
        _ relationship: NSRelationshipDescription, from decoder: any Decoder, property: PropertyMapping, entity: String
    ) throws -> RelationshipValue {
        guard let destinationEntity = relationship.destinationEntity else {
            throw CoreDataCodableError(
                .propertyNotDecodable(entity: entity, property: property.name, reason: "it has no destination entity."),
                codingPath: decoder.codingPath
            )
        }
        let destination = try destinationDecoding(for: destinationEntity)
        guard property.isToMany else { return .one(try decodeObject(destination, from: decoder)) }
        var container = try decoder.unkeyedContainer()
        let objects = try decodeObjects(destination, from: &container, userInfo: decoder.userInfo)
        return RelationshipValue(toMany: objects, ordered: property.isOrdered)
    }

    private enum RelationshipSource {
        case manual(Any)
        case decoder(any Decoder)
    }

    private func relationshipValue(_ property: PropertyMapping, in values: ObjectValues) throws -> FoundValue<RelationshipSource> {
        if let manual = values.manualValue(for: property) {
            return manual.map { .value(.manual($0)) } ?? .null
        }
        guard let (container, key) = try values.locate(property.path) else { return .missing }
        if try container.decodeNil(forKey: key) { return .null }
        return .value(.decoder(try container.superDecoder(forKey: key)))
    }

    /// A relationship value set in `container(for:)`: an object for a to-one, a collection of
    /// objects for a to-many.
    private func manualRelationshipValue(
        _ value: Any, _ property: PropertyMapping, values: ObjectValues, entity: String
    ) throws -> RelationshipValue {
        if property.isToMany {
            let objects: [NSManagedObject]? = switch value {
            case let set as NSOrderedSet: set.array as? [NSManagedObject]
            case let set as NSSet: set.allObjects as? [NSManagedObject]
            case let array as [NSManagedObject]: array
            case let set as Set<NSManagedObject>: Array(set)
            default: nil
            }
            if let objects { return RelationshipValue(toMany: objects, ordered: property.isOrdered) }
        } else if let object = value as? NSManagedObject {
            return .one(object)
        }
        throw DecodingError.typeMismatch(property.isToMany ? [NSManagedObject].self : NSManagedObject.self, DecodingError.Context(
            codingPath: values.codingPath(to: property.path),
            debugDescription: "The value set in container(for:) for the relationship \(entity).\(property.name) is a \(type(of: value))."
        ))
    }
}
