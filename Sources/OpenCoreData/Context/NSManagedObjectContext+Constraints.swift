import Foundation

extension NSManagedObjectContext {
    /// Finds objects that share the values of a uniqueness constraint, with each other or with a saved
    /// row, and lets the merge policy resolve them (the error policy throws `NSManagedObjectConstraintMergeError`).
    ///
    /// Objects are grouped by constraint and values in one pass, and the stores are asked once per
    /// constraint for the rows holding any of the groups' values.
    func resolveConstraintConflicts() throws {
        guard let coordinator = storeCoordinator else { return }
        var grouping = ConstraintGrouping(capacity: changedObjects.count)
        for object in changedObjects.elements where !object.isDeleted && (object.isInserted || object.isUpdated) {
            grouping.add(object)
        }
        guard !grouping.groups.isEmpty else { return }
        var stored = [[NSManagedObjectID]](repeating: [], count: grouping.groups.count)
        for scope in grouping.scopes {
            let looked = scope.groups.filter { grouping.groups[$0].needsStoreLookup }
            guard !looked.isEmpty else { continue }
            let found = try coordinator.objectIDs(of: scope.entity, slots: scope.slots, matchingEach: looked.map { grouping.groups[$0].values })
            for (index, ids) in zip(looked, found) { stored[index] = ids }
        }
        let deletedIDs = Set(changedObjects.elements.filter(\.isDeleted).map(\.objectID))
        var conflicts: [NSConstraintConflict] = []
        for (group, candidates) in zip(grouping.groups, stored) {
            guard !group.others.isEmpty || !candidates.isEmpty else { continue }
            let objects = group.objects
            let others = candidates.filter { id in
                !deletedIDs.contains(id) && !objects.contains { $0.objectID.identifiesSameObject(as: id) }
            }
            guard objects.count > 1 || !others.isEmpty else { continue }
            let databaseObject = others.first.map(registeredOrFault)
            conflicts.append(NSConstraintConflict(
                constraint: grouping.scopes[group.scope].names,
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
}

/// The changed objects of a save grouped by uniqueness constraint (of one entity tree) and values.
private struct ConstraintGrouping {
    /// One constraint of one entity tree, and its groups.
    struct Scope {
        /// The first entity seen with the constraint, and the constraint's slots in it.
        let entity: NSEntityDescription
        let slots: [Int]
        let names: [String]
        var groups: [Int] = []
    }

    /// Objects sharing the values of one constraint, in the order they changed.
    ///
    /// Groups live while the save checks constraints, when the context's changed objects hold every
    /// object: the first one is not retained (one retain per object, on memory not touched since it
    /// changed, costs more than the rest of the grouping).
    struct Group {
        let scope: Int
        /// The first object, and the index of the constraint in its entity's layout.
        unowned(unsafe) let first: NSManagedObject
        let constraint: Int
        var others: [NSManagedObject] = []

        var objects: [NSManagedObject] { [first] + others }
        /// The constrained values, in the order of the scope's slots.
        var values: [Any?] { first.layout.constraintSlots[constraint].map { first.slots[$0] } }

        /// Whether the store may hold another object with these values. It cannot for a saved object
        /// alone in its group whose constrained values did not change: stores keep constrained
        /// values unique, so the only row holding them is the object's own.
        var needsStoreLookup: Bool {
            !others.isEmpty || first.isInserted || first.layout.constraintSlots[constraint].contains(where: first.changedSlots.contains)
        }
    }

    /// A group's identity: its scope and values.
    private struct GroupKey: Hashable {
        let scope: Int
        let values: StoredValuesKey
    }

    private(set) var scopes: [Scope] = []
    /// The groups, in the order their first object changed.
    private(set) var groups: [Group] = []
    private var groupIndexes: [GroupKey: Int]
    private var scopeIndexes: [ScopeKey: Int] = [:]
    private var scopesByLayout: [ObjectIdentifier: [Int]] = [:]

    private struct ScopeKey: Hashable {
        let root: ObjectIdentifier
        let names: [String]
    }

    /// A grouping for about `capacity` objects.
    init(capacity: Int) {
        groupIndexes = Dictionary(minimumCapacity: capacity)
        groups.reserveCapacity(capacity)
    }

    mutating func add(_ object: NSManagedObject) {
        let layout = object.layout
        guard !layout.constraintSlots.isEmpty else { return }
        let scopeNumbers = scopes(of: layout)
        for (constraint, scope) in scopeNumbers.enumerated() {
            guard let values = layout.storedValuesKey(of: object.slots, at: layout.constraintSlots[constraint]) else { continue }
            let key = GroupKey(scope: scope, values: values)
            if let index = groupIndexes[key] {
                groups[index].others.append(object)
            } else {
                groupIndexes[key] = groups.count
                scopes[scope].groups.append(groups.count)
                groups.append(Group(scope: scope, first: object, constraint: constraint))
            }
        }
    }

    /// The scope of each constraint of `layout`, made on first use.
    private mutating func scopes(of layout: EntityLayout) -> [Int] {
        if let known = scopesByLayout[ObjectIdentifier(layout)] { return known }
        let numbers = layout.constraintSlots.map { slots in
            let names = slots.map { layout.properties[$0].name }
            let key = ScopeKey(root: ObjectIdentifier(layout.rootEntity), names: names)
            if let index = scopeIndexes[key] { return index }
            scopeIndexes[key] = scopes.count
            scopes.append(Scope(entity: layout.entity, slots: slots, names: names))
            return scopes.count - 1
        }
        scopesByLayout[ObjectIdentifier(layout)] = numbers
        return numbers
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
        object.committedSlots = stored.map(NSManagedObject.copiedSlotValue)
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
                object.slots[slot] = NSManagedObject.copiedSlotValue(stored[slot])
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
