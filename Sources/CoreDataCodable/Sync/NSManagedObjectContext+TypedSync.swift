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
    /// ``SyncOperations/insert``, elements whose identity matches no object are left out, with their
    /// related objects; without ``SyncOperations/update``, the objects elements match are kept as
    /// they are (their hooks do not run) and are not deleted. Runs inside
    /// `performAndWait`, does not save, and on failure throws and leaves the context as it was.
    @discardableResult
    public func sync<Object: CoreDataDecodable>(
        _ type: Object.Type, from json: Data, predicate: NSPredicate? = nil, parent: NSManagedObject? = nil,
        operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()
    ) throws -> SyncChanges {
        decoder.managedObjectContext = self
        return try ImportSession.run(in: self) { session in
            guard let managedType = type as? NSManagedObject.Type else {
                throw CoreDataCodableError(.entityNotFound(className: String(reflecting: type)))
            }
            let entity = try MappingRegistry.shared.entity(for: managedType, in: session.model)
            let scope = SyncScope(context: self, entity: entity, predicate: predicate, parent: parent, operations: operations)
            let deletable = try operations.contains(.delete) ? objects(in: scope) : []
            let insertedBefore = insertedObjects
            let admission = ElementAdmission(inserts: operations.contains(.insert), updates: operations.contains(.update))
            let objects = try decoder.decode(
                TypedSyncElements<Object>.self, from: json, handing: admission, under: TypedSyncElements<Object>.admissionKey
            ).objects
            try scope.attachToParent(objects)
            var changes = scope.changes(of: objects, insertedBefore: insertedBefore)
            // Objects kept as they were are in the payload, safe from deletion, but not updated.
            if !operations.contains(.update) { changes.updated = [] }
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

/// The objects of a typed sync's payload, a JSON array or one object, decoded in the running
/// sync's session in payload order, as the sync's ``ElementAdmission`` decides: it is handed to
/// `init(from:)` in the decoder's user info, under ``admissionKey``.
private struct TypedSyncElements<Object: CoreDataDecodable>: Decodable {
    static var admissionKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "CoreDataCodable.typedSyncAdmission")! }

    let objects: [NSManagedObject]

    init(from decoder: any Decoder) throws {
        let admission = decoder.userInfo[Self.admissionKey] as? ElementAdmission ?? ElementAdmission(inserts: true, updates: true)
        let elementType = { (session: ImportSession) in try session.types.type(Object.self) }
        guard (try? decoder.unkeyedContainer()) != nil else {
            objects = try ImportSession.run(in: decoder.requireContext()) { session in
                try session.decodeObject(elementType(session), from: decoder, admission: admission).map { [$0] } ?? []
            }
            return
        }
        objects = try ImportSession.decodeArray(from: decoder, admission: admission) { .mapped(try elementType($0)) }
    }
}
