import Foundation

extension NSManagedObjectContext {
    /// The objects (or IDs, dictionaries, count) that `request` describes.
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        try performAndWait {
            fetchCount += 1
            processPendingChanges()
            let plan = try plan(for: request)
            if request.resultType == .countResultType {
                return [NSNumber(value: try countObjects(plan, includesPendingChanges: request.includesPendingChanges))].compactMap { $0 as? T }
            }
            if request.resultType == .dictionaryResultType {
                return try dictionaries(plan, request: request).compactMap { $0 as? T }
            }
            let objects = try matchingObjects(plan, includesPendingChanges: request.includesPendingChanges)
            switch request.resultType {
            case .managedObjectIDResultType:
                return objects.compactMap { $0.objectID as? T }
            default:
                if !request.returnsObjectsAsFaults { objects.forEach { $0.fireFaultIfNeeded() } }
                if let keyPaths = request.relationshipKeyPathsForPrefetching, !keyPaths.isEmpty {
                    try prefetchToMany(keyPaths, of: objects)
                }
                // A cast per object costs a runtime type check: none is needed for the base class.
                if T.self == NSManagedObject.self { return unsafeBitCast(objects, to: [T].self) }
                return objects.compactMap { $0 as? T }
            }
        }
    }

    /// The number of objects `request` would return.
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        try performAndWait {
            fetchCount += 1
            processPendingChanges()
            return try countObjects(plan(for: request), includesPendingChanges: request.includesPendingChanges)
        }
    }

    // MARK: - Internals

    func plan<T>(for request: NSFetchRequest<T>) throws -> FetchPlan {
        guard let entity = request.entity ?? request.entityName.flatMap({ managedObjectModel?.entitiesByName[$0] }) else {
            throw CoreDataError.unknownEntity(request.entityName)
        }
        var plan = FetchPlan(
            entities: request.includesSubentities ? entity.layout.hierarchy : [entity],
            predicate: request.predicate,
            sortDescriptors: request.sortDescriptors ?? [],
            offset: max(0, request.fetchOffset),
            limit: max(0, request.fetchLimit)
        )
        plan.refreshesRegisteredObjects = request.shouldRefreshRefetchedObjects
        return plan
    }

    private func countObjects(_ plan: FetchPlan, includesPendingChanges: Bool) throws -> Int {
        let pending = includesPendingChanges && hasPendingChanges(in: plan.entities)
        if !pending, parentContext == nil, let coordinator = storeCoordinator {
            let total = try coordinator.countRows(plan.unbounded)
            let afterOffset = max(0, total - plan.offset)
            return plan.limit > 0 ? min(plan.limit, afterOffset) : afterOffset
        }
        return try matchingObjects(plan, includesPendingChanges: includesPendingChanges).count
    }

    /// The matching objects, registered in this context, sorted and bounded as the plan says.
    func matchingObjects(_ plan: FetchPlan, includesPendingChanges: Bool) throws -> [NSManagedObject] {
        let pending = includesPendingChanges && hasPendingChanges(in: plan.entities)
        if !pending {
            return try baseObjectIDs(plan, includesPendingChanges: false)
        }
        var objects = try baseObjectIDs(plan.unbounded, includesPendingChanges: true)
        if !plan.sortDescriptors.isEmpty {
            objects.forEach { $0.fireFaultIfNeeded() }
            objects = objects.sorted(byDescriptors: plan.sortDescriptors)
        }
        let start = min(plan.offset, objects.count)
        let end = plan.limit > 0 ? min(objects.count, start + plan.limit) : objects.count
        return Array(objects[start..<end])
    }

    /// The objects the layer below reports, with this context's pending changes merged when asked.
    private func baseObjectIDs(_ plan: FetchPlan, includesPendingChanges: Bool) throws -> [NSManagedObject] {
        var objects: [NSManagedObject]
        if let parent = parentContext {
            let ids = try parent.performAndWait {
                try parent.matchingObjects(plan, includesPendingChanges: includesPendingChanges).map(\.objectID)
            }
            objects = ids.map(registeredOrFault)
        } else if let coordinator = storeCoordinator {
            let rows = try coordinator.fetchRows(plan)
            registry.reserveCapacity(forMore: rows.count)
            objects = rows.map { materialize($0, refresh: plan.refreshesRegisteredObjects) }
        } else {
            objects = []
        }
        guard includesPendingChanges else { return objects }
        // Changed objects are tested in one pass, the predicate resolved once per entity's layout.
        let entities = plan.entities.map(ObjectIdentifier.init)
        let matchers = plan.entities.map { plan.predicate?.objectMatcher(for: $0.layout) }
        var hasChanged = false
        var matching: [NSManagedObject] = []
        for object in changedObjects.elements {
            guard let index = entities.firstIndex(of: ObjectIdentifier(object.entity)) else { continue }
            hasChanged = true
            if !object.isDeleted, matchers[index]?(object) ?? true { matching.append(object) }
        }
        guard hasChanged else { return objects }
        objects.removeAll { changedObjects.contains($0) }
        objects.append(contentsOf: matching)
        return objects
    }

    /// The registered object for a fetched row. A fault gets the row's values, and so does a loaded
    /// object without unsaved changes when the row is newer (so contexts see each other's saves on
    /// their next fetch); with `refresh`, an object with unsaved changes takes the newer stored values
    /// of the properties it did not change.
    private func materialize(_ row: StoredRow, refresh: Bool) -> NSManagedObject {
        let object = registeredOrFault(row.objectID)
        if object.isFault || (!object.hasChanges && object.rowVersion < row.snapshot.version) {
            apply(row.snapshot, to: object)
        } else if refresh, object.rowVersion < row.snapshot.version, !object.isInserted {
            self.refresh(object, mergeChanges: true)
        }
        return object
    }

    /// Loads the to-many relationships that `keyPaths` name (by their first component) of the
    /// loaded `objects` that have not loaded them yet: one store request per relationship and
    /// entity, where loading on first access costs one per object.
    private func prefetchToMany(_ keyPaths: [String], of objects: [NSManagedObject]) throws {
        guard parentContext == nil, let coordinator = storeCoordinator else { return }
        for name in Set(keyPaths.compactMap { $0.split(separator: ".").first.map(String.init) }) {
            var groups: [ObjectIdentifier: (slot: Int, isOrdered: Bool, objects: [NSManagedObject])] = [:]
            for object in objects where !object.isFault && !object.hasTemporaryObjectID {
                guard let slot = object.layout.slot(named: name), case .toMany(let isOrdered) = object.layout.kinds[slot],
                      object.slots[slot] == nil
                else { continue }
                groups[ObjectIdentifier(object.layout), default: (slot, isOrdered, [])].objects.append(object)
            }
            for group in groups.values {
                let related = try coordinator.relatedObjectIDs(of: group.objects.map(\.objectID), slot: group.slot)
                for (object, ids) in zip(group.objects, related) {
                    object.slots[group.slot] = toManyStorage(of: ids, isOrdered: group.isOrdered)
                }
            }
        }
    }

    /// Whether this context or an ancestor has unsaved changes to objects of `entities`.
    private func hasPendingChanges(in entities: [NSEntityDescription]) -> Bool {
        let wanted = Set(entities.map(ObjectIdentifier.init))
        if changedObjects.elements.contains(where: { wanted.contains(ObjectIdentifier($0.entity)) }) { return true }
        guard let parent = parentContext else { return false }
        return parent.performAndWait { parent.hasPendingChanges(in: entities) }
    }

    /// Dictionary results: the stored values of the matching rows, without the context's pending changes
    /// (as Core Data does for dictionary results).
    private func dictionaries<T>(_ plan: FetchPlan, request: NSFetchRequest<T>) throws -> [NSDictionary] {
        guard let coordinator = persistentStoreCoordinator else { return [] }
        var seen = Set<NSDictionary>()
        var result: [NSDictionary] = []
        for row in try coordinator.fetchRows(plan) {
            let layout = row.objectID.entity.layout
            let names: [String] = request.propertiesToFetch.map { properties in
                properties.compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
            } ?? layout.persistentAttributeSlots.map { layout.properties[$0].name }
            var values: [String: Any] = [:]
            for name in names {
                guard let slot = layout.slot(named: name), slot < row.snapshot.values.count else { continue }
                switch layout.kinds[slot] {
                case .attribute(let kind): values[name] = kind.publicValue(row.snapshot.values[slot])
                case .toOne: values[name] = row.snapshot.values[slot]
                case .toMany: continue
                }
            }
            let dictionary = NSDictionary(dictionary: values)
            if request.returnsDistinctResults {
                guard seen.insert(dictionary).inserted else { continue }
            }
            result.append(dictionary)
        }
        return result
    }
}
