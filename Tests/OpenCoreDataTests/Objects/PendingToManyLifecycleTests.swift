#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Pending changes to unloaded to-many relationships through deletes, rollback, refresh, concurrent
// saves, failed saves and child contexts. Support (`PendingStack`, fetch helpers) is in
// PendingToManyTests.swift.

// MARK: - Deletes

@Suite("Pending to-many changes: delete rules")
struct PendingToManyDeleteTests {
    /// Saves, in `TestModel`'s delete-rule entities, owner `o` with items i1, i2 under `relationship`
    /// (and the matching inverse), owner `other` with x, i4 under it, and item `free` with no owner.
    private func seedOwners(_ stack: PendingStack, _ relationship: String) throws {
        try stack.seed { context throws in
            for (name, items) in [("o", ["i1", "i2"]), ("other", ["x", "i4"])] {
                let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
                owner.setValue(name, forKey: "name")
                for itemName in items {
                    let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                    item.setValue(itemName, forKey: "name")
                    owner.mutableSetValue(forKey: relationship).add(item)
                }
            }
            NSEntityDescription.insertNewObject(forEntityName: "Item", into: context).setValue("free", forKey: "name")
        }
    }

    private func owner(_ name: String, in context: NSManagedObjectContext) throws -> NSManagedObject {
        try fetchOne("Owner", "name", name, in: context)
    }

    private func item(_ name: String, in context: NSManagedObjectContext) throws -> NSManagedObject {
        try fetchOne("Item", "name", name, in: context)
    }

    private func newItem(_ name: String, in context: NSManagedObjectContext) -> NSManagedObject {
        let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
        item.setValue(name, forKey: "name")
        return item
    }

    private func allItemNames(in context: NSManagedObjectContext) throws -> [String] {
        try fetchAll("Item", in: context).compactMap { $0.value(forKey: "name") as? String }.sorted()
    }

    @Test(arguments: PendingStoreType.allCases)
    func deletingAChildRemovesItFromTheUnloadedToMany(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            context.delete(try fetchPerson("bob", in: context))
            context.processPendingChanges()
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(names(spain.people) == ["ana"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana"])
            #expect(try count("Person", in: context) == 3)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func deletingAMovedChildRemovesItFromBothUnloadedToManyRelationships(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let france = try fetchCountry("france", in: context)
            let bob = try fetchPerson("bob", in: context)
            bob.country = france
            context.delete(bob)
            context.processPendingChanges()
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(france.hasFault(forRelationshipNamed: "people"))
            #expect(names(spain.people) == ["ana"])
            #expect(names(france.people) == ["chloe"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana"])
            #expect(names(try fetchCountry("france", in: context).people) == ["chloe"])
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func deletingAPersonRemovesItFromAnUnloadedManyToMany(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let red = try fetchTag("red", in: context)
            context.delete(try fetchPerson("bob", in: context))
            context.processPendingChanges()
            #expect(red.hasFault(forRelationshipNamed: "people"))
            #expect(personNames(red.people) == ["ana"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana"])
            #expect(tagNames(try fetchPerson("ana", in: context).tags) == ["red"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func deletingAPendingChildBeforeTheSaveLeavesTheStoredOnes(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let carl = newPerson("carl", in: context)
            carl.country = spain
            context.delete(carl)
            context.processPendingChanges()
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(names(spain.people) == ["ana", "bob"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "bob"])
            #expect(try count("Person", in: context) == 4)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func cascadeDeletesStoredAndPendingChildrenButNotRemovedOnes(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedOwners(stack, "cascadeItems")
        try stack.read { context throws in
            let o = try owner("o", in: context)
            let other = try owner("other", in: context)
            newItem("i3", in: context).setValue(o, forKey: "cascadeOwner")
            try item("i4", in: context).setValue(o, forKey: "cascadeOwner")
            try item("free", in: context).setValue(o, forKey: "cascadeOwner")
            try item("i2", in: context).setValue(nil, forKey: "cascadeOwner")
            #expect(o.hasFault(forRelationshipNamed: "cascadeItems"))
            #expect(other.hasFault(forRelationshipNamed: "cascadeItems"))
            context.delete(o)
            context.processPendingChanges()
            let deleted = context.deletedObjects.compactMap { $0.value(forKey: "name") as? String }.sorted()
            #expect(deleted == ["free", "i1", "i4", "o"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(try allItemNames(in: context) == ["i2", "x"])
            #expect(try count("Owner", in: context) == 1)
            #expect(names(try owner("other", in: context).value(forKey: "cascadeItems")) == ["x"])
            #expect(try item("i2", in: context).value(forKey: "cascadeOwner") == nil)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func denyRefusesDeletingAParentWithOnlyAPendingChild(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seed { context throws in
            NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context).setValue("o", forKey: "name")
        }
        try stack.read { context throws in
            let o = try owner("o", in: context)
            newItem("i1", in: context).setValue(o, forKey: "denyOwner")
            #expect(o.hasFault(forRelationshipNamed: "denyItems"))
            context.delete(o)
            let error = saveError(context)
            #expect(error?.domain == NSCocoaErrorDomain)
            #expect(error?.code == NSValidationRelationshipDeniedDeleteError)
        }
        try stack.read { context throws in
            #expect(try count("Owner", in: context) == 1)
            #expect(try count("Item", in: context) == 0)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func denyRefusesDeletingAParentWithStoredChildren(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedOwners(stack, "denyItems")
        try stack.read { context throws in
            let o = try owner("o", in: context)
            newItem("i3", in: context).setValue(o, forKey: "denyOwner")
            try item("i1", in: context).setValue(nil, forKey: "denyOwner")
            #expect(o.hasFault(forRelationshipNamed: "denyItems"))
            context.delete(o)
            #expect(saveError(context)?.code == NSValidationRelationshipDeniedDeleteError)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func denyAllowsDeletingAParentWhoseChildrenAllLeftWhileUnloaded(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedOwners(stack, "denyItems")
        try stack.read { context throws in
            let o = try owner("o", in: context)
            let other = try owner("other", in: context)
            try item("i1", in: context).setValue(nil, forKey: "denyOwner")
            try item("i2", in: context).setValue(other, forKey: "denyOwner")
            #expect(o.hasFault(forRelationshipNamed: "denyItems"))
            context.delete(o)
            #expect(saveError(context) == nil)
        }
        try stack.read { context throws in
            #expect(try count("Owner", in: context) == 1)
            #expect(names(try owner("other", in: context).value(forKey: "denyItems")) == ["i2", "i4", "x"])
            #expect(try item("i1", in: context).value(forKey: "denyOwner") == nil)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func nullifyClearsStoredAndPendingChildren(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedOwners(stack, "nullifyItems")
        try stack.read { context throws in
            let o = try owner("o", in: context)
            newItem("i3", in: context).setValue(o, forKey: "nullifyOwner")
            try item("i4", in: context).setValue(o, forKey: "nullifyOwner")
            #expect(o.hasFault(forRelationshipNamed: "nullifyItems"))
            context.delete(o)
            try context.save()
        }
        try stack.read { context throws in
            #expect(try allItemNames(in: context) == ["free", "i1", "i2", "i3", "i4", "x"])
            let owned = try fetchAll("Item", in: context).filter { $0.value(forKey: "nullifyOwner") != nil }
            #expect(owned.compactMap { $0.value(forKey: "name") as? String }.sorted() == ["x"])
            #expect(names(try owner("other", in: context).value(forKey: "nullifyItems")) == ["x"])
        }
    }
}

// MARK: - Rollback and refresh

@Suite("Pending to-many changes: rollback and refresh")
struct PendingToManyRollbackRefreshTests {
    /// In a new context: a new Carl joins Spain, Bob moves to France, Chloe joins red, all while the
    /// to-many sides are not loaded.
    private func relate(in context: NSManagedObjectContext) throws -> (spain: Country, france: Country, red: Tag) {
        let spain = try fetchCountry("spain", in: context)
        let france = try fetchCountry("france", in: context)
        let red = try fetchTag("red", in: context)
        newPerson("carl", in: context).country = spain
        try fetchPerson("bob", in: context).country = france
        try fetchPerson("chloe", in: context).mutableSetValue(forKey: "tags").add(red)
        return (spain, france, red)
    }

    @Test(arguments: PendingStoreType.allCases)
    func rollbackReadsBackTheStoredObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let (spain, france, red) = try relate(in: context)
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            context.rollback()
            #expect(!context.hasChanges)
            #expect(!spain.hasChanges)
            #expect(!red.hasChanges)
            #expect(names(spain.people) == ["ana", "bob"])
            #expect(names(france.people) == ["chloe"])
            #expect(personNames(red.people) == ["ana", "bob"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func rollbackAfterReadingTheMergedRelationshipReadsBackTheStoredObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let (spain, _, red) = try relate(in: context)
            #expect(names(spain.people) == ["ana", "carl"])
            #expect(personNames(red.people) == ["ana", "bob", "chloe"])
            context.rollback()
            #expect(!context.hasChanges)
            #expect(names(spain.people) == ["ana", "bob"])
            #expect(personNames(red.people) == ["ana", "bob"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func rollbackThenSaveWritesNothing(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            _ = try relate(in: context)
            context.rollback()
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "bob"])
            #expect(names(try fetchCountry("france", in: context).people) == ["chloe"])
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana", "bob"])
            #expect(try count("Person", in: context) == 4)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func refreshMergingChangesKeepsThem(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let (spain, france, red) = try relate(in: context)
            for object in [spain, france, red] as [NSManagedObject] { context.refresh(object, mergeChanges: true) }
            #expect(spain.hasChanges)
            #expect(red.hasChanges)
            #expect(names(spain.people) == ["ana", "carl"])
            #expect(names(france.people) == ["bob", "chloe"])
            #expect(personNames(red.people) == ["ana", "bob", "chloe"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "carl"])
            #expect(names(try fetchCountry("france", in: context).people) == ["bob", "chloe"])
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana", "bob", "chloe"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func refreshMergingChangesAfterAnotherSaveGivesTheNewStoredObjectsAndThePendingOnes(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let context = stack.newContext()
        let spain = try context.performAndWait {
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            return Unchecked(spain)
        }.value
        try stack.seed { other throws in
            try fetchPerson("eve", in: other).country = try fetchCountry("spain", in: other)
        }
        context.performAndWait {
            context.refresh(spain, mergeChanges: true)
            #expect(names(spain.people) == ["ana", "bob", "carl", "eve"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func refreshWithoutMergingDropsThem(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let (spain, _, red) = try relate(in: context)
            context.refresh(spain, mergeChanges: false)
            context.refresh(red, mergeChanges: false)
            #expect(!spain.hasChanges)
            #expect(!red.hasChanges)
            #expect(!context.updatedObjects.contains(spain))
            #expect(names(spain.people) == ["ana", "bob"])
            #expect(personNames(red.people) == ["ana", "bob"])
        }
    }
}

// MARK: - Other contexts

@Suite("Pending to-many changes: other contexts")
struct PendingToManyContextTests {
    /// The merge policies that keep the changes of the saving context.
    enum KeepingPolicy: String, CaseIterable, Sendable {
        case objectTrump, storeTrump, overwrite

        var policy: NSMergePolicy {
            switch self {
            case .objectTrump: NSMergePolicy.mergeByPropertyObjectTrump
            case .storeTrump: NSMergePolicy.mergeByPropertyStoreTrump
            case .overwrite: NSMergePolicy.overwrite
            }
        }
    }

    /// Context A adds Carl to Spain (not loaded), B adds Dan and saves, then A saves.
    @Test(arguments: PendingStoreType.allCases, KeepingPolicy.allCases)
    func anotherContextSavingInBetweenKeepsBothAdditions(_ store: PendingStoreType, _ policy: KeepingPolicy) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let first = stack.newContext()
        let spain = try first.performAndWait {
            first.mergePolicy = policy.policy
            let spain = try fetchCountry("spain", in: first)
            newPerson("carl", in: first).country = spain
            return Unchecked(spain)
        }.value
        try stack.seed { second throws in
            newPerson("dan", in: second).country = try fetchCountry("spain", in: second)
        }
        try first.performAndWait {
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            try first.save()
        }
        try stack.read { third throws in
            #expect(names(try fetchCountry("spain", in: third).people) == ["ana", "bob", "carl", "dan"])
            #expect(try fetchPerson("carl", in: third).country?.name == "spain")
            #expect(try count("Person", in: third) == 6)
        }
    }

    /// The same with Spain's people loaded before Carl joins: a loaded relationship must read back as
    /// the pending changes do, each person in the set of the country it points to.
    @Test(arguments: PendingStoreType.allCases, KeepingPolicy.allCases)
    func anotherContextSavingInBetweenKeepsBothAdditionsWhenTheRelationshipWasLoaded(_ store: PendingStoreType, _ policy: KeepingPolicy) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let first = stack.newContext()
        try first.performAndWait {
            first.mergePolicy = policy.policy
            let spain = try fetchCountry("spain", in: first)
            #expect(spain.people.count == 2)
            newPerson("carl", in: first).country = spain
        }
        try stack.seed { second throws in
            newPerson("dan", in: second).country = try fetchCountry("spain", in: second)
        }
        try first.performAndWait { try first.save() }
        try stack.read { third throws in
            #expect(names(try fetchCountry("spain", in: third).people) == ["ana", "bob", "carl", "dan"])
            #expect(try fetchPerson("carl", in: third).country?.name == "spain")
            #expect(try fetchPerson("dan", in: third).country?.name == "spain")
        }
    }

    /// Relating a person updates Spain in both contexts, so under the default error policy the second
    /// save of Spain is a merge conflict, and nothing of it is written.
    @Test(arguments: PendingStoreType.allCases)
    func anotherContextSavingInBetweenIsAMergeConflictUnderTheErrorPolicy(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let first = stack.newContext()
        try first.performAndWait {
            newPerson("carl", in: first).country = try fetchCountry("spain", in: first)
        }
        try stack.seed { second throws in
            newPerson("dan", in: second).country = try fetchCountry("spain", in: second)
        }
        first.performAndWait {
            #expect(saveError(first)?.code == NSManagedObjectMergeError)
        }
        try stack.read { third throws in
            #expect(names(try fetchCountry("spain", in: third).people) == ["ana", "bob", "dan"])
        }
    }

    /// Context A adds Chloe to red and removes Ana, red's people unloaded or loaded first; B adds Eve
    /// and saves, then A saves. Either way each context's addition and removal is kept.
    @Test(arguments: PendingStoreType.allCases, [false, true])
    func anotherContextSavingInBetweenManyToMany(_ store: PendingStoreType, loadsRedFirst: Bool) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let first = stack.newContext()
        try first.performAndWait {
            first.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
            let red = try fetchTag("red", in: first)
            if loadsRedFirst { #expect(red.people.count == 2) }
            try fetchPerson("chloe", in: first).mutableSetValue(forKey: "tags").add(red)
            try fetchPerson("ana", in: first).mutableSetValue(forKey: "tags").remove(red)
        }
        try stack.seed { second throws in
            try fetchPerson("eve", in: second).mutableSetValue(forKey: "tags").add(try fetchTag("red", in: second))
        }
        try first.performAndWait { try first.save() }
        try stack.read { third throws in
            #expect(personNames(try fetchTag("red", in: third).people) == ["bob", "chloe", "eve"])
            #expect(tagNames(try fetchPerson("eve", in: third).tags) == ["red"])
            #expect(tagNames(try fetchPerson("ana", in: third).tags) == [])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func childContextPushesPendingChangesToItsParent(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let parent = stack.newContext()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let spain = try fetchCountry("spain", in: child)
            let france = try fetchCountry("france", in: child)
            let red = try fetchTag("red", in: child)
            newPerson("carl", in: child).country = spain
            try fetchPerson("bob", in: child).country = france
            try fetchPerson("chloe", in: child).tags.insert(red)
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(france.hasFault(forRelationshipNamed: "people"))
            #expect(red.hasFault(forRelationshipNamed: "people"))
            try child.save()
        }
        try parent.performAndWait {
            #expect(names(try fetchCountry("spain", in: parent).people) == ["ana", "carl"])
            #expect(names(try fetchCountry("france", in: parent).people) == ["bob", "chloe"])
            #expect(personNames(try fetchTag("red", in: parent).people) == ["ana", "bob", "chloe"])
            try parent.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "carl"])
            #expect(names(try fetchCountry("france", in: context).people) == ["bob", "chloe"])
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana", "bob", "chloe"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func childChangesJoinTheParentsOwnPendingChanges(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let parent = stack.newContext()
        let spain = try parent.performAndWait {
            let spain = try fetchCountry("spain", in: parent)
            newPerson("dan", in: parent).country = spain
            return Unchecked(spain)
        }.value
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let spain = try fetchCountry("spain", in: child)
            newPerson("carl", in: child).country = spain
            try fetchPerson("bob", in: child).country = nil
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            try child.save()
        }
        try parent.performAndWait {
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            try parent.save()
            #expect(names(spain.people) == ["ana", "carl", "dan"])
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "carl", "dan"])
            #expect(try fetchPerson("bob", in: context).country == nil)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func childReadsTheParentsPendingChanges(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let parent = stack.newContext()
        try parent.performAndWait {
            newPerson("dan", in: parent).country = try fetchCountry("spain", in: parent)
            try fetchPerson("ana", in: parent).country = nil
        }
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let spain = try fetchCountry("spain", in: child)
            #expect(names(spain.people) == ["bob", "dan"])
        }
    }
}

extension PendingToManyContextTests {
    @Test(arguments: PendingStoreType.allCases)
    func childContextPushesPendingOrderedAdditionsInOrder(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let parent = stack.newContext()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let ana = try fetchPerson("ana", in: child)
            let n4 = Note(context: child)
            n4.text = "n4"
            n4.person = ana
            try fetchNote("n3", in: child).person = ana
            try fetchNote("n1", in: child).person = nil
            #expect(ana.hasFault(forRelationshipNamed: "notes"))
            #expect(noteTexts(ana.notes) == ["n2", "n4", "n3"])
            try child.save()
        }
        try parent.performAndWait {
            #expect(noteTexts(try fetchPerson("ana", in: parent).notes) == ["n2", "n4", "n3"])
            try parent.save()
        }
        try stack.read { context throws in
            #expect(noteTexts(try fetchPerson("ana", in: context).notes) == ["n2", "n4", "n3"])
            #expect(noteTexts(try fetchPerson("bob", in: context).notes) == [])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func grandchildPendingChangesReachTheStoreThroughTwoSaves(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let parent = stack.newContext()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        let grandchild = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        grandchild.parent = child
        try grandchild.performAndWait {
            let spain = try fetchCountry("spain", in: grandchild)
            newPerson("carl", in: grandchild).country = spain
            try fetchPerson("ana", in: grandchild).country = nil
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            try grandchild.save()
        }
        try child.performAndWait { try child.save() }
        try parent.performAndWait { try parent.save() }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["bob", "carl"])
            #expect(try fetchPerson("ana", in: context).country == nil)
        }
    }

    // A child context's fetch returns faults. Relating one through `mutableSetValue(forKey:)` must
    // load it first; each case runs in a child process, as a failure stops the process.

    @Test func addingThroughTheMutableSetOfAFaultFetchedInAChildContext() async {
        await #expect(processExitsWith: .success) {
            let stack = try PendingStack(.inMemory)
            try stack.seedWorld()
            let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            child.parent = stack.newContext()
            let ok = try child.performAndWait {
                let red = try fetchTag("red", in: child)
                try fetchPerson("chloe", in: child).mutableSetValue(forKey: "tags").add(red)
                return red.hasFault(forRelationshipNamed: "people") && personNames(red.people) == ["ana", "bob", "chloe"]
            }
            if !ok { exit(1) }
        }
    }

    @Test func removingThroughTheMutableSetOfAFaultFetchedInAChildContext() async {
        await #expect(processExitsWith: .success) {
            let stack = try PendingStack(.inMemory)
            try stack.seedWorld()
            let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            child.parent = stack.newContext()
            let ok = try child.performAndWait {
                let red = try fetchTag("red", in: child)
                try fetchPerson("bob", in: child).mutableSetValue(forKey: "tags").remove(red)
                return red.hasFault(forRelationshipNamed: "people") && personNames(red.people) == ["ana"]
            }
            if !ok { exit(1) }
        }
    }
}

// MARK: - Failed saves

@Suite("Pending to-many changes: a failed save retried")
struct PendingToManyFailedSaveTests {
    /// In a new context: Carl joins Spain and red, Bob moves to France, note n4 goes to Ana; then
    /// an account without its mandatory email makes the save fail.
    @Test(arguments: PendingStoreType.allCases)
    func validationFailureThenRetryWritesTheChangesOnce(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let france = try fetchCountry("france", in: context)
            let red = try fetchTag("red", in: context)
            let ana = try fetchPerson("ana", in: context)
            let carl = newPerson("carl", in: context)
            carl.country = spain
            carl.tags = [red]
            try fetchPerson("bob", in: context).country = france
            let n4 = Note(context: context)
            n4.text = "n4"
            n4.person = ana
            let account = NSEntityDescription.insertNewObject(forEntityName: "Account", into: context)
            account.setValue("owner", forKey: "owner")

            let error = saveError(context)
            #expect(error?.code == NSValidationMissingMandatoryPropertyError)
            #expect(context.hasChanges)
            account.setValue("a@example.com", forKey: "email")
            try context.save()
            #expect(!context.hasChanges)
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "carl"])
            #expect(names(try fetchCountry("france", in: context).people) == ["bob", "chloe"])
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana", "bob", "carl"])
            #expect(noteTexts(try fetchPerson("ana", in: context).notes) == ["n1", "n2", "n4"])
            #expect(try count("Person", in: context) == 5)
            #expect(try count("Account", in: context) == 1)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func failedSaveLeavesTheRelationshipReadingAsBefore(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            NSEntityDescription.insertNewObject(forEntityName: "Account", into: context).setValue("owner", forKey: "owner")
            #expect(saveError(context) != nil)
            #expect(spain.hasChanges)
            #expect(names(spain.people) == ["ana", "bob", "carl"])
        }
    }

    /// `SQLiteTestSupport.model()`: owner `o` with item i1 (one-to-many), ranked r1 (ordered one-to-many),
    /// playlist t1 (ordered many-to-many); a duplicate owner named `o` makes the save fail.
    @Test(arguments: PendingStoreType.allCases)
    func constraintConflictThenRetryWritesTheChangesOnce(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store, model: SQLiteTestSupport.model())
        func insert(_ entity: String, _ key: String, _ value: String, in context: NSManagedObjectContext) -> NSManagedObject {
            let object = NSEntityDescription.insertNewObject(forEntityName: entity, into: context)
            object.setValue(value, forKey: key)
            return object
        }
        try stack.seed { context throws in
            let owner = insert("Owner", "name", "o", in: context)
            insert("Item", "string", "i1", in: context).setValue(owner, forKey: "owner")
            insert("Item", "string", "r1", in: context).setValue(owner, forKey: "rankedBy")
            insert("Tag", "label", "t1", in: context).mutableSetValue(forKey: "listedBy").add(owner)
        }
        try stack.read { context throws in
            let owner = try fetchOne("Owner", "name", "o", in: context)
            insert("Item", "string", "i2", in: context).setValue(owner, forKey: "owner")
            insert("Item", "string", "r2", in: context).setValue(owner, forKey: "rankedBy")
            insert("Tag", "label", "t2", in: context).mutableSetValue(forKey: "listedBy").add(owner)
            #expect(owner.hasFault(forRelationshipNamed: "items"))
            #expect(owner.hasFault(forRelationshipNamed: "playlist"))
            let duplicate = insert("Owner", "name", "o", in: context)

            let error = saveError(context)
            #expect(error?.code == NSManagedObjectConstraintMergeError)
            duplicate.setValue("p", forKey: "name")
            try context.save()
        }
        try stack.read { context throws in
            let owner = try fetchOne("Owner", "name", "o", in: context)
            #expect(names(owner.value(forKey: "items"), key: "string") == ["i1", "i2"])
            #expect(orderedNames(owner.value(forKey: "ranked"), key: "string") == ["r1", "r2"])
            #expect(orderedNames(owner.value(forKey: "playlist"), key: "label") == ["t1", "t2"])
            #expect(try count("Owner", in: context) == 2)
            #expect(try count("Item", in: context) == 4)
        }
    }
}

extension PendingToManyFailedSaveTests {
    /// Saves team `t` with members m1, m2 and team `u` with u1, u2, u3 (`TestModel`: 2 to 3 members).
    private func seedTeams(_ stack: PendingStack) throws {
        try stack.seed { context throws in
            for (name, members) in [("t", ["m1", "m2"]), ("u", ["u1", "u2", "u3"])] {
                let team = NSEntityDescription.insertNewObject(forEntityName: "Team", into: context)
                team.setValue(name, forKey: "name")
                for memberName in members {
                    let member = NSEntityDescription.insertNewObject(forEntityName: "Member", into: context)
                    member.setValue(memberName, forKey: "name")
                    member.setValue(team, forKey: "team")
                }
            }
        }
    }

    private func newMember(_ name: String, of team: NSManagedObject, in context: NSManagedObjectContext) -> NSManagedObject {
        let member = NSEntityDescription.insertNewObject(forEntityName: "Member", into: context)
        member.setValue(name, forKey: "name")
        member.setValue(team, forKey: "team")
        return member
    }

    private func memberNames(of team: String, in context: NSManagedObjectContext) throws -> [String] {
        names(try fetchOne("Team", "name", team, in: context).value(forKey: "members"))
    }

    @Test(arguments: PendingStoreType.allCases)
    func aPendingAdditionOverTheMaximumFailsValidationUntilUndone(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedTeams(stack)
        try stack.read { context throws in
            let u = try fetchOne("Team", "name", "u", in: context)
            let extra = newMember("u4", of: u, in: context)
            #expect(u.hasFault(forRelationshipNamed: "members"))
            #expect(saveError(context)?.code == NSValidationRelationshipExceedsMaximumCountError)
            context.delete(extra)
            try context.save()
        }
        try stack.read { context throws in
            #expect(try memberNames(of: "u", in: context) == ["u1", "u2", "u3"])
            #expect(try count("Member", in: context) == 5)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func pendingChangesOutsideTheCountsFailValidationUntilFixed(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedTeams(stack)
        try stack.read { context throws in
            let t = try fetchOne("Team", "name", "t", in: context)
            let u = try fetchOne("Team", "name", "u", in: context)
            try fetchOne("Member", "name", "u1", in: context).setValue(t, forKey: "team")
            try fetchOne("Member", "name", "u2", in: context).setValue(t, forKey: "team")
            #expect(t.hasFault(forRelationshipNamed: "members"))
            #expect(u.hasFault(forRelationshipNamed: "members"))
            #expect(saveError(context)?.code == NSValidationMultipleErrorsError)
            try fetchOne("Member", "name", "m1", in: context).setValue(u, forKey: "team")
            try context.save()
        }
        try stack.read { context throws in
            #expect(try memberNames(of: "t", in: context) == ["m2", "u1", "u2"])
            #expect(try memberNames(of: "u", in: context) == ["m1", "u3"])
        }
    }
}
