import Foundation

extension NSManagedObjectContext {
    /// Finds objects that share the values of a uniqueness constraint, with each other or with a saved
    /// row, and lets the merge policy resolve them (the error policy throws `NSManagedObjectConstraintMergeError`).
    func resolveConstraintConflicts() throws {
        guard let coordinator = storeCoordinator else { return }
        var groups: [ConstraintKey: [NSManagedObject]] = [:]
        var order: [ConstraintKey] = []
        for object in changedObjects.elements where !object.isDeleted && (object.isInserted || object.isUpdated) {
            let layout = object.layout
            for slots in layout.constraintSlots {
                let values = slots.map { object.slots[$0] }
                guard values.allSatisfy({ $0 != nil }) else { continue }
                let key = ConstraintKey(root: ObjectIdentifier(layout.rootEntity), names: slots.map { layout.properties[$0].name }, values: values.map { $0 as? AnyHashable })
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(object)
            }
        }
        let deletedIDs = Set(changedObjects.elements.filter(\.isDeleted).map(\.objectID))
        var conflicts: [NSConstraintConflict] = []
        for key in order {
            guard let objects = groups[key], let sample = objects.first else { continue }
            let slots = key.names.compactMap { sample.layout.slotByName[$0] }
            let ownIDs = Set(objects.map(\.objectID))
            let stored = try coordinator.objectIDs(of: sample.entity, slots: slots, matching: slots.map { sample.slots[$0] })
                .filter { !ownIDs.contains($0) && !deletedIDs.contains($0) }
            guard objects.count > 1 || !stored.isEmpty else { continue }
            let databaseObject = stored.first.map(registeredOrFault)
            conflicts.append(NSConstraintConflict(
                constraint: key.names,
                database: databaseObject,
                databaseSnapshot: databaseObject?.committedValues(forKeys: nil),
                conflicting: objects,
                conflictingSnapshots: objects.map { $0.committedValues(forKeys: nil) }
            ))
        }
        guard !conflicts.isEmpty else { return }
        let policy = (mergePolicy as? NSMergePolicy) ?? .error
        try policy.resolve(constraintConflicts: conflicts)
    }

    /// The values of one uniqueness constraint of one entity tree.
    struct ConstraintKey: Hashable {
        let root: ObjectIdentifier
        let names: [String]
        let values: [AnyHashable?]
    }
}

/// How the merging policies resolve a uniqueness-constraint conflict.
enum ConstraintResolution {
    static func resolve(_ conflict: NSConstraintConflict, policy: NSMergePolicyType) {
        var objects = conflict.conflictingObjects
        guard let context = objects.first?.managedObjectContext else { return }
        if let database = conflict.databaseObject {
            let inserted = objects.filter(\.isInserted)
            for object in objects where !object.isInserted {
                resolveUpdated(object, against: database, policy: policy, in: context)
            }
            guard let survivor = inserted.first else { return }
            adopt(database, into: survivor, policy: policy, in: context)
            objects = inserted
        }
        guard let survivor = objects.first(where: { !$0.isInserted }) ?? objects.first else { return }
        for duplicate in objects where duplicate !== survivor {
            merge(duplicate, into: survivor, policy: policy, in: context)
        }
    }

    /// An inserted object takes over the saved row it collides with: it gets the row's object ID, and
    /// the row's values where the policy says the store wins (or where the object set nothing).
    private static func adopt(_ database: NSManagedObject, into object: NSManagedObject, policy: NSMergePolicyType, in context: NSManagedObjectContext) {
        database.fireFaultIfNeeded()
        let stored = database.isInserted ? database.slots : (database.committedSlots ?? database.slots)
        let rowID = database.objectID
        let rowVersion = database.rowVersion
        context.forget(database)
        let temporaryID = object.objectID
        object.objectID = rowID
        context.reregister(object, from: temporaryID)
        object.isInserted = false
        object.rowVersion = rowVersion
        object.committedSlots = stored.map { ($0 as? ToManyStorage)?.copy() ?? $0 }
        let explicitlySet = Set(object.changedSlots.slots)
        object.changedSlots.removeAll()
        for slot in object.slots.indices {
            let keepsObjectValue: Bool
            switch policy {
            case .mergeByPropertyObjectTrumpMergePolicyType: keepsObjectValue = explicitlySet.contains(slot)
            case .overwriteMergePolicyType: keepsObjectValue = true
            case .mergeByPropertyStoreTrumpMergePolicyType, .rollbackMergePolicyType, .errorMergePolicyType: keepsObjectValue = false
            }
            if keepsObjectValue {
                object.changedSlots.insert(slot)
            } else {
                object.slots[slot] = (stored[slot] as? ToManyStorage)?.copy() ?? stored[slot]
            }
        }
        context.objectDidChange(object)
    }

    /// A saved object changed into the values of another saved row: the in-memory winner deletes the row,
    /// the store winner undoes the change.
    private static func resolveUpdated(_ object: NSManagedObject, against database: NSManagedObject, policy: NSMergePolicyType, in context: NSManagedObjectContext) {
        switch policy {
        case .mergeByPropertyObjectTrumpMergePolicyType, .overwriteMergePolicyType:
            context.delete(database)
            context.processPendingChanges()
        case .mergeByPropertyStoreTrumpMergePolicyType, .rollbackMergePolicyType, .errorMergePolicyType:
            context.refresh(object, mergeChanges: false)
        }
    }

    /// Folds an in-memory duplicate into the survivor: its set values (when the object wins) and its
    /// relationships move over, then it leaves the context.
    private static func merge(_ duplicate: NSManagedObject, into survivor: NSManagedObject, policy: NSMergePolicyType, in context: NSManagedObjectContext) {
        let objectWins = policy == .mergeByPropertyObjectTrumpMergePolicyType || policy == .overwriteMergePolicyType
        for slot in duplicate.changedSlots.slots {
            switch duplicate.layout.kinds[slot] {
            case .attribute:
                if objectWins { survivor.recordChange(slot); survivor.slots[slot] = duplicate.slots[slot] }
            case .toOne:
                if let target = duplicate.slots[slot] as? NSManagedObject, objectWins || survivor.slots[slot] == nil {
                    duplicate.setToOne(slot, nil)
                    survivor.setToOne(slot, target)
                }
            case .toMany:
                for target in duplicate.relatedObjects(at: slot) {
                    duplicate.removeFromToMany(slot, target)
                    survivor.addToMany(slot, target)
                }
            }
        }
        if duplicate.isInserted {
            context.forget(duplicate)
            duplicate.isInserted = false
        } else {
            context.delete(duplicate)
            context.processPendingChanges()
        }
    }
}
