import Foundation

extension NSManagedObjectContext {
    /// The object of `type` whose primary key is `value`, saved or not; nil when there is none
    /// (JSONCache's `fetchObject`, Lidenbrock's `entityWithId`).
    ///
    /// ```swift
    /// let ada = try context.object(Person.self, withPrimaryKey: 7)
    /// ```
    ///
    /// The primary key is the type's single `identityAttribute` when it is ``CoreDataMappable``,
    /// else Sync's: the attribute marked `sync.isPrimaryKey`, else `id`, else `remoteID`. A number
    /// is converted to the attribute's number type when it fits; an integer or string key is
    /// coerced as a sync coerces its values: a whole number written as text finds an
    /// integer key, and a number finds a string key. Runs on the context's queue and waits.
    ///
    /// - Throws: ``CoreDataCodableError/noPrimaryKey`` when the entity has none,
    ///   ``CoreDataCodableError/entityNotFound`` when no entity has the class, or the fetch's error.
    public func object<Object: NSManagedObject>(_ type: Object.Type, withPrimaryKey value: Any) throws -> Object? {
        try performAndWaitHandingOff {
            let model = try requireModel()
            let entity = try MappingRegistry.shared.entity(for: type, in: model)
            var attribute = entity.syncPrimaryKeyAttribute
            if let mappable = type as? any CoreDataMappable.Type {
                let mapping = try MappingRegistry.shared.mapping(for: mappable, entity: entity, in: model)
                if mapping.identityAttributes.count == 1 { attribute = mapping.identityAttributes.first }
            }
            return try object(of: entity, primaryKey: attribute, value: value) as? Object
        }
    }

    /// The object of the entity named `entityName` whose primary key, by Sync's conventions, is
    /// `value`, as ``object(_:withPrimaryKey:)`` finds it.
    ///
    /// - Throws: ``CoreDataCodableError/unknownEntity`` when the model has no entity of that name,
    ///   ``CoreDataCodableError/noPrimaryKey`` when it has no primary key, or the fetch's error.
    public func object(entityNamed entityName: String, withPrimaryKey value: Any) throws -> NSManagedObject? {
        try performAndWaitHandingOff {
            guard let entity = try requireModel().entitiesByName[entityName] else {
                throw CoreDataCodableError(.unknownEntity(name: entityName))
            }
            return try object(of: entity, primaryKey: entity.syncPrimaryKeyAttribute, value: value)
        }
    }

    private func object(of entity: NSEntityDescription, primaryKey: NSAttributeDescription?, value: Any) throws -> NSManagedObject? {
        guard let primaryKey else { throw CoreDataCodableError(.noPrimaryKey(entity: entity.codableName)) }
        let kind = AttributeKind.of(primaryKey.attributeType)
        let value = kind.flatMap { SyncValueCoercion.keyValue(value, for: $0) } ?? value
        let typed = kind?.scalarType.converted(value) ?? value
        let request = NSFetchRequest<NSManagedObject>(entityName: entity.codableName)
        request.predicate = NSComparisonPredicate(
            leftExpression: NSExpression(forKeyPath: primaryKey.name), rightExpression: NSExpression(forConstantValue: typed),
            modifier: .direct, type: .equalTo, options: []
        )
        request.fetchLimit = 1
        return try fetch(request).first
    }
}
