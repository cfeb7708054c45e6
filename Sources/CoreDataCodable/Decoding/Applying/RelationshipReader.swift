import Foundation

/// The new value of a relationship from an object's JSON: its related objects read ahead, a value
/// set in `container(for:)`, or the JSON value decoded now.
///
/// Related objects are decoded, found and made by the import itself (``RelatedObjectMaking``),
/// recursively, as the objects of the payload are.
struct RelationshipReader {
    let types: DecodableTypes
    /// The ledger of the running sync by entity name; nil outside one.
    let ledger: SyncLedger?
    let objects: any RelatedObjectMaking

    /// The objects the relationship `property` (at `index`) of `object`, in `progress`, stands
    /// for; nil when its key is absent. `null` clears the relationship.
    func value(
        of property: PropertyMapping, at index: Int, of object: NSManagedObject, in progress: ObjectInProgress, entity: String
    ) throws -> RelationshipValue? {
        if let prepared = progress.prepared {
            if let related = prepared.prepared(at: index) {
                switch related {
                case .one(let decoder):
                    guard let related = try make(decoder.read, prepared: decoder, for: property, of: object) else { return nil }
                    return .one(related)
                case .many(let decoders):
                    let objects = try decoders.compactMap { try make($0.read, prepared: $0, for: property, of: object) }
                    return RelationshipValue(toMany: objects, ordered: property.isOrdered)
                }
            }
            if prepared.isAbsent(at: index) { return nil }
        }
        let values = progress.read.values
        if let manual = values.manualValue(for: property) {
            guard let manual else { return property.isToMany ? RelationshipValue(toMany: [], ordered: property.isOrdered) : .one(nil) }
            return try manualValue(manual, property, values: values, entity: entity)
        }
        guard let (container, key) = try values.locate(property) else { return nil }
        ledger?.noteFound(property, under: key)
        if try container.decodeNil(forKey: key) {
            return property.isToMany ? RelationshipValue(toMany: [], ordered: property.isOrdered) : .one(nil)
        }
        return try decode(property, of: object, at: key, in: container, userInfo: progress.read.userInfo, entity: entity)
    }

    /// The destination object, or objects, of a relationship value not read ahead.
    private func decode(
        _ property: PropertyMapping, of object: NSManagedObject, at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>,
        userInfo: [CodingUserInfoKey: Any], entity: String
    ) throws -> RelationshipValue? {
        guard let destinationEntity = property.relationship?.destinationEntity else {
            throw CoreDataCodableError(
                .propertyNotDecodable(entity: entity, property: property.name, reason: "it has no destination entity."),
                codingPath: container.codingPath + [key]
            )
        }
        let destination = try types.destination(destinationEntity)
        if property.isToMany {
            var elements = try container.nestedUnkeyedContainer(forKey: key)
            let related = try objects.decodeObjects(destination, from: &elements, userInfo: userInfo, admission: ledger?.nestedAdmission)
            return RelationshipValue(toMany: related, ordered: property.isOrdered)
        }
        guard case .mapped(let type) = destination else {
            return .one(try objects.decodeObject(destination, from: container.superDecoder(forKey: key)))
        }
        let (read, prepared) = try objects.readObject(type, at: key, in: container, userInfo: userInfo)
        return try make(read, prepared: prepared, for: property, of: object).map { .one($0) }
    }

    /// The related object of `read`, made for the relationship `property` of `object`; nil when it
    /// is left out. In a sync by entity name, an object without its primary key is left out of a
    /// to-many, and merged into the current object of a to-one (a new one when there is none), as
    /// Sync does; a nested object is made as the sync's ``SyncLedger/nestedAdmission`` decides.
    private func make(_ read: ObjectRead, prepared: PreparedDecoder?, for property: PropertyMapping, of object: NSManagedObject) throws -> NSManagedObject? {
        if read.lacksIdentity {
            guard !property.isToMany else { return nil }
            let current = object.value(forKey: property.name) as? NSManagedObject
            return try objects.mergeKeyless(read, prepared: prepared, into: current)
        }
        return try objects.admitted(read, prepared: prepared, by: ledger?.nestedAdmission)
    }

    /// A relationship value set in `container(for:)`: an object for a to-one, a collection of
    /// objects for a to-many.
    private func manualValue(_ value: Any, _ property: PropertyMapping, values: ObjectValues, entity: String) throws -> RelationshipValue {
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
