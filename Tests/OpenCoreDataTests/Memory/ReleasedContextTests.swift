#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Apple's "Core Data Programming Guide", Memory Management (Reducing Memory Overhead): objects
// related to each other form strong reference cycles, and a context the app is done with is simply
// released — "relinquish ownership of the context and allow it to be deallocated normally" — without
// `reset()`: https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreData/Performance.html
// Managed objects do not keep their context alive (`managedObjectContext` is weak); once it is gone
// they can no longer load their values.

@Suite("Memory: a released context")
struct ReleasedContextTests {
    /// A person with a country and a tag, each relating back (`country.people`, `tag.people`), saved by
    /// a context of `stack`'s that is then released; what was tracked.
    private func saveRelatedObjectsAndReleaseTheContext(_ container: NSPersistentContainer) throws -> ReleaseTracker {
        let tracker = ReleaseTracker()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Ada"
            let country = Country(context: context)
            country.name = "England"
            person.country = country
            let tag = Tag(context: context)
            tag.name = "maths"
            person.tags = [tag]
            try context.save()
            tracker.track(person, as: "person")
            tracker.track(country, as: "country")
            tracker.track(tag, as: "tag")
        }
        tracker.track(context, as: "context")
        return tracker
    }

    @Test func savedObjectsRelatedInCyclesAreFreedWithTheirContextInMemory() throws {
        let stack = try TestStack()
        let tracker = try saveRelatedObjectsAndReleaseTheContext(stack.container)
        #expect(tracker.alive == [])
    }

    @Test func savedObjectsRelatedInCyclesAreFreedWithTheirContextInSQLite() throws {
        let container = try SQLiteTestSupport.container(at: nil, model: TestModel.shared)
        let tracker = try saveRelatedObjectsAndReleaseTheContext(container)
        #expect(tracker.alive == [])
    }

    @Test func unsavedObjectsRelatedInCyclesAreFreedWithTheirContext() throws {
        let stack = try TestStack()
        let tracker = ReleaseTracker()
        do {
            let context = stack.newContext()
            context.performAndWait {
                let person = Person(context: context)
                let country = Country(context: context)
                person.country = country
                tracker.track(person, as: "person")
                tracker.track(country, as: "country")
            }
            tracker.track(context, as: "context")
        }
        #expect(tracker.alive == [])
    }

    @Test func fetchedObjectsWithLoadedRelationshipsAreFreedWithTheirContext() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = try SQLiteTestSupport.container(at: directory.appendingPathComponent("people.sqlite"), model: TestModel.shared)
        _ = try saveRelatedObjectsAndReleaseTheContext(container)
        let tracker = ReleaseTracker()
        do {
            let reader = container.newBackgroundContext()
            try reader.performAndWait {
                let people: [Person] = try fetchAll("Person", in: reader)
                let person = try #require(people.first)
                let country = try #require(person.country)
                #expect(country.people.count == 1)
                #expect(person.tags.map(\.people.count) == [1])
                tracker.track(person, as: "person")
                tracker.track(country, as: "country")
            }
            tracker.track(reader, as: "context")
        }
        #expect(tracker.alive == [])
    }

    @Test func objectsWhoseCascadedDeletionWasSavedAreFreedWithTheirContext() throws {
        let stack = try TestStack()
        let tracker = ReleaseTracker()
        do {
            let context = stack.newContext()
            try context.performAndWait {
                let person = Person(context: context)
                let note = Note(context: context)
                person.notes = NSOrderedSet(array: [note])
                try context.save()
                context.delete(person)
                try context.save()
                tracker.track(person, as: "person")
                tracker.track(note, as: "note")
            }
            tracker.track(context, as: "context")
        }
        #expect(tracker.alive == [])
    }

    @Test func objectsOfAChildContextAreFreedWithIt() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let tracker = ReleaseTracker()
        do {
            let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            child.parent = parent
            try child.performAndWait {
                let person = Person(context: child)
                let country = Country(context: child)
                person.country = country
                try child.save()
                tracker.track(person, as: "person")
                tracker.track(country, as: "country")
            }
            tracker.track(child, as: "child")
        }
        #expect(tracker.alive == [])
        #expect(parent.performAndWait { parent.registeredObjects.count } == 2)
    }

    @Test func anObjectHeldAfterItsContextIsReleasedKeepsItsObjectID() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ada")
        let person = try {
            let context = stack.newContext()
            return try context.performAndWait { try context.existingObject(with: id) }
        }()
        #expect(person.objectID == id)
        #expect(person.managedObjectContext == nil)
        let reader = stack.newContext()
        let name = try reader.performAndWait { try reader.existingObject(with: person.objectID).value(forKey: "name") as? String }
        #expect(name == "Ada")
    }

    // OpenCoreData's deliberate difference "Programmer errors trap": an object of a released context
    // is a fault that cannot be loaded, and reading it stops the process saying what to keep alive.
    #if !canImport(CoreData)
    @Test func readingAnObjectWhoseContextIsGoneFailsSayingWhatToKeepAlive() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stack = try TestStack()
            let id = try stack.savedPerson(named: "Ada")
            let person: NSManagedObject = try {
                let context = stack.newContext()
                return try context.performAndWait { try context.existingObject(with: id) }
            }()
            _ = person.value(forKey: "name")
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("its context was released or reset"))
    }
    #endif
}
