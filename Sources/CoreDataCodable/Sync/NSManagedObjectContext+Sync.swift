import Foundation

extension NSManagedObjectContext {
    /// Syncs a JSON payload into the entity named `entityName` by the model alone, as Sync does.
    ///
    /// ```swift
    /// let changes = try context.sync(json, inEntityNamed: "User")
    /// try context.save()
    /// ```
    ///
    /// - The payload is an array of objects (or of bare identifiers), or one object, in UTF-8 JSON (a
    ///   comma before a closing bracket is accepted, as `JSONSerialization` accepts it); the overloads
    ///   taking `[[String: Any]]` and `[String: Any]` sync objects already parsed. Keys follow Sync's conventions
    ///   (`sync.remoteKey`, snake_case or camelCase names, `id` for `remoteID`, acronyms, reserved
    ///   words); values are coerced as Sync does, dates by `JSONDecoder.DateDecodingStrategy.iso8601OrUnixTimestamp`.
    ///   A transformable attribute takes the output of the transformer its model names
    ///   (`valueTransformerName`), else a JSON array or object as it is; other values leave it alone.
    /// - Objects are matched over the whole entity by its primary key, or by the identity attributes
    ///   Groot's `identityAttributes` names (several for a composite identity); elements without
    ///   one are skipped, and ``SyncChanges/skipped`` gives their positions. Groot's
    ///   `entityMapperName` chooses the subentity of each new object, and
    ///   `JSONDictionaryTransformerName` rewrites each JSON object first. Nested objects and arrays sync their relationships; `<name>_id` and `<name>_ids`
    ///   link and unlink by primary key, ignoring identifiers that match nothing.
    /// - Stored objects the payload does not name are deleted, within `predicate` and, when given,
    ///   `parent`'s related objects; the payload's objects are attached to `parent`. One-to-many
    ///   children a nested array no longer holds are deleted; many-to-many ones are only unlinked.
    /// - `operations` limits what is done. `decoder` lends its `userInfo` to the decode.
    ///
    /// Runs inside `performAndWait`, does not save, and on failure throws and leaves the context as
    /// it was. One fetch per entity, whatever the payload's size.
    ///
    /// - Throws: ``CoreDataCodableError/unknownEntity``, ``CoreDataCodableError/noPrimaryKey``,
    ///   ``CoreDataCodableError/invalidSyncPayload``, or `DecodingError` for a value that does not
    ///   fit its attribute, with its coding path.
    @discardableResult
    public func sync(
        _ json: Data, inEntityNamed entityName: String, predicate: NSPredicate? = nil, parent: NSManagedObject? = nil,
        operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()
    ) throws -> SyncChanges {
        try sync(json, inEntityNamed: entityName, predicate: predicate, parent: parent, operations: operations, decoder: decoder) { false }
    }

    /// Syncs objects already parsed (as `JSONSerialization` gives them) into the entity named
    /// `entityName`, as the sync of JSON data does: what Sync, Groot and JSONCache users hold.
    @discardableResult
    public func sync(
        _ objects: [[String: Any]], inEntityNamed entityName: String, predicate: NSPredicate? = nil, parent: NSManagedObject? = nil,
        operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()
    ) throws -> SyncChanges {
        try sync(elements: SyncPayloadElements(objects), inEntityNamed: entityName, predicate: predicate, parent: parent, operations: operations, decoder: decoder) { false }
    }

    /// Syncs one object already parsed (as `JSONSerialization` gives it) into the entity named
    /// `entityName`, as a payload of one element.
    @discardableResult
    public func sync(
        _ object: [String: Any], inEntityNamed entityName: String, predicate: NSPredicate? = nil, parent: NSManagedObject? = nil,
        operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()
    ) throws -> SyncChanges {
        try sync(elements: SyncPayloadElements([object]), inEntityNamed: entityName, predicate: predicate, parent: parent, operations: operations, decoder: decoder) { false }
    }

    /// The sync, which throws `CancellationError` (and undoes its work) when `isCancelled` tells so
    /// between its phases.
    func sync(
        _ json: Data, inEntityNamed entityName: String, predicate: NSPredicate?, parent: NSManagedObject?,
        operations: SyncOperations, decoder: JSONDecoder, isCancelled: @escaping () -> Bool
    ) throws -> SyncChanges {
        let elements = try SyncPayloadElements(parsing: json, entityName: entityName)
        return try sync(elements: elements, inEntityNamed: entityName, predicate: predicate, parent: parent, operations: operations, decoder: decoder, isCancelled: isCancelled)
    }

    /// The sync of a parsed payload's elements.
    private func sync(
        elements: SyncPayloadElements, inEntityNamed entityName: String, predicate: NSPredicate?, parent: NSManagedObject?,
        operations: SyncOperations, decoder: JSONDecoder, isCancelled: @escaping () -> Bool
    ) throws -> SyncChanges {
        try ModelSync.run(in: self) { session in
            guard let entity = session.model.entitiesByName[entityName] else {
                throw CoreDataCodableError(.unknownEntity(name: entityName))
            }
            let identityAttributes = try entity.syncIdentityAttributesRequired()
            let scope = SyncScope(context: self, entity: entity, predicate: predicate, parent: parent, operations: operations)
            let sync = ModelSync(session: session, scope: scope, identityAttributes: identityAttributes, callerDecoder: decoder, isCancelled: isCancelled)
            return try sync.run(elements)
        }
    }
}
