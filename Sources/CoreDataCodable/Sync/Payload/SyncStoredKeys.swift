import Foundation

/// The primary keys of the stored objects of related entities (pending inserts included), fetched
/// once per entity when first asked: a sync without ``SyncOperations/insertRelationships`` or
/// ``SyncOperations/updateRelationships`` tells by them which nested objects are new.
final class SyncStoredKeys {
    private let context: NSManagedObjectContext
    private var keysByEntity: [ObjectIdentifier: Set<ObjectIdentity>] = [:]

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    /// Whether an object of `entity` (or of a subentity) with the primary key `identity` is stored;
    /// false when the entity has no primary key.
    func contains(_ identity: ObjectIdentity, of entity: NSEntityDescription) throws -> Bool {
        let id = ObjectIdentifier(entity)
        if let known = keysByEntity[id] { return known.contains(identity) }
        let identityAttributes = entity.syncIdentityAttributes
        guard !identityAttributes.isEmpty else { return false }
        let request = NSFetchRequest<NSManagedObject>(entityName: entity.codableName)
        let found = Set(try context.fetch(request).compactMap { object in
            object.identity(of: identityAttributes)
        })
        keysByEntity[id] = found
        return found.contains(identity)
    }
}
