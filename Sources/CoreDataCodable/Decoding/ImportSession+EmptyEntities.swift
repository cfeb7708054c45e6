import Foundation

/// Empty entities: an import into entities that hold no objects yet (a first import) has nothing
/// to look up. It learns that once per entity, by a count request instead of the identity fetch,
/// and then makes each object of an array as soon as it is read, while its JSON is at hand,
/// instead of preparing the whole array first.
///
/// An entity is empty when the context has no object of it, saved or not, when the session first
/// meets it. Every object of it from then on is one the session inserted and registered under its
/// identity, so its identity table holds every object an identity can find. Entities are checked
/// until one holds objects; objects are then prepared for one fetch per entity as usual.
extension ImportSession {
    /// Whether the identities enqueued and not fetched yet need no fetch: every one is of an
    /// entity found empty now, whose identity table then holds every object, and leaves the queue.
    ///
    /// An entity already known to hold objects costs no request (see ``PopulatedEntities``); one
    /// the context has objects of costs none either. Any other costs one count request, at most
    /// once per process while it holds objects.
    func enqueuedIdentitiesNeedNoFetch() throws -> Bool {
        while let entry = pending.last {
            guard try holdsEveryObject(entry.mapping) else { return false }
            pending.removeLast()
        }
        return true
    }

    /// Whether the identity table of `mapping` holds every object its identities can find: the
    /// entity was found empty when first asked, which costs what ``enqueuedIdentitiesNeedNoFetch()`` says.
    func holdsEveryObject(_ mapping: EntityMapping) throws -> Bool {
        let table = identityTable(for: mapping)
        if table.holdsEveryObject { return true }
        guard try isEmpty(mapping) else { return false }
        table.holdsEveryObject = true
        return true
    }

    /// Whether the context has no object of `mapping`'s entity or its subentities, saved or not.
    private func isEmpty(_ mapping: EntityMapping) throws -> Bool {
        guard let coordinator = context.persistentStoreCoordinator else { return false }
        let populated = PopulatedEntities.shared
        guard !populated.contains(mapping.entityName, in: coordinator) else { return false }
        // Whatever the answer, the entity is about to hold objects: a later session must look them up.
        populated.insert(mapping.entityName, in: coordinator)
        let entity = mapping.entity
        if context.registeredObjects.contains(where: { $0.entity.isKindOf(entity: entity) }) { return false }
        let request = NSFetchRequest<NSManagedObject>(entityName: mapping.entityName)
        request.fetchLimit = 1
        return try context.count(for: request) == 0
    }
}
