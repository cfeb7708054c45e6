#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Optimistic locking. NSMergePolicy: "A conflict can arise when you save a managed object context
// and you have stale data at another layer." "NSErrorMergePolicy is the default policy. It is the
// only policy that requires action to correct any conflicts. The other policies make a save go
// through silently by making changes that follow rules specific to that policy." (Merge Policies)
//
// Scenario: contexts A and B both load the same saved person; A changes and saves it; then B,
// holding a stale snapshot, changes and saves it.

/// A saved person ("Original", 1) and two contexts that have both loaded it.
private struct StaleScenario {
    let stack: TestStack
    let id: NSManagedObjectID
    let first: NSManagedObjectContext
    let second: NSManagedObjectContext

    init(secondPolicy: NSMergePolicy? = nil) throws {
        stack = try TestStack()
        let seed = stack.newContext()
        let stack = stack
        id = try seed.performAndWait {
            let person = Person(context: seed)
            person.name = "Original"
            person.age = 1
            try seed.save()
            return person.objectID
        }
        first = stack.newContext()
        second = stack.newContext()
        if let secondPolicy { second.mergePolicy = secondPolicy }
        let id = id
        for context in [first, second] {
            try context.performAndWait {
                let person = try #require(try context.existingObject(with: id) as? Person)
                #expect(person.name == "Original")  // the snapshot is loaded
            }
        }
    }

    /// A changes the person and saves.
    func firstSaves(_ change: (Person) -> Void) throws {
        let id = id
        let first = first
        try first.performAndWait {
            change(try #require(first.object(with: id) as? Person))
            try first.save()
        }
    }

    /// B changes its stale copy.
    func secondChanges(_ change: (Person) -> Void) throws {
        let id = id
        let second = second
        try second.performAndWait {
            change(try #require(second.object(with: id) as? Person))
        }
    }

    /// The saved values, read by a fresh context: "name|age".
    func stored() throws -> String {
        let reader = stack.newContext()
        let id = id
        return try reader.performAndWait {
            let person = try #require(try reader.existingObject(with: id) as? Person)
            return "\(person.name ?? "nil")|\(person.age)"
        }
    }
}

@Suite("Contexts: optimistic locking conflicts")
struct MergeConflictTests {
    @Test func staleSaveFailsWithTheDefaultPolicy() throws {
        let scenario = try StaleScenario()
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.name = "Second" }
        let error = scenario.second.performAndWait { saveError(scenario.second) }
        let failure = try #require(error)
        #expect(failure.domain == NSCocoaErrorDomain)
        #expect(failure.code == NSManagedObjectMergeError)
        #expect(failure.code == 133020)
        #expect(failure.userInfo[NSPersistentStoreSaveConflictsErrorKey] != nil)
        #expect(scenario.second.performAndWait { scenario.second.hasChanges })
        let stored = try scenario.stored()
        #expect(stored == "First|1")
    }

    @Test func staleSaveOfAnotherPropertyAlsoConflicts() throws {
        let scenario = try StaleScenario()
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.age = 2 }
        let error = scenario.second.performAndWait { saveError(scenario.second) }
        #expect(error?.code == 133020)
        let stored = try scenario.stored()
        #expect(stored == "First|1")
    }

    @Test func freshSnapshotDoesNotConflict() throws {
        let scenario = try StaleScenario()
        try scenario.firstSaves { $0.name = "First" }
        let late = scenario.stack.newContext()
        let id = scenario.id
        try late.performAndWait {
            let person = try #require(try late.existingObject(with: id) as? Person)
            person.age = 5
            try late.save()
        }
        let stored = try scenario.stored()
        #expect(stored == "First|5")
    }

    // refresh(_:mergeChanges: true) reloads the stored values and reapplies the local changes.
    @Test func refreshingWithMergeResolvesTheConflict() throws {
        let scenario = try StaleScenario()
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.age = 2 }
        let id = scenario.id
        let second = scenario.second
        try second.performAndWait {
            let person = second.object(with: id)
            second.refresh(person, mergeChanges: true)
            try second.save()
        }
        let stored = try scenario.stored()
        #expect(stored == "First|2")
    }

    // "by individual property, with in-memory changes trumping external changes"
    @Test func objectTrumpKeepsInMemoryValueOfTheSameProperty() throws {
        let scenario = try StaleScenario(secondPolicy: .mergeByPropertyObjectTrump)
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.name = "Second" }
        try scenario.second.performAndWait { try scenario.second.save() }
        let stored = try scenario.stored()
        #expect(stored == "Second|1")
    }

    @Test func objectTrumpKeepsExternalChangesOfOtherProperties() throws {
        let scenario = try StaleScenario(secondPolicy: .mergeByPropertyObjectTrump)
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.age = 2 }
        try scenario.second.performAndWait { try scenario.second.save() }
        let stored = try scenario.stored()
        #expect(stored == "First|2")
    }

    // "by individual property, with external changes trumping in-memory changes"
    @Test func storeTrumpKeepsExternalValueOfTheSameProperty() throws {
        let scenario = try StaleScenario(secondPolicy: .mergeByPropertyStoreTrump)
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges {
            $0.name = "Second"
            $0.age = 2
        }
        try scenario.second.performAndWait { try scenario.second.save() }
        let stored = try scenario.stored()
        #expect(stored == "First|2")
    }

    // "by saving the entire in-memory object to the persistent store"
    @Test func overwriteSavesTheWholeInMemoryObject() throws {
        let scenario = try StaleScenario(secondPolicy: .overwrite)
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.age = 2 }
        try scenario.second.performAndWait { try scenario.second.save() }
        let stored = try scenario.stored()
        #expect(stored == "Original|2")
    }

    // "by discarding unsaved changes"
    @Test func rollbackDiscardsTheInMemoryChanges() throws {
        let scenario = try StaleScenario(secondPolicy: .rollback)
        try scenario.firstSaves { $0.name = "First" }
        try scenario.secondChanges { $0.age = 2 }
        try scenario.second.performAndWait { try scenario.second.save() }
        let stored = try scenario.stored()
        #expect(stored == "First|1")
    }
}
