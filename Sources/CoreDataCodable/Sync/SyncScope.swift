import Foundation

/// What one sync may touch: the synced entity's objects in scope (the predicate's, within the
/// parent's related objects), and what it is allowed to do to them.
struct SyncScope {
    let context: NSManagedObjectContext
    let entity: NSEntityDescription
    let predicate: NSPredicate?
    let parent: NSManagedObject?
    let operations: SyncOperations

    /// The predicate of the objects deletion may reach; nil for every object of the entity.
    func deletionPredicate() throws -> NSPredicate? {
        var conditions: [NSPredicate] = []
        if let predicate { conditions.append(predicate) }
        if let parent {
            let relationship = try relationshipToParent(parent)
            conditions.append(NSPredicate(format: relationship.isToMany ? "ANY %K == %@" : "%K == %@", argumentArray: [relationship.name, parent]))
        }
        return conditions.isEmpty ? nil : NSCompoundPredicate(andPredicateWithSubpredicates: conditions)
    }

    /// Relates each synced object to the parent, if any.
    func attachToParent(_ objects: [NSManagedObject]) throws {
        guard let parent else { return }
        let relationship = try relationshipToParent(parent)
        for object in objects {
            if relationship.isToMany {
                object.mutableSetValue(forKey: relationship.name).add(parent)
            } else if object.value(forKey: relationship.name) as? NSManagedObject !== parent {
                object.setValue(parent, forKey: relationship.name)
            }
        }
    }

    /// The synced objects, once each in payload order, as inserted or updated: inserted when the
    /// sync inserted them (they were not in `insertedBefore`).
    func changes(of objects: [NSManagedObject], insertedBefore: Set<NSManagedObject>) -> SyncChanges {
        var changes = SyncChanges()
        var seen: Set<ObjectIdentifier> = []
        for object in objects where seen.insert(ObjectIdentifier(object)).inserted {
            if object.isInserted, !insertedBefore.contains(object) {
                changes.inserted.append(object.objectID)
            } else {
                changes.updated.append(object.objectID)
            }
        }
        return changes
    }

    /// The relationship of the entity whose destination is `parent`'s entity.
    private func relationshipToParent(_ parent: NSManagedObject) throws -> NSRelationshipDescription {
        let relationship = entity.properties.lazy.compactMap { $0 as? NSRelationshipDescription }.first { relationship in
            relationship.destinationEntity.map { parent.entity.isKindOf(entity: $0) } ?? false
        }
        guard let relationship else {
            throw CoreDataCodableError(.unrelatedSyncParent(entity: entity.codableName, parent: parent.entity.codableName))
        }
        return relationship
    }
}
