import Foundation

/// What the decode of one sync by entity name met, which the sync's deletions and checks read
/// once it is over: the objects made from JSON objects, those inserted for bare identifiers, and
/// the to-many relationships set by nested objects. The import engine keeps it as it makes
/// objects, while it is the session's ``ImportSession/ledger``.
final class SyncLedger {
    /// What the sync may do to nested objects, when it may not both insert and update them: a
    /// stored one it may not update is linked as it is, a new one it may not insert is left out.
    /// Bare identifiers always link. Nil when every nested object is made.
    let nestedAdmission: ElementAdmission?
    /// The objects made or updated from JSON objects, at any depth.
    private(set) var objectsInFull: Set<ObjectIdentifier> = []
    /// The objects inserted for a bare identifier, in entities that do not map by Groot's keys:
    /// those no JSON object fills are deleted (Sync ignores identifiers that match nothing).
    private(set) var insertedForIdentifiers: [NSManagedObject] = []
    /// The objects made from JSON objects of entities that map by Groot's keys, which
    /// ``GrootValidation`` checks.
    private(set) var grootObjects: [NSManagedObject] = []
    /// The to-many relationships set by their own key (nested objects), not by `<name>_ids`:
    /// children they drop are deleted, where identifiers only unlink.
    private(set) var toManySetByObjects: Set<ObjectIdentifier> = []

    init(operations: SyncOperations) {
        let inserts = operations.contains(.insertRelationships), updates = operations.contains(.updateRelationships)
        nestedAdmission = inserts && updates ? nil : ElementAdmission(inserts: inserts, updates: updates, linksBareIdentifiers: true)
    }

    /// Records `object`, made from `read`; `inserted` tells whether the decode inserted it.
    func recordMade(_ object: NSManagedObject, from read: ObjectRead, inserted: Bool) {
        let mapping = read.type.mapping
        if read.isBareIdentifier {
            if inserted, !mapping.mapsOnlyJSONKeyPaths { insertedForIdentifiers.append(object) }
            return
        }
        objectsInFull.insert(ObjectIdentifier(object))
        if mapping.mapsOnlyJSONKeyPaths { grootObjects.append(object) }
    }

    /// Records that the value of the relationship `property` was found under `key`: a to-many's
    /// under its own key, not an identifier key, sets it by objects.
    func noteFound(_ property: PropertyMapping, under key: JSONKey) {
        guard property.isToMany, let relationship = property.relationship, !property.identifierPaths.contains([key]) else { return }
        toManySetByObjects.insert(ObjectIdentifier(relationship))
    }

    /// Whether `object` was made or updated from a JSON object.
    func madeInFull(_ object: NSManagedObject) -> Bool {
        objectsInFull.contains(ObjectIdentifier(object))
    }
}
