import Foundation

/// The primary keys of the stored objects (pending inserts included) among those a payload's
/// nested objects name, fetched once per entity when first asked: a sync without
/// ``SyncOperations/insertRelationships`` or ``SyncOperations/updateRelationships`` tells by them
/// which nested objects are new.
///
/// Only the keys the payload names are fetched (`named`, collected by a first translation, see
/// ``SyncPayloadTranslator/collectedNestedKeys``): the cost depends on the payload, not on how
/// many objects the store holds.
final class SyncStoredKeys {
    private let context: NSManagedObjectContext
    private let named: [ObjectIdentifier: Set<ObjectIdentity>]
    private var keysByEntity: [ObjectIdentifier: Set<ObjectIdentity>] = [:]

    init(context: NSManagedObjectContext, named: [ObjectIdentifier: Set<ObjectIdentity>]) {
        self.context = context
        self.named = named
    }

    /// Whether an object of `entity` (or of a subentity) with the primary key `identity` is stored;
    /// false when the entity has no primary key.
    func contains(_ identity: ObjectIdentity, of entity: NSEntityDescription) throws -> Bool {
        let id = ObjectIdentifier(entity)
        if let known = keysByEntity[id] { return known.contains(identity) }
        let identityAttributes = entity.syncIdentityAttributes
        guard !identityAttributes.isEmpty, let keys = named[id], !keys.isEmpty else {
            keysByEntity[id] = []
            return false
        }
        let request = NSFetchRequest<NSManagedObject>(entityName: entity.codableName)
        request.predicate = IdentityFetch.predicate(matching: keys, of: identityAttributes.map(\.name))
        let found = Set(try context.fetch(request).compactMap { object in
            object.identity(of: identityAttributes)
        })
        keysByEntity[id] = found
        return found.contains(identity)
    }
}
