#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// What a context sees of changes saved by another context on the same coordinator.

/// A saved person named "Original" and a context (`observer`) that has loaded it.
private func loadedPerson(in stack: TestStack, observer: NSManagedObjectContext) throws -> (NSManagedObjectID, Unchecked<Person>) {
    let id = try stack.savedPerson(named: "Original")
    let person = try observer.performAndWait {
        let person = try #require(try observer.existingObject(with: id) as? Person)
        #expect(person.name == "Original")
        return Unchecked(person)
    }
    return (id, person)
}

private func rename(_ id: NSManagedObjectID, to name: String, in stack: TestStack) throws {
    let writer = stack.newContext()
    try writer.performAndWait {
        let person = try #require(try writer.existingObject(with: id) as? Person)
        person.name = name
        try writer.save()
    }
}

@Suite("Contexts: changes saved elsewhere")
struct StalenessTests {
    #if canImport(CoreData)
    // NSFetchRequest.shouldRefreshRefetchedObjects: "By default when you fetch objects, they
    // maintain their current property values, even if the values in the persistent store have
    // changed."
    @Test func refetchingKeepsCurrentValuesByDefault() throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        try rename(id, to: "Changed elsewhere", in: stack)
        try observer.performAndWait {
            let fetched = try fetchAll("Person", as: Person.self, in: observer)
            #expect(fetched.first === person.value)
            let name = person.value.name
            #expect(name == "Original")
        }
    }
    #else
    // OpenCoreData (documented difference): a loaded object without unsaved changes takes the newer
    // stored values when it is fetched again, so contexts see each other's saves on their next fetch.
    @Test func refetchingRefreshesObjectsWithoutChanges() throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        try rename(id, to: "Changed elsewhere", in: stack)
        try observer.performAndWait {
            let fetched = try fetchAll("Person", as: Person.self, in: observer)
            #expect(fetched.first === person.value)
            let name = person.value.name
            #expect(name == "Changed elsewhere")
        }
    }
    #endif

    @Test func loadedObjectKeepsItsValuesWithoutMerging() throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        try rename(id, to: "Changed elsewhere", in: stack)
        observer.performAndWait {
            let name = person.value.name
            #expect(name == "Original")
        }
    }

    @Test func refreshPicksUpChangesSavedElsewhere() throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        try rename(id, to: "Changed elsewhere", in: stack)
        observer.performAndWait {
            observer.refresh(person.value, mergeChanges: false)
            #expect(person.value.name == "Changed elsewhere")
        }
    }

    @Test func automaticallyMergesChangesFromParent() async throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        observer.automaticallyMergesChangesFromParent = true
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        try rename(id, to: "Merged", in: stack)
        let box = Unchecked(observer)
        var name: String?
        for _ in 0..<50 {
            name = await box.value.perform { person.value.name }
            if name == "Merged" { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(name == "Merged")
    }

    // "refreshAllObjects ... refreshes all the objects in the context while preserving the unsaved
    // changes" (WWDC 2015 session 220).
    @Test func refreshAllObjectsKeepsUnsavedChanges() throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        try rename(id, to: "Changed elsewhere", in: stack)
        observer.performAndWait {
            person.value.age = 9
            observer.refreshAllObjects()
            #expect(person.value.age == 9)
            #expect(person.value.name == "Changed elsewhere")
            #expect(person.value.hasChanges)
        }
    }

    @Test func registeredObjectForID() throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        let (id, person) = try loadedPerson(in: stack, observer: observer)
        observer.performAndWait {
            #expect(observer.registeredObject(for: id) === person.value)
        }
        let other = stack.newContext()
        other.performAndWait {
            #expect(other.registeredObject(for: id) == nil)
        }
    }
}

@Suite("Fetching: dictionary results ignore pending changes")
struct DictionaryPendingChangesTests {
    // includesPendingChanges, Special Considerations: "A value of true is not supported in
    // conjunction with the result type dictionaryResultType ... For dictionaries, the array
    // returned from the fetch reflects the current state in the persistent store, and does not
    // take into account any pending changes, insertions, or deletions in the context."
    @Test func unsavedInsertIsNotInDictionaryResults() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            Person(context: context).name = "Saved"
            try context.save()
            Person(context: context).name = "Unsaved"
            let request = NSFetchRequest<NSDictionary>(entityName: "Person")
            request.resultType = .dictionaryResultType
            request.propertiesToFetch = ["name"]
            let names = try context.fetch(request).compactMap { $0["name"] as? String }
            #expect(names == ["Saved"])
        }
    }

    @Test func unsavedUpdateIsNotInDictionaryResults() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Saved"
            try context.save()
            person.name = "Unsaved"
            let request = NSFetchRequest<NSDictionary>(entityName: "Person")
            request.resultType = .dictionaryResultType
            request.propertiesToFetch = ["name"]
            let names = try context.fetch(request).compactMap { $0["name"] as? String }
            #expect(names == ["Saved"])
        }
    }
}
