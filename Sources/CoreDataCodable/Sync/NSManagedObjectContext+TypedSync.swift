import Foundation

extension NSManagedObjectContext {
    /// Syncs a JSON array (or one object) of `type` with the class's own keys, identity and hooks,
    /// then deletes the stored objects in scope that the payload does not hold, as
    /// ``sync(_:inEntityNamed:predicate:parent:operations:decoder:)`` does by the model.
    ///
    /// ```swift
    /// let changes = try context.sync(Person.self, from: json, predicate: NSPredicate(format: "team == %@", team))
    /// ```
    ///
    /// `decoder` decodes the objects (its strategies apply); its context is set to this one. Without
    /// ``SyncOperations/insert`` the objects the payload would add are not kept; without
    /// ``SyncOperations/update`` stored objects keep their stored values. Runs inside
    /// `performAndWait`, does not save, and on failure throws and leaves the context as it was.
    @discardableResult
    public func sync<Object: CoreDataDecodable>(
        _ type: Object.Type, from json: Data, predicate: NSPredicate? = nil, parent: NSManagedObject? = nil,
        operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()
    ) throws -> SyncChanges {
        decoder.managedObjectContext = self
        let isArray = json.first { !" \n\r\t".utf8.contains($0) } == UInt8(ascii: "[")
        return try ImportSession.run(in: self) { session in
            guard let managedType = type as? NSManagedObject.Type else {
                throw CoreDataCodableError(.entityNotFound(className: String(reflecting: type)))
            }
            let entity = try MappingRegistry.shared.entity(for: managedType, in: session.model)
            let scope = SyncScope(context: self, entity: entity, predicate: predicate, parent: parent, operations: operations)
            let deletable = try operations.contains(.delete) ? objects(in: scope) : []
            let insertedBefore = insertedObjects
            let objects: [NSManagedObject] = isArray
                ? try decoder.decode(TypedSyncElements<Object>.self, from: json).objects
                : [try decoder.decode(Object.self, from: json)].compactMap { $0 as? NSManagedObject }
            try scope.attachToParent(objects)
            var changes = scope.changes(of: objects, insertedBefore: insertedBefore)
            if !operations.contains(.insert) {
                for id in changes.inserted { delete(object(with: id)) }
                changes.inserted = []
            }
            if !operations.contains(.update) {
                for id in changes.updated { refresh(object(with: id), mergeChanges: false) }
                changes.updated = []
            }
            let synced = Set(objects.map(ObjectIdentifier.init))
            for object in deletable where !synced.contains(ObjectIdentifier(object)) {
                changes.deleted.append(object.objectID)
                delete(object)
            }
            return changes
        }
    }

    /// The stored objects deletion may reach: one fetch.
    private func objects(in scope: SyncScope) throws -> [NSManagedObject] {
        let request = NSFetchRequest<NSManagedObject>(entityName: scope.entity.codableName)
        request.predicate = try scope.deletionPredicate()
        return try fetch(request)
    }
}

/// A JSON array of `Object`s, decoded in the running sync's session, in payload order.
private struct TypedSyncElements<Object: CoreDataDecodable>: Decodable {
    let objects: [NSManagedObject]

    init(from decoder: any Decoder) throws {
        objects = try ImportSession.decodeArray(from: decoder) { .mapped(try $0.types.type(Object.self)) }
    }
}
