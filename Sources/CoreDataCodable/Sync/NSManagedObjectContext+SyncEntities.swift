import Foundation

extension NSManagedObjectContext {
    /// Syncs a JSON object that holds several entities' arrays in one call (JSONCache's bulk load),
    /// such as `{"bands": [...], "musicians": [...], "albums": [...]}`, and returns each entity's
    /// changes by entity name.
    ///
    /// A key names its entity as it is, or in the plural and snake_case (`bands` for `Band`,
    /// `record_labels` for `RecordLabel`). Relationships resolve across the arrays in any order:
    /// every array's objects are made first, then every array is synced in full, as
    /// ``sync(_:inEntityNamed:predicate:parent:operations:decoder:)`` does. Does not save; a
    /// failure throws and leaves the context as it was.
    ///
    /// - Throws: ``CoreDataCodableError/invalidSyncPayload`` when the payload is not a JSON object
    ///   of arrays, ``CoreDataCodableError/unknownEntity`` for a key that names no entity, and the
    ///   errors of the single-entity sync.
    @discardableResult
    public func sync(_ json: Data, operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()) throws -> [String: SyncChanges] {
        let payload = try ModelSync.payload(from: json)
        guard let arrays = payload as? [String: Any] else {
            throw CoreDataCodableError(.invalidSyncPayload(entity: "several entities"))
        }
        return try ModelSync.run(in: self) { session in
            var syncs: [(name: String, first: ModelSync, sync: ModelSync, elements: [Any])] = []
            for key in arrays.keys.sorted() {
                guard let entity = Self.entity(forPayloadKey: key, in: session.model) else {
                    throw CoreDataCodableError(.unknownEntity(name: key))
                }
                guard let elements = arrays[key] as? [Any] else {
                    throw CoreDataCodableError(.invalidSyncPayload(entity: entity.codableName))
                }
                let identityAttributes = try entity.syncIdentityAttributesRequired()
                func sync(_ operations: SyncOperations, attributesOnly: Bool) -> ModelSync {
                    let scope = SyncScope(context: self, entity: entity, predicate: nil, parent: nil, operations: operations)
                    var sync = ModelSync(session: session, scope: scope, identityAttributes: identityAttributes, callerDecoder: decoder) { false }
                    sync.attributesOnly = attributesOnly
                    return sync
                }
                let first = sync(operations.intersection([.insert, .update]), attributesOnly: true)
                syncs.append((entity.codableName, first, sync(operations, attributesOnly: false), elements))
            }
            var inserted: [String: [NSManagedObjectID]] = [:]
            for entry in syncs {
                inserted[entry.name] = try entry.first.run(SyncPayloadElements(entry.elements)).inserted
            }
            var changes: [String: SyncChanges] = [:]
            for entry in syncs {
                var result = try entry.sync.run(SyncPayloadElements(entry.elements))
                let new = inserted[entry.name] ?? []
                result.updated.removeAll { new.contains($0) }
                result.inserted = new + result.inserted
                changes[entry.name] = result
            }
            return changes
        }
    }

    /// The entity a payload key names: as it is, or as the plural, snake_case form of its name.
    private static func entity(forPayloadKey key: String, in model: NSManagedObjectModel) -> NSEntityDescription? {
        if let entity = model.entitiesByName[key] { return entity }
        return model.entities.first { entity in
            let snake = Inflection.snakeCase(entity.codableName) ?? entity.codableName
            let plural = snake.hasSuffix("y") ? snake.dropLast() + "ies" : snake.hasSuffix("s") ? snake + "es" : snake + "s"
            return key == plural || key == snake
        }
    }
}
