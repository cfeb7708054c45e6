import Foundation

/// Batch requests run through a store's rows: the in-memory store's engine, and the SQLite store's for
/// inserts (which it writes as a save, in one transaction).
extension NSPersistentStore {
    /// Deletes the rows `plan` selects, following the delete rules of their relationships, with one save.
    func deleteRowByRow(_ plan: BatchDeletePlan) throws -> BatchOutcome {
        var pending: [NSManagedObjectID] = switch plan.selection {
        case .fetch(let fetch): try fetchRows(fetch).map(\.objectID).reversed()
        case .objectIDs(let objectIDs): objectIDs.reversed()
        }
        var deleted: [NSManagedObjectID] = []
        var values: [NSManagedObjectID: [Any?]] = [:]
        // The selected rows, then the destinations of cascading relationships, until none is left.
        while let objectID = pending.popLast() {
            guard values[objectID] == nil, let row = try snapshot(for: objectID)?.values else { continue }
            deleted.append(objectID)
            values[objectID] = row
            let layout = objectID.entity.layout
            for slot in layout.relationshipSlots {
                guard let relationship = layout.properties[slot] as? NSRelationshipDescription else { continue }
                let destinations = Self.relatedIDs(row[slot])
                switch relationship.deleteRule {
                case .cascadeDeleteRule: pending.append(contentsOf: destinations.reversed())
                case .denyDeleteRule where !destinations.isEmpty: throw CoreDataError.batchDeleteDenied(relationship)
                default: break
                }
            }
        }
        // The inverse relationships of the rows that stay.
        var changed: [NSManagedObjectID: (values: [Any?], slots: Set<Int>)] = [:]
        for objectID in deleted {
            let layout = objectID.entity.layout
            for slot in layout.relationshipSlots {
                guard let relationship = layout.properties[slot] as? NSRelationshipDescription,
                      let inverse = relationship.inverseRelationship, let row = values[objectID]
                else { continue }
                for destination in Self.relatedIDs(row[slot]) where values[destination] == nil {
                    guard let inverseSlot = destination.entity.layout.slot(named: inverse.name),
                          var entry = try changed[destination] ?? snapshot(for: destination).map({ ($0.values, []) })
                    else { continue }
                    if var list = entry.values[inverseSlot] as? [NSManagedObjectID] {
                        list.removeAll { $0 == objectID }
                        entry.values[inverseSlot] = list
                    } else if relationship.deleteRule == .nullifyDeleteRule {
                        guard inverse.isOptional else { throw CoreDataError.batchDeleteRequiredInverse(inverse) }
                        entry.values[inverseSlot] = nil
                    } else {
                        continue
                    }
                    entry.slots.insert(inverseSlot)
                    changed[destination] = entry
                }
            }
        }
        var request = StoreSaveRequest()
        request.deleted = deleted
        request.updated = changed.map { .init(objectID: $0.key, values: $0.value.values, changedSlots: $0.value.slots.sorted()) }
        if !request.isEmpty { _ = try save(request) }
        return BatchOutcome(count: deleted.count, objectIDs: plan.wantsObjectIDs ? deleted : [])
    }

    /// The object IDs a relationship value holds (a to-one ID or a to-many list).
    private static func relatedIDs(_ value: Any?) -> [NSManagedObjectID] {
        if let list = value as? [NSManagedObjectID] { return list }
        return (value as? NSManagedObjectID).map { [$0] } ?? []
    }

    /// Sets the values `plan` gives in the rows it selects, with one save.
    func updateRowByRow(_ plan: BatchUpdatePlan) throws -> BatchOutcome {
        let rows = try fetchRows(plan.fetch)
        let slots = plan.values.map(\.slot)
        var request = StoreSaveRequest()
        for row in rows {
            var values = row.snapshot.values
            for (slot, value) in plan.values {
                switch value {
                case .constant(let constant): values[slot] = constant
                case .attribute(let source): values[slot] = row.snapshot.values[source]
                }
            }
            request.updated.append(.init(objectID: row.objectID, values: values, changedSlots: slots))
        }
        if !request.isEmpty { _ = try save(request) }
        return BatchOutcome(count: rows.count, objectIDs: plan.wantsObjectIDs ? rows.map(\.objectID) : [])
    }

    /// Inserts the objects `plan` gives, with one save. With uniqueness constraints, an object whose constrained
    /// values match a stored row, or an earlier object of the plan, updates it with its given values instead.
    func executeBatchInsert(_ plan: BatchInsertPlan) throws -> BatchOutcome {
        let layout = plan.entity.layout
        var targets = [NSManagedObjectID?](repeating: nil, count: plan.objects.count)
        // The earlier object of the plan that an object matches, when neither matches a stored row.
        var sameAs = [Int?](repeating: nil, count: plan.objects.count)
        for slots in layout.constraintSlots {
            let tuples = plan.objects.map { object in slots.map { object[$0] ?? layout.defaults[$0] } }
            let stored = try objectIDs(of: plan.entity, slots: slots, matchingEach: tuples)
            var earlier: [StoredValuesKey: Int] = [:]
            for (index, tuple) in tuples.enumerated() where targets[index] == nil && sameAs[index] == nil {
                if let match = stored.indices.contains(index) ? stored[index].first : nil {
                    targets[index] = match
                } else if let key = layout.storedValuesKey(tuple, slots: slots) {
                    if let first = earlier[key] { sameAs[index] = first } else { earlier[key] = index }
                }
            }
        }
        let newIndexes = plan.objects.indices.filter { targets[$0] == nil && sameAs[$0] == nil }
        let newIDs = try newObjectIDs(for: plan.entity, count: newIndexes.count)
        for (index, objectID) in zip(newIndexes, newIDs) { targets[index] = objectID }
        for index in plan.objects.indices { if let first = sameAs[index] { targets[index] = targets[first] } }
        // Objects matching the same row are written as one change, later values over earlier ones.
        let isNew = Set(newIDs)
        var entries: [NSManagedObjectID: (values: [Any?], slots: Set<Int>)] = [:]
        var written: [NSManagedObjectID] = []
        for (index, object) in plan.objects.enumerated() {
            guard let objectID = targets[index] else { continue }
            var entry = try entries[objectID] ?? (initialValues(layout, isNew: isNew.contains(objectID)), [])
            if entries[objectID] == nil { written.append(objectID) }
            for (slot, value) in object {
                entry.values[slot] = value
                entry.slots.insert(slot)
            }
            entries[objectID] = entry
        }
        var request = StoreSaveRequest()
        for objectID in written {
            guard let entry = entries[objectID] else { continue }
            if isNew.contains(objectID) {
                request.inserted.append(.init(objectID: objectID, values: entry.values, changedSlots: []))
            } else {
                request.updated.append(.init(objectID: objectID, values: entry.values, changedSlots: entry.slots.sorted()))
            }
        }
        if !request.isEmpty { _ = try save(request) }
        return BatchOutcome(count: written.count, objectIDs: plan.wantsObjectIDs ? written : [])
    }

    /// The values a written row starts from: the attributes' default values (in stored form) for a new row,
    /// nothing for a stored one, whose given values only are written.
    private func initialValues(_ layout: EntityLayout, isNew: Bool) throws -> [Any?] {
        guard isNew else { return [Any?](repeating: nil, count: layout.properties.count) }
        var values = layout.defaults
        for slot in layout.relationshipSlots { values[slot] = nil }
        for slot in layout.transformerNames.keys {
            values[slot] = try AttributeTransform.storedForm(of: values[slot], slot: slot, layout: layout)
        }
        return values
    }
}
