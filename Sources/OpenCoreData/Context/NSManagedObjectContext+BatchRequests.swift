import Foundation

extension NSManagedObjectContext {
    /// Executes a batch request (`NSBatchDeleteRequest`, `NSBatchUpdateRequest` or `NSBatchInsertRequest`) in
    /// the stores of the context's coordinator, without loading objects, and returns its result
    /// (`NSBatchDeleteResult`, `NSBatchUpdateResult` or `NSBatchInsertResult`).
    ///
    /// The request bypasses every context: registered objects keep their values and unsaved changes until
    /// they are refreshed, or until the IDs the request returns (`resultTypeObjectIDs` and the like) are
    /// merged with `mergeChanges(fromRemoteContextSave:into:)`. Later fetches see the stores' new rows.
    /// Other requests fail with `NSCoreDataError`.
    public func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        try performAndWait {
            guard let coordinator = persistentStoreCoordinator else { throw CoreDataError.noPersistentStores }
            switch request {
            case let delete as NSBatchDeleteRequest:
                let outcome = try coordinator.executeBatchDelete(try plan(for: delete), affectedStores: delete.affectedStores)
                return NSBatchDeleteResult(result: outcome.result(rawKind: delete.resultType.rawValue), resultType: delete.resultType)
            case let update as NSBatchUpdateRequest:
                let outcome = try coordinator.executeBatchUpdate(try plan(for: update), affectedStores: update.affectedStores)
                return NSBatchUpdateResult(result: outcome.result(rawKind: update.resultType.rawValue), resultType: update.resultType)
            case let insert as NSBatchInsertRequest:
                let outcome = try coordinator.executeBatchInsert(try plan(for: insert), affectedStores: insert.affectedStores)
                return NSBatchInsertResult(result: outcome.result(rawKind: insert.resultType.rawValue), resultType: insert.resultType)
            default:
                throw CoreDataError.unsupportedRequest(request)
            }
        }
    }

    /// The entity named `name` in the coordinator's model.
    private func batchEntity(named name: String) throws -> NSEntityDescription {
        guard let entity = managedObjectModel?.entitiesByName[name] else { throw CoreDataError.unknownEntity(name) }
        return entity
    }

    private func plan(for request: NSBatchDeleteRequest) throws -> BatchDeletePlan {
        let wantsObjectIDs = request.resultType == .resultTypeObjectIDs
        guard let objectIDs = request.objectIDs else {
            return BatchDeletePlan(selection: .fetch(try plan(for: request.fetchRequest)), wantsObjectIDs: wantsObjectIDs)
        }
        if let first = objectIDs.first, objectIDs.contains(where: { $0.entity !== first.entity }) {
            throw CoreDataError.batchDeleteMixedEntities
        }
        return BatchDeletePlan(selection: .objectIDs(objectIDs.filter { !$0.isTemporaryID }), wantsObjectIDs: wantsObjectIDs)
    }

    private func plan(for request: NSBatchUpdateRequest) throws -> BatchUpdatePlan {
        let entity = try batchEntity(named: request.entityName)
        let layout = entity.layout
        var values: [(slot: Int, value: BatchUpdatePlan.Value)] = []
        for (key, given) in request.propertiesToUpdate ?? [:] {
            let (slot, kind) = try BatchValues.attribute(key.base, of: layout)
            guard let expression = given as? NSExpression else {
                values.append((slot, .constant(try BatchValues.storedValue(given, slot: slot, kind: kind, layout: layout))))
                continue
            }
            switch expression.expressionType {
            case .constantValue:
                values.append((slot, .constant(try BatchValues.storedValue(expression.constantValue, slot: slot, kind: kind, layout: layout))))
            case .keyPath:
                let source = try BatchValues.attribute(expression.keyPath, of: layout)
                guard BatchValues.storesAlike(source.kind, kind), layout.transformerNames[slot] == layout.transformerNames[source.slot] else {
                    throw CoreDataError.make(NSCoreDataError, "A batch update sets \(layout.properties[slot].name) from \(expression.keyPath) only when both attributes have the same type.")
                }
                values.append((slot, .attribute(slot: source.slot)))
            default:
                throw CoreDataError.make(NSCoreDataError, "A batch update value is a constant or the key path of an attribute, not \(expression).")
            }
        }
        let fetch = FetchPlan(entities: request.includesSubentities ? layout.hierarchy : [entity], predicate: request.predicate, sortDescriptors: [], offset: 0, limit: 0)
        return BatchUpdatePlan(fetch: fetch, values: values.sorted { $0.slot < $1.slot }, wantsObjectIDs: request.resultType == .updatedObjectIDsResultType)
    }

    private func plan(for request: NSBatchInsertRequest) throws -> BatchInsertPlan {
        let entity = try batchEntity(named: request.entityName)
        let layout = entity.layout
        var objects = try (request.objectsToInsert ?? []).map { try BatchValues.insertValues($0, layout: layout) }
        if let handler = request.dictionaryHandler {
            while true {
                let dictionary = NSMutableDictionary()
                if handler(dictionary) { break }
                var values: [String: Any] = [:]
                for (key, value) in dictionary { values["\(key)"] = value }
                objects.append(try BatchValues.insertValues(values, layout: layout))
            }
        }
        if let handler = request.managedObjectHandler {
            while true {
                let object = layout.objectClass.init(entity: entity, insertInto: nil)
                if handler(object) { break }
                var values: [String: Any] = [:]
                for slot in layout.persistentAttributeSlots {
                    let name = layout.properties[slot].name
                    if let value = object.value(forKey: name) { values[name] = value }
                }
                objects.append(try BatchValues.insertValues(values, layout: layout))
            }
        }
        return BatchInsertPlan(entity: entity, objects: objects, wantsObjectIDs: request.resultType == .objectIDs)
    }
}
