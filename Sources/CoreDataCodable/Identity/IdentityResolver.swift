import Foundation

/// Identity lookup for one import: the objects of each entity by identity, the identities still
/// to look up, and the one fetch per entity that finds them.
///
/// Identities are enqueued as their JSON is read (see ``RelatedObjectsPlanner``); ``fetchPending()``
/// looks up every identity enqueued since the last fetch, one request per entity, whatever the
/// payload's size. An entity found empty when the import first meets it needs no fetch at all:
/// every object of it is then one the import inserts (``pendingNeedNoFetch()``).
///
/// One import session uses it, on one thread: the properties read for every object skip dynamic
/// exclusivity checks.
final class IdentityResolver {
    private let context: NSManagedObjectContext
    /// The tables by entity name, shared by the types of one entity.
    @exclusivity(unchecked) private var tablesByEntity: [String: IdentityTable] = [:]
    /// The table of each mapping met, found by reference: a payload has a few mappings, and
    /// comparing references costs less than hashing an entity name for every object.
    @exclusivity(unchecked) private var tablesByMapping: [(mapping: EntityMapping, table: IdentityTable)] = []
    /// Identities met for the first time and not looked up yet, by mapping in the order first enqueued.
    private var pending: [(mapping: EntityMapping, identities: [ObjectIdentity])] = []
    /// The to-many properties, by index, that some JSON object of a mapping holds: the
    /// relationships the next fetch of its entity prefetches (see ``notePresentToMany(_:of:)``).
    private var presentToMany: [(mapping: EntityMapping, present: [Bool])] = []

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    /// The table of the objects of `mapping`'s entity by identity.
    func table(for mapping: EntityMapping) -> IdentityTable {
        for entry in tablesByMapping where entry.mapping === mapping { return entry.table }
        let table = tablesByEntity[mapping.entityName] ?? IdentityTable()
        tablesByEntity[mapping.entityName] = table
        tablesByMapping.append((mapping, table))
        return table
    }

    /// Gives `prepared` the slot of its identity in its entity's table, which making its object
    /// reads without hashing again. An identity met for the first time is enqueued for the next
    /// fetch, unless the table is complete.
    func enqueue(_ prepared: PreparedDecoder) {
        guard let identity = prepared.read.identity else { return }
        let mapping = prepared.type.mapping
        let table = table(for: mapping)
        prepared.slot = table.slot(for: identity) {
            if table.isComplete { return }
            if let index = pending.firstIndex(where: { $0.mapping === mapping }) {
                pending[index].identities.append(identity)
            } else {
                pending.append((mapping, [identity]))
            }
        }
    }

    /// Notes that the JSON of an object of `mapping` holds its to-many property at `index`.
    ///
    /// Objects found are compared with their JSON, to-many relationships included, so the fetch
    /// that finds them loads those relationships too (one request each, not one per object). Only
    /// the ones the payload holds: loading the others, such as a country's people when people name
    /// their country, would cost in proportion to the store, not to the payload.
    func notePresentToMany(_ index: Int, of mapping: EntityMapping) {
        if let position = presentToMany.firstIndex(where: { $0.mapping === mapping }) {
            presentToMany[position].present[index] = true
        } else {
            var present = [Bool](repeating: false, count: mapping.properties.count)
            present[index] = true
            presentToMany.append((mapping, present))
        }
    }

    /// Whether the identities enqueued and not fetched yet need no fetch: every one is of an entity
    /// whose table is complete, or found empty now, and leaves the queue.
    ///
    /// An entity already known to hold objects costs no request (see ``PopulatedEntities``), nor
    /// does one the context has objects of. Any other costs one count request, at most once per
    /// context while it holds objects.
    func pendingNeedNoFetch() throws -> Bool {
        while let entry = pending.last {
            guard try isComplete(entry.mapping) else { return false }
            pending.removeLast()
        }
        return true
    }

    /// Fetches, one request per entity, the objects of the identities enqueued and not looked up yet.
    func fetchPending() throws {
        for entry in takePending() {
            let prefetched = takePresentToMany(of: entry.mapping.entityName)
            let found = try IdentityFetch.objects(with: entry.identities, of: entry.mapping, prefetching: prefetched, in: context)
            table(for: entry.mapping).register(found: found)
        }
    }

    /// The identities enqueued, one entry per entity: mappings of one entity have theirs merged.
    private func takePending() -> [(mapping: EntityMapping, identities: [ObjectIdentity])] {
        defer { pending = [] }
        var merged: [(mapping: EntityMapping, identities: [ObjectIdentity])] = []
        for entry in pending {
            if let index = merged.firstIndex(where: { $0.mapping.entityName == entry.mapping.entityName }) {
                merged[index].identities += entry.identities
            } else {
                merged.append(entry)
            }
        }
        return merged
    }

    /// The names of the to-many relationships of `entityName` noted present since its last fetch.
    private func takePresentToMany(of entityName: String) -> [String] {
        var names: Set<String> = []
        presentToMany.removeAll { entry in
            guard entry.mapping.entityName == entityName else { return false }
            for (index, present) in entry.present.enumerated() where present { names.insert(entry.mapping.properties[index].name) }
            return true
        }
        return names.sorted()
    }

    /// Whether the table of `mapping` is complete: it is marked so when the entity is found empty.
    private func isComplete(_ mapping: EntityMapping) throws -> Bool {
        let table = table(for: mapping)
        if table.isComplete { return true }
        guard try isEmpty(mapping) else { return false }
        table.isComplete = true
        return true
    }

    /// Whether the context has no object of `mapping`'s entity or its subentities, saved or not.
    private func isEmpty(_ mapping: EntityMapping) throws -> Bool {
        guard context.persistentStoreCoordinator != nil else { return false }
        let populated = PopulatedEntities.of(context)
        guard !populated.contains(mapping.entityName) else { return false }
        // Whatever the answer, the entity is about to hold objects: a later import must look them up.
        populated.insert(mapping.entityName)
        let entity = mapping.entity
        if context.registeredObjects.contains(where: { $0.entity.isKindOf(entity: entity) }) { return false }
        let request = NSFetchRequest<NSManagedObject>(entityName: mapping.entityName)
        request.fetchLimit = 1
        return try context.count(for: request) == 0
    }
}
