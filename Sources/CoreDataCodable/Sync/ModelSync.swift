import Foundation

/// One model-driven sync of a payload into an entity (Sync's `changes`), run in an import session
/// whose entities decode by the model's conventions (``EntityMapping/readsByConventions``).
///
/// 1. Each parsed element is read by the engine's reader, for its identity; elements without one
///    are skipped. One fetch finds the stored objects the payload names and, when deleting, those
///    in scope (the predicate and the parent's related objects); the found ones are registered in
///    the session's identity table, so the decode looks none of them up again.
/// 2. The import engine makes the objects of the elements `operations` lets in, each let go once
///    made: an update from its read of step 1, a new object from its element read again (keeping
///    every read until then cost a first sync of 100k people 30 MB of peak memory). Keys by the
///    conventions, coerced values, uniquing, nested objects, bare identifiers, smart updates and
///    undo are the engine's own. It records what the sync reads after in a ``SyncLedger``.
/// 3. Deletions come last, after everything that can throw: stored objects in scope the payload
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
    /// Whether relationships are left out: the first pass of a sync of several entities, which
    /// makes every object before any relationship is resolved.
    var attributesOnly = false

    private var entity: NSEntityDescription { scope.entity }
    private var operations: SyncOperations { scope.operations }

    /// Syncs the payload's elements, which it lets go as it reads them.
    func run(_ payload: SyncPayloadElements) throws -> SyncChanges {
        let context = session.context
        let type = try MappingRegistry.shared.syncDecodableType(for: entity, in: session.model, relationships: !attributesOnly)
        let userInfo = Self.engineUserInfo(for: callerDecoder, in: context)
        var admitted = try admit(payload, type: type, userInfo: userInfo)
        try stopIfCancelled()
        let insertedBefore = context.insertedObjects
        let updatedBefore = Set(context.updatedObjects.map(ObjectIdentifier.init))
        let ledger = SyncLedger(operations: operations)
        let objects = try decode(&admitted.elements, type: type, userInfo: userInfo, recordingIn: ledger)
        try scope.attachToParent(objects)
        if !attributesOnly {
            for object in ledger.grootObjects { try GrootValidation.validate(object) }
        }
        try stopIfCancelled()
        var changes = scope.changes(of: objects, insertedBefore: insertedBefore)
        changes.skipped = admitted.skipped
        let seen = Set(objects.map(ObjectIdentifier.init))
        // A stored object the payload names but the decode did not use is a duplicate of the one
        // it used; one the payload does not name, at the top or nested in a tree of the entity's
        // own objects, is deleted when deleting.
        let stored = admitted.stored
        let decodedKeys = Set(stored.filter { seen.contains(ObjectIdentifier($0.object)) }.map(\.key))
        for (key, object) in stored where !seen.contains(ObjectIdentifier(object)) {
            let isNamed = admitted.payloadKeys.contains(key) || ledger.madeInFull(object)
            guard decodedKeys.contains(key) || (!isNamed && operations.contains(.delete)) else { continue }
            changes.deleted.append(object.objectID)
            context.delete(object)
        }
        if operations.contains(.deleteRelationships) { deleteOrphanedChildren(updatedBefore: updatedBefore, ledger: ledger) }
        deleteUnmatchedReferences(ledger: ledger, insertedBefore: insertedBefore, elements: seen)
        return changes
    }

    /// An element a sync lets in: the read of one that updates a stored object, kept to make its
    /// object from, or the parsed element of a new one, read again then.
    private enum AdmittedElement {
        case read(ObjectRead)
        case parsed(Any, position: Int)
    }

    /// The elements a sync decodes, and what it reads after.
    private struct AdmittedElements {
        /// The elements ``SyncScope/operations`` lets in, which the decode lets go one by one.
        var elements: [AdmittedElement]
        /// The positions of the elements skipped for having no primary key.
        let skipped: [Int]
        /// The primary keys of every element.
        let payloadKeys: Set<ObjectIdentity>
        /// The stored objects, with their primary keys, that the payload names or, when deleting,
        /// that are in scope.
        let stored: [(key: ObjectIdentity, object: NSManagedObject)]
    }

    /// Reads each element (letting the payload's own copy go), fetches the stored objects
    /// the elements name (one fetch), registers them in the session's identity table of `type`, and
    /// lets in the elements `operations` allows. `null` elements and those without a primary key
    /// are skipped; an entity without identity attributes (Groot's) inserts every element.
    private func admit(_ payload: SyncPayloadElements, type: DecodableType, userInfo: [CodingUserInfoKey: Any]) throws -> AdmittedElements {
        var keyed: [(read: ObjectRead, json: Any, position: Int, key: ObjectIdentity?)] = []
        keyed.reserveCapacity(payload.count)
        var skipped: [Int] = []
        for index in 0..<payload.count {
            let element = payload.element(at: index)
            payload.release(at: index)
            if isNullValue(element) {
                skipped.append(index)
                continue
            }
            let read = try read(element, at: index, as: type, userInfo: userInfo)
            if read.lacksIdentity {
                skipped.append(index)
                continue
            }
            keyed.append((read, element, index, read.identity))
        }
        let payloadKeys = Set(keyed.compactMap(\.key))
        let stored = try storedObjects(keys: payloadKeys)
        let byKey = stored.filter { payloadKeys.contains($0.key) }
        session.identities.table(for: type.mapping).register(found: byKey.map { ($0.key, $0.object) })
        let existing = Set(byKey.map(\.key))
        var elements: [AdmittedElement] = []
        for entry in keyed {
            let updates = entry.key.map(existing.contains) == true
            guard operations.contains(updates ? .update : .insert) else { continue }
            elements.append(updates ? .read(entry.read) : .parsed(entry.json, position: entry.position))
        }
        return AdmittedElements(elements: elements, skipped: skipped, payloadKeys: payloadKeys, stored: stored)
    }

    /// The read of the parsed `element` at `position` in the payload: a JSON object or a bare
    /// identifier; an array throws `DecodingError.typeMismatch`.
    private func read(_ element: Any, at position: Int, as type: DecodableType, userInfo: [CodingUserInfoKey: Any]) throws -> ObjectRead {
        let decoder = ParsedPayloadDecoder(value: element, codingPath: [JSONKey(intValue: position)], userInfo: userInfo)
        guard jsonObject(element) != nil else {
            if element is [Any] {
                throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "Expected a JSON object for a \(entity.codableName)."
                ))
            }
            return try session.reader.read(decoder, as: type)
        }
        return try session.reader.read(objectIn: decoder, as: type)
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

    /// `callerDecoder`'s user info, with `context` as the context to decode into.
    static func engineUserInfo(for callerDecoder: JSONDecoder, in context: NSManagedObjectContext) -> [CodingUserInfoKey: Any] {
        var userInfo = callerDecoder.userInfo
        userInfo[.managedObjectContext] = JSONDecoder.userInfoValue(of: context)
        return userInfo
    }

    /// Makes the objects of the elements let in, with the import engine, in payload order, letting
    /// each go once made, with `ledger` as the session's for the while.
    private func decode(
        _ elements: inout [AdmittedElement], type: DecodableType, userInfo: [CodingUserInfoKey: Any], recordingIn ledger: SyncLedger
    ) throws -> [NSManagedObject] {
        let outer = session.ledger
        session.ledger = ledger
        defer { session.ledger = outer }
        let count = elements.count
        elements.reverse()
        return try session.undoingOnFailure { session in
            try session.decodeObjects(count: count, as: type) {
                switch elements.popLast() {
                case .read(let read)?: read
                case .parsed(let element, let position)?: try read(element, at: position, as: type, userInfo: userInfo)
                case nil: nil
                }
            }
        }
    }

    /// Deletes the stored objects this sync took out of a one-to-many relationship set by nested
    /// objects (a note its user's nested array no longer holds): the payload does not hold them,
    /// and their to-one back to the parent is now empty. `<name>_ids` only unlink.
    private func deleteOrphanedChildren(updatedBefore: Set<ObjectIdentifier>, ledger: SyncLedger) {
        let context = session.context
        context.processPendingChanges()
        for object in context.updatedObjects where !updatedBefore.contains(ObjectIdentifier(object)) && !ledger.madeInFull(object) {
            let changed = object.changedValues()
            let orphaned = object.entity.properties.contains { property in
                guard let relationship = property as? NSRelationshipDescription, !relationship.isToMany,
                      let inverse = relationship.inverseRelationship, inverse.isToMany,
                      ledger.toManySetByObjects.contains(ObjectIdentifier(inverse)), changed[relationship.name] != nil
                else { return false }
                return object.value(forKey: relationship.name) == nil
            }
            if orphaned { context.delete(object) }
        }
    }

    /// Deletes the objects inserted only for bare identifiers (`tag_ids`, `user_id`) that match no
    /// object, stored or in the payload: Sync ignores such identifiers. The payload's own elements
    /// (`elements`), bare identifiers included, are objects of the payload. An entity that maps by
    /// Groot's keys keeps them, as Groot does: the object a later payload fills in.
    private func deleteUnmatchedReferences(ledger: SyncLedger, insertedBefore: Set<NSManagedObject>, elements: Set<ObjectIdentifier>) {
        for object in ledger.insertedForIdentifiers where object.isInserted && !ledger.madeInFull(object)
            && !elements.contains(ObjectIdentifier(object)) && !insertedBefore.contains(object) {
            session.context.delete(object)
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
