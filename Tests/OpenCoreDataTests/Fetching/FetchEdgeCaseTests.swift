#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Fetches that mix saved rows with unsaved changes, other result types, nested contexts.

private func seedNames(_ names: [String], in stack: TestStack) throws {
    let context = stack.newContext()
    try context.performAndWait {
        for name in names {
            Person(context: context).name = name
        }
        try context.save()
    }
}

@Suite("Fetching: unsaved updates")
struct FetchUnsavedUpdateTests {
    // includesPendingChanges: "the fetch will match against currently unsaved changes".
    @Test func predicateMatchesUnsavedValue() throws {
        let stack = try TestStack()
        try seedNames(["Ada", "Bob"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            let ada = try #require(try context.fetch(request).first)
            ada.name = "Eve"
            #expect(try context.fetch(request).isEmpty)
            request.predicate = NSPredicate(format: "name == %@", "Eve")
            #expect(try context.fetch(request) == [ada])
        }
    }

    @Test func sortUsesUnsavedValues() throws {
        let stack = try TestStack()
        try seedNames(["A", "B", "C"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            let first = try #require(try context.fetch(request).first)
            first.name = "Z"
            #expect(try context.fetch(request).map(\.name) == ["B", "C", "Z"])
        }
    }

    @Test func fetchWithoutPendingChangesReturnsRegisteredInstances() throws {
        let stack = try TestStack()
        try seedNames(["Ada"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let person = try #require(try fetchAll("Person", as: Person.self, in: context).first)
            person.name = "Changed"
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.includesPendingChanges = false
            let fetched = try context.fetch(request)
            #expect(fetched.count == 1)
            #expect(fetched.first === person)
            // Fetching does not discard the pending change.
            #expect(person.name == "Changed")
        }
    }

    @Test func countWithPredicateSeesUnsavedValues() throws {
        let stack = try TestStack()
        try seedNames(["Ada", "Ada", "Bob"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            #expect(try context.count(for: request) == 2)
            let bob = try #require(try fetchAll("Person", as: Person.self, in: context).first(where: { $0.name == "Bob" }))
            bob.name = "Ada"
            #expect(try context.count(for: request) == 3)
        }
    }
}

@Suite("Fetching: dictionaries")
struct FetchDictionaryTests {
    @Test func dictionaryResultTypeWithPropertiesToFetch() throws {
        let stack = try TestStack()
        try seedNames(["Ada", "Bob"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<NSDictionary>(entityName: "Person")
            request.resultType = .dictionaryResultType
            request.propertiesToFetch = ["name"]
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            let rows = try context.fetch(request)
            #expect(rows.count == 2)
            #expect(rows.first?["name"] as? String == "Ada")
            #expect(rows.first?.count == 1)
            #expect(rows.last?["name"] as? String == "Bob")
        }
    }
}

@Suite("Fetching: nested contexts")
struct FetchNestedContextTests {
    // A child context's fetches go through its parent, so they see the parent's unsaved objects.
    @Test func childSeesParentsUnsavedInserts() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        parent.performAndWait {
            Person(context: parent).name = "Pending in parent"
        }
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let people = try fetchAll("Person", as: Person.self, in: child)
            #expect(people.map(\.name) == ["Pending in parent"])
        }
    }

    @Test func childSeesParentsUnsavedUpdates() throws {
        let stack = try TestStack()
        try seedNames(["Saved"], in: stack)
        let parent = stack.newContext()
        try parent.performAndWait {
            let person = try #require(try fetchAll("Person", as: Person.self, in: parent).first)
            person.name = "Edited in parent"
        }
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let people = try fetchAll("Person", as: Person.self, in: child)
            #expect(people.map(\.name) == ["Edited in parent"])
        }
    }

    @Test func childDoesNotSeeParentsUnsavedDeletes() throws {
        let stack = try TestStack()
        try seedNames(["Saved"], in: stack)
        let parent = stack.newContext()
        try parent.performAndWait {
            let person = try #require(try fetchAll("Person", in: parent).first)
            parent.delete(person)
        }
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait { () throws -> Void in
            #expect(try count("Person", in: child) == 0)
        }
    }

    @Test func childRollbackLeavesParentAlone() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        parent.performAndWait {
            Person(context: parent).name = "Parent's"
        }
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        child.performAndWait {
            Person(context: child).name = "Child's"
            child.rollback()
        }
        try parent.performAndWait { () throws -> Void in
            #expect(parent.insertedObjects.count == 1)
            #expect(try fetchAll("Person", as: Person.self, in: parent).map(\.name) == ["Parent's"])
        }
    }

    @Test func grandchildSavePropagatesOneLevelAtATime() throws {
        let stack = try TestStack()
        let root = stack.newContext()
        let middle = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        middle.parent = root
        let leaf = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        leaf.parent = middle
        try leaf.performAndWait {
            Person(context: leaf).name = "Leaf"
            try leaf.save()
        }
        try middle.performAndWait { () throws -> Void in
            #expect(try count("Person", in: middle) == 1)
        }
        try root.performAndWait { () throws -> Void in
            #expect(root.hasChanges == false)
        }
        try middle.performAndWait { try middle.save() }
        try root.performAndWait {
            #expect(root.insertedObjects.count == 1)
            try root.save()
        }
        let outsider = stack.newContext()
        try outsider.performAndWait { () throws -> Void in
            #expect(try count("Person", in: outsider) == 1)
        }
    }
}

@Suite("Fetching: sort order of strings")
struct StringSortOrderTests {
    // NSSortDescriptor(key:ascending:) compares with compare(_:): a literal, case-sensitive
    // comparison, so uppercase letters sort before lowercase ones.
    @Test func stringSortIsCaseSensitive() throws {
        let stack = try TestStack()
        try seedNames(["b", "A", "a", "B"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            #expect(try context.fetch(request).map(\.name) == ["A", "B", "a", "b"])
        }
    }
}
