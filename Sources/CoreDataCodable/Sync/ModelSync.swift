import Foundation

/// One model-driven sync of a payload into an entity (Sync's `changes`), run in an import session
/// whose entities decode by Sync's conventions.
///
/// 1. The payload is translated to the model's property names (``SyncPayloadTranslator``), each
///    parsed element let go once translated.
/// 2. One fetch finds the stored objects the payload names and, when deleting, those in scope
///    (the predicate and the parent's related objects); the found ones are registered in the
///    session's identity table, so the decode looks none of them up again.
/// 3. The import engine decodes the translated payload, each element let go once read: uniquing,
///    nested objects, bare identifiers, smart updates and undo are its own.
/// 4. Deletions come last, after everything that can throw: stored objects in scope the payload
///    does not name, stored duplicates of a primary key, one-to-many children a nested array no
///    longer holds, and objects inserted only for a bare identifier that matches nothing.
struct ModelSync {
    let session: ImportSession
    let scope: SyncScope
    /// The attributes that identify the entity's objects (``NSEntityDescription/syncIdentityAttributes``).
    let identityAttributes: [NSAttributeDescription]
    /// The caller's decoder, whose `userInfo` the decode gets.
    let callerDecoder: JSONDecoder
    /// Whether the sync should stop, asked between its phases.
    let isCancelled: () -> Bool
    /// Whether relationships are left out (see ``SyncPayloadTranslator/attributesOnly``).
    var attributesOnly = false

    private var entity: NSEntityDescription { scope.entity }
    private var operations: SyncOperations { scope.operations }

    /// Syncs the payload's elements, which it lets go as it translates them.
    func run(_ payload: SyncPayloadElements) throws -> SyncChanges {
        let context = session.context
        let (translator, translated, skipped) = try translate(payload)
        try stopIfCancelled()
        let mapping = try MappingRegistry.shared.syncDecodableType(for: entity, in: session.model)
        let admitted = try admit(consume translated, mapping: mapping)
        let insertedBefore = context.insertedObjects
        let updatedBefore = Set(context.updatedObjects.map(ObjectIdentifier.init))
        let objects = try decode(admitted.elements, mapping: mapping)
        try scope.attachToParent(objects)
        try fillKeylessToOnes(translator)
        try setTransformableValues(translator, leftOut: admitted.payloadKeys.subtracting(admitted.admittedKeys))
        if !attributesOnly { try validateGrootObjects(translator, insertedBefore: insertedBefore) }
        try stopIfCancelled()
        var changes = scope.changes(of: objects, insertedBefore: insertedBefore)
        changes.skipped = skipped
        let seen = Set(objects.map(ObjectIdentifier.init))
        // A stored object the payload names but the decode did not use is a duplicate of the one
        // it used; one the payload does not name, at the top or nested in a tree of the entity's
        // own objects, is deleted when deleting.
        let stored = admitted.stored
        let decodedKeys = Set(stored.filter { seen.contains(ObjectIdentifier($0.object)) }.map(\.key))
        let namedKeys = admitted.payloadKeys.union(translator.objectKeys[entity.codableName] ?? [])
        for (key, object) in stored where !seen.contains(ObjectIdentifier(object)) {
            guard decodedKeys.contains(key) || (!namedKeys.contains(key) && operations.contains(.delete)) else { continue }
            changes.deleted.append(object.objectID)
            context.delete(object)
        }
        if operations.contains(.deleteRelationships) { deleteOrphanedChildren(updatedBefore: updatedBefore, translator: translator) }
        try deleteUnmatchedReferences(translator: translator, insertedBefore: insertedBefore)
        return changes
    }

    /// The translated elements a sync decodes, and the keys and stored objects it reads after.
    private struct AdmittedElements {
        /// The elements ``SyncScope/operations`` lets in, which the decode lets go one by one.
        let elements: SyncPayloadElements
        /// The primary keys of every translated element.
        let payloadKeys: Set<ObjectIdentity>
        /// The primary keys of the elements let in.
        let admittedKeys: Set<ObjectIdentity>
        /// The stored objects, with their primary keys, that the payload names or, when deleting,
        /// that are in scope.
        let stored: [(key: ObjectIdentity, object: NSManagedObject)]
    }

    /// Fetches the stored objects of `translated` (one fetch), registers those the payload names in
    /// the session's identity table of `mapping`, and lets in the elements `operations` allows. It
    /// takes `translated` whole, so that the decode holds the only reference to each element.
    private func admit(_ translated: consuming [[String: Any]], mapping: DecodableType) throws -> AdmittedElements {
        // Every translated element has its identity: the translator drops those without one. An
        // entity without identity attributes (Groot's) inserts every element.
        guard !identityAttributes.isEmpty else {
            let elements = operations.contains(.insert) ? translated : []
            return AdmittedElements(elements: SyncPayloadElements(elements), payloadKeys: [], admittedKeys: [], stored: try storedObjects(keys: []))
        }
        let keyed: [(json: [String: Any], key: ObjectIdentity)] = translated.compactMap { element in
            let values = identityAttributes.compactMap { element[$0.name] }
            return values.count == identityAttributes.count
                ? SyncPayloadTranslator.identity(values, of: identityAttributes).map { (json: element, key: $0) } : nil
        }
        let payloadKeys = Set(keyed.map(\.key))
        let stored = try storedObjects(keys: payloadKeys)
        let byKey = stored.filter { payloadKeys.contains($0.key) }
        session.identities.table(for: mapping.mapping).register(found: byKey.map { ($0.key, $0.object) })
        let existing = Set(byKey.map(\.key))
        let admitted = keyed.filter { operations.contains(existing.contains($0.key) ? .update : .insert) }
        return AdmittedElements(
            elements: SyncPayloadElements(admitted.map(\.json)), payloadKeys: payloadKeys, admittedKeys: Set(admitted.map(\.key)), stored: stored
        )
    }

    /// The translation of the payload's elements, with the translator that holds what it met, and
    /// the positions of the elements it skipped. Each element is let go once translated.
    private func translate(_ payload: SyncPayloadElements) throws -> (SyncPayloadTranslator, [[String: Any]], skipped: [Int]) {
        var translator = SyncPayloadTranslator()
        translator.attributesOnly = attributesOnly
        translator.relationshipOperations = operations
        if !attributesOnly, !operations.isSuperset(of: [.insertRelationships, .updateRelationships]) {
            // Which nested objects are stored is asked of the keys the payload names only, which
            // a first translation collects.
            var collector = translator
            collector.collectedNestedKeys = [:]
            for index in 0..<payload.count {
                _ = try collector.translate(element: payload.element(at: index), at: index, of: entity)
            }
            translator.storedKeys = SyncStoredKeys(context: session.context, named: collector.collectedNestedKeys ?? [:])
        }
        var translated: [[String: Any]] = []
        translated.reserveCapacity(payload.count)
        var skipped: [Int] = []
        for index in 0..<payload.count {
            if let element = try translator.translate(element: payload.element(at: index), at: index, of: entity) {
                translated.append(element)
            } else {
                skipped.append(index)
            }
            payload.release(at: index)
        }
        return (translator, translated, skipped)
    }

    /// Updates the parent's current related object, or a new one, with each nested to-one the
    /// payload gives without a primary key, as Sync does.
    private func fillKeylessToOnes(_ translator: SyncPayloadTranslator) throws {
        for entry in translator.keylessToOne {
            guard let destination = entry.relationship.destinationEntity,
                  let parent = try syncedObject(of: entry.parentEntity, key: entry.parentKey)
            else { continue }
            let related: NSManagedObject
            if let current = parent.value(forKey: entry.relationship.name) as? NSManagedObject {
                related = current
            } else {
                let mapping = try MappingRegistry.shared.syncDecodableType(for: destination, in: session.model)
                related = try session.insert(mapping, identityValues: [], registered: nil)
            }
            try ObjectFill.fill(related, runningOwnHook: false, from: Self.engineDecoder(of: entry.values, for: callerDecoder, in: session.context))
            if parent.value(forKey: entry.relationship.name) as? NSManagedObject !== related {
                parent.setValue(related, forKey: entry.relationship.name)
            }
        }
    }

    /// Sets the payload's transformable values (which the import engine does not decode) on the
    /// objects it synced; the objects of the payload's elements that `operations` left out (the
    /// keys `leftOut`) keep theirs.
    private func setTransformableValues(
        _ translator: SyncPayloadTranslator, leftOut: Set<ObjectIdentity>
    ) throws {
        for entry in translator.transformableValues {
            guard let key = entry.key, !(entry.entity === entity && leftOut.contains(key)),
                  let object = try syncedObject(of: entry.entity, key: key)
            else { continue }
            entry.apply(to: object)
        }
    }

    /// Checks the objects the payload holds in full of the entities that map by Groot's keys
    /// (``GrootValidation``): those with a primary key by it, the others among the objects this
    /// sync inserted. A first pass without relationships is not checked: its second pass is.
    private func validateGrootObjects(_ translator: SyncPayloadTranslator, insertedBefore: Set<NSManagedObject>) throws {
        for (entity, keys) in translator.grootObjectKeys.values {
            for key in keys {
                if let object = try syncedObject(of: entity, key: key) { try GrootValidation.validate(object) }
            }
        }
        guard translator.hasKeylessGrootObjects else { return }
        let keys = translator.keys
        for object in session.context.insertedObjects where !insertedBefore.contains(object)
            && keys.mapsOnlyJSONKeyPaths(object.entity) && keys.identity(of: object.entity).isEmpty {
            try GrootValidation.validate(object)
        }
    }

    /// The object of `entity` with primary key `key` that this sync found or decoded, from the
    /// session's identity table of the entity, which holds every one of them by that key.
    private func syncedObject(of entity: NSEntityDescription, key: ObjectIdentity) throws -> NSManagedObject? {
        let mapping = try MappingRegistry.shared.syncDecodableType(for: entity, in: session.model).mapping
        return session.identities.table(for: mapping).existingObject(slot: nil, identity: key)
    }

    /// Throws `CancellationError` when the sync should stop: the session then undoes its work.
    private func stopIfCancelled() throws {
        if isCancelled() { throw CancellationError() }
    }

    /// The stored objects of the entity, with their identities, that the payload names or, when
    /// deleting, that are in scope: one fetch.
    private func storedObjects(keys: Set<ObjectIdentity>) throws -> [(key: ObjectIdentity, object: NSManagedObject)] {
        var conditions: [NSPredicate] = []
        if !identityAttributes.isEmpty { conditions.append(IdentityFetch.predicate(matching: keys, of: identityAttributes.map(\.name))) }
        if operations.contains(.delete) { conditions.append(try scope.deletionPredicate() ?? NSPredicate(value: true)) }
        guard !conditions.isEmpty else { return [] }
        let request = NSFetchRequest<NSManagedObject>(entityName: entity.codableName)
        request.predicate = conditions.count == 1 ? conditions[0] : NSCompoundPredicate(orPredicateWithSubpredicates: conditions)
        return try session.context.fetch(request).compactMap { object in
            object.identity(of: identityAttributes).map { ($0, object) }
        }
    }

    /// The decoder of `value`, part of the translated payload, into `context`, with `callerDecoder`'s
    /// user info.
    static func engineDecoder(of value: Any, for callerDecoder: JSONDecoder, in context: NSManagedObjectContext) -> TranslatedPayloadDecoder {
        TranslatedPayloadDecoder(value: value, codingPath: [], userInfo: engineUserInfo(for: callerDecoder, in: context))
    }

    /// `callerDecoder`'s user info, with `context` as the context to decode into.
    private static func engineUserInfo(for callerDecoder: JSONDecoder, in context: NSManagedObjectContext) -> [CodingUserInfoKey: Any] {
        var userInfo = callerDecoder.userInfo
        userInfo[.managedObjectContext] = JSONDecoder.userInfoValue(of: context)
        return userInfo
    }

    /// Decodes the translated elements with the import engine, in payload order, letting each go
    /// once read.
    private func decode(_ elements: SyncPayloadElements, mapping: DecodableType) throws -> [NSManagedObject] {
        let decoder = TranslatedPayloadDecoder(elements: elements, userInfo: Self.engineUserInfo(for: callerDecoder, in: session.context))
        return try ImportSession.decodeArray(from: decoder) { _ in .mapped(mapping) }
    }

    /// Deletes the stored objects this sync took out of a one-to-many relationship set by nested
    /// objects (a note its user's nested array no longer holds): the payload does not hold them,
    /// and their to-one back to the parent is now empty. `<name>_ids` only unlink.
    private func deleteOrphanedChildren(updatedBefore: Set<ObjectIdentifier>, translator: SyncPayloadTranslator) {
        let context = session.context
        context.processPendingChanges()
        for object in context.updatedObjects where !updatedBefore.contains(ObjectIdentifier(object)) {
            let identityAttributes = translator.keys.identity(of: object.entity)
            if !identityAttributes.isEmpty, let key = object.identity(of: identityAttributes),
               translator.objectKeys[object.entity.codableName]?.contains(key) == true {
                continue
            }
            let changed = object.changedValues()
            let orphaned = object.entity.properties.contains { property in
                guard let relationship = property as? NSRelationshipDescription, !relationship.isToMany,
                      let inverse = relationship.inverseRelationship, inverse.isToMany,
                      translator.nestedToMany.contains(ObjectIdentifier(inverse)), changed[relationship.name] != nil
                else { return false }
                return object.value(forKey: relationship.name) == nil
            }
            if orphaned { context.delete(object) }
        }
    }

    /// Deletes the objects inserted only for bare identifiers (`tag_ids`, `user_id`) that match no
    /// object, stored or in the payload: Sync ignores such identifiers. An entity that maps by
    /// Groot's keys keeps them, as Groot does: the object a later payload fills in. Only the identifiers the
    /// payload names as references and not as objects are looked at, in the session's identity
    /// tables: going through every inserted object made a first sync of 100k people 4% slower.
    private func deleteUnmatchedReferences(translator: SyncPayloadTranslator, insertedBefore: Set<NSManagedObject>) throws {
        for (entityName, references) in translator.referenceKeys {
            guard let entity = session.model.entitiesByName[entityName], !entity.mapsOnlyJSONKeyPaths else { continue }
            let named = translator.objectKeys[entityName] ?? []
            for key in references where !named.contains(key) {
                guard let object = try syncedObject(of: entity, key: key), object.isInserted, !insertedBefore.contains(object) else { continue }
                session.context.delete(object)
            }
        }
    }
}

extension ModelSync {
    /// The payload parsed (``JSONPayloadParser``); invalid JSON throws `DecodingError.dataCorrupted`.
    static func payload(from json: Data) throws -> Any {
        do {
            return try JSONPayloadParser.value(of: json)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The payload is not valid JSON.", underlyingError: error))
        }
    }

    /// Runs `body` in an import session of `context` whose entities decode by Sync's conventions:
    /// a failure undoes everything it did.
    static func run<Result>(in context: NSManagedObjectContext, _ body: (ImportSession) throws -> Result) throws -> Result {
        try ImportSession.run(in: context, modelConventions: true, body)
    }
}
