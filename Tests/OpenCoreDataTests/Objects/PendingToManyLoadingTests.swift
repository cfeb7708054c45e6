#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// What relating objects loads (nothing of an unloaded to-many relationship), what change tracking
// reports for pending changes, and what `reset()` frees. Support (`PendingStack`, fetch helpers) is in
// PendingToManyTests.swift.

/// The fetch and count requests `context` executed; nil where that is not known (Apple's Core Data).
private func executedFetches(_ context: NSManagedObjectContext) -> Int? {
    #if canImport(CoreData)
    return nil
    #else
    return context.executedFetchRequestCount
    #endif
}

// MARK: - Nothing is loaded

@Suite("Pending to-many changes: relating loads nothing")
struct PendingToManyLoadingTests {
    static let crowd = 50

    /// Saves country `big` with 50 people and tag `busy` on the same 50 people.
    private func seedCrowd(_ stack: PendingStack) throws {
        try stack.seed { context throws in
            let country = Country(context: context)
            country.name = "big"
            let tag = Tag(context: context)
            tag.name = "busy"
            for index in 0..<Self.crowd {
                let person = newPerson("p\(index)", in: context)
                person.country = country
                person.tags = [tag]
            }
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func settingTheToOneDoesNotLoadTheCountrysPeople(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedCrowd(stack)
        try stack.read { context throws in
            let country = try fetchCountry("big", in: context)
            #expect(context.registeredObjects.count == 1)
            let fetches = executedFetches(context)
            newPerson("new", in: context).country = country
            #expect(executedFetches(context) == fetches)
            #expect(country.hasFault(forRelationshipNamed: "people"))
            #expect(context.registeredObjects.count == 2)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func addingToAManyToManyDoesNotLoadTheTagsPeople(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedCrowd(stack)
        try stack.read { context throws in
            let tag = try fetchTag("busy", in: context)
            #expect(context.registeredObjects.count == 1)
            let fetches = executedFetches(context)
            newPerson("new", in: context).tags = [tag]
            #expect(executedFetches(context) == fetches)
            #expect(tag.hasFault(forRelationshipNamed: "people"))
            #expect(context.registeredObjects.count == 2)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func savingThePendingAdditionDoesNotLoadTheCountrysPeople(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedCrowd(stack)
        try stack.read { context throws in
            let country = try fetchCountry("big", in: context)
            let tag = try fetchTag("busy", in: context)
            let person = newPerson("new", in: context)
            person.country = country
            person.tags = [tag]
            try context.save()
            #expect(country.hasFault(forRelationshipNamed: "people"))
            #expect(tag.hasFault(forRelationshipNamed: "people"))
            #expect(context.registeredObjects.count == 3)
        }
        try stack.read { context throws in
            #expect(try fetchCountry("big", in: context).people.count == Self.crowd + 1)
            #expect(try fetchTag("busy", in: context).people.count == Self.crowd + 1)
        }
    }

    /// A country reached through a person's to-one is a fault; firing it to relate another person
    /// loads its values, not its people.
    @Test(arguments: PendingStoreType.allCases)
    func relatingToACountryReachedThroughAToOneDoesNotLoadItsPeople(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedCrowd(stack)
        try stack.read { context throws in
            let someone = try fetchPerson("p7", in: context)
            let country = try #require(someone.country)
            #expect(context.registeredObjects.count == 2)
            newPerson("new", in: context).country = country
            #expect(country.name == "big")
            #expect(country.hasFault(forRelationshipNamed: "people"))
            #expect(context.registeredObjects.count == 3)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func movingAPersonDoesNotLoadEitherCountrysPeople(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try seedCrowd(stack)
        try stack.seed { context throws in
            let other = Country(context: context)
            other.name = "other"
        }
        try stack.read { context throws in
            let big = try fetchCountry("big", in: context)
            let other = try fetchCountry("other", in: context)
            let someone = try fetchPerson("p7", in: context)
            #expect(context.registeredObjects.count == 3)
            someone.country = other
            #expect(big.hasFault(forRelationshipNamed: "people"))
            #expect(other.hasFault(forRelationshipNamed: "people"))
            #expect(context.registeredObjects.count == 3)
            #expect(big.people.count == Self.crowd - 1)
        }
    }
}

// MARK: - Change tracking

@Suite("Pending to-many changes: committed and changed values")
struct PendingToManyChangeTrackingTests {
    @Test(arguments: PendingStoreType.allCases)
    func committedValuesGiveTheStoredObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            try fetchPerson("bob", in: context).country = nil
            let committed = spain.committedValues(forKeys: ["people"])
            #expect(Array(committed.keys) == ["people"])
            #expect(names(committed["people"]) == ["ana", "bob"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func committedValuesStayTheStoredObjectsOnceTheRelationshipIsRead(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            #expect(names(spain.people) == ["ana", "bob", "carl"])
            #expect(names(spain.committedValues(forKeys: ["people"])["people"]) == ["ana", "bob"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func committedValuesOfAManyToManyGiveTheStoredObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let red = try fetchTag("red", in: context)
            try fetchPerson("chloe", in: context).mutableSetValue(forKey: "tags").add(red)
            #expect(names(red.committedValues(forKeys: ["people"])["people"]) == ["ana", "bob"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func changedValuesListTheRelationshipWithItsCurrentObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            try fetchPerson("bob", in: context).country = nil
            let changed = spain.changedValues()
            #expect(Array(changed.keys) == ["people"])
            #expect(names(changed["people"]) == ["ana", "carl"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func changedValuesAreEmptyAfterTheSave(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            try context.save()
            #expect(spain.changedValues().isEmpty)
            #expect(!spain.hasChanges)
            #expect(names(spain.committedValues(forKeys: ["people"])["people"]) == ["ana", "bob", "carl"])
        }
    }
}

// MARK: - reset()

/// A weak reference to an object.
final class WeakObject: @unchecked Sendable {
    weak var object: NSManagedObject?
    init(_ object: NSManagedObject) { self.object = object }
}

@Suite("Pending to-many changes: reset frees related objects")
struct PendingToManyResetTests {
    /// Fetches Ana, reads her country and its people (each refers to the other), and returns weak
    /// references to Ana and Spain; no strong reference outlives the call.
    private func loadRelated(in context: NSManagedObjectContext) throws -> (ana: WeakObject, spain: WeakObject) {
        try context.performAndWait {
            let ana = try fetchPerson("ana", in: context)
            let spain = try #require(ana.country)
            #expect(names(spain.people) == ["ana", "bob"])
            #expect(!spain.hasFault(forRelationshipNamed: "people"))
            return (WeakObject(ana), WeakObject(spain))
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func resetFreesObjectsThatReferToEachOther(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let context = stack.newContext()
        let (ana, spain) = try loadRelated(in: context)
        #expect(ana.object != nil)
        #expect(spain.object != nil)
        context.performAndWait { context.reset() }
        #expect(ana.object == nil)
        #expect(spain.object == nil)
    }

    // Found by fuzzing with LeakSanitizer (Fuzz/): rollback() forgot inserted objects with their values.
    @Test func rollbackFreesInsertedObjectsThatReferToEachOther() throws {
        let stack = try PendingStack(.inMemory)
        let context = stack.newContext()
        let (carl, narnia) = context.performAndWait {
            let narnia = Country(context: context)
            narnia.name = "narnia"
            let carl = newPerson("carl", in: context)
            carl.country = narnia
            return (WeakObject(carl), WeakObject(narnia))
        }
        #expect(carl.object != nil)
        context.performAndWait { context.rollback() }
        #expect(carl.object == nil)
        #expect(narnia.object == nil)
    }

    @Test(arguments: PendingStoreType.allCases)
    func resetFreesObjectsWithPendingChanges(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let context = stack.newContext()
        let (carl, spain) = try context.performAndWait {
            let spain = try fetchCountry("spain", in: context)
            let carl = newPerson("carl", in: context)
            carl.country = spain
            return (WeakObject(carl), WeakObject(spain))
        }
        #expect(carl.object != nil)
        context.performAndWait { context.reset() }
        #expect(carl.object == nil)
        #expect(spain.object == nil)
    }

    @Test(arguments: PendingStoreType.allCases)
    func objectsKeptAcrossResetAreFaults(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let context = stack.newContext()
        let ana = try context.performAndWait {
            let ana = try fetchPerson("ana", in: context)
            _ = ana.country?.people
            return Unchecked(ana)
        }.value
        context.performAndWait { context.reset() }
        #expect(ana.isFault)
        #expect(ana.managedObjectContext == nil)
        #expect(context.registeredObjects.isEmpty)
    }

    @Test(arguments: PendingStoreType.allCases)
    func afterResetTheStoreStillHoldsTheSavedObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        let context = stack.newContext()
        _ = try loadRelated(in: context)
        try context.performAndWait {
            context.reset()
            let spain = try fetchCountry("spain", in: context)
            #expect(names(spain.people) == ["ana", "bob"])
        }
    }
}
