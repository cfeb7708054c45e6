#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSFetchRequest and NSManagedObjectContext.fetch(_:) / count(for:), without predicates.

/// Saves people named `names`, with ages 10, 20, 30... in list order.
private func seedPeople(_ names: [String], in stack: TestStack) throws {
    let context = stack.newContext()
    try context.performAndWait {
        for (index, name) in names.enumerated() {
            let person = Person(context: context)
            person.name = name
            person.age = Int64((index + 1) * 10)
        }
        try context.save()
    }
}

/// Sorts `request` by name (built in place: `NSSortDescriptor` is only spelled in expressions).
private func sortByName<T>(_ request: NSFetchRequest<T>, ascending: Bool = true) {
    request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: ascending)]
}

@Suite("Fetching: request defaults")
struct FetchRequestDefaultTests {
    @Test func defaults() {
        let request = NSFetchRequest<Person>(entityName: "Person")
        #expect(request.entityName == "Person")
        #expect(request.predicate == nil)
        #expect(request.sortDescriptors == nil)
        #expect(request.fetchLimit == 0)
        #expect(request.fetchOffset == 0)
        #expect(request.fetchBatchSize == 0)
        // "The default value is true." (includesPendingChanges)
        #expect(request.includesPendingChanges == true)
        #expect(request.returnsObjectsAsFaults == true)
        #expect(request.includesSubentities == true)
        // "The default value is managedObjectResultType." (resultType)
        #expect(request.resultType == .managedObjectResultType)
    }

    @Test func generatedFetchRequest() {
        let request: NSFetchRequest<Person> = Person.fetchRequest()
        #expect(request.entityName == "Person")
    }

    @Test func settingProperties() {
        let request = NSFetchRequest<Person>(entityName: "Person")
        request.fetchLimit = 5
        request.fetchOffset = 2
        request.fetchBatchSize = 10
        request.includesPendingChanges = false
        request.returnsObjectsAsFaults = false
        sortByName(request)
        #expect(request.fetchLimit == 5)
        #expect(request.fetchOffset == 2)
        #expect(request.fetchBatchSize == 10)
        #expect(request.includesPendingChanges == false)
        #expect(request.returnsObjectsAsFaults == false)
        #expect(request.sortDescriptors?.count == 1)
        #expect(request.sortDescriptors?.first?.key == "name")
        #expect(request.sortDescriptors?.first?.ascending == true)
    }
}

@Suite("Fetching: results")
struct FetchResultTests {
    @Test func fetchOnEmptyStoreIsEmpty() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            #expect(try fetchAll("Person", in: context).isEmpty)
            #expect(try count("Person", in: context) == 0)
        }
    }

    @Test func fetchReturnsEveryObjectOfTheEntity() throws {
        let stack = try TestStack()
        try seedPeople(["Ada", "Bob", "Cy"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let people = try context.fetch(NSFetchRequest<Person>(entityName: "Person"))
            #expect(people.count == 3)
            #expect(Set(people.compactMap(\.name)) == ["Ada", "Bob", "Cy"])
        }
    }

    @Test func fetchWithEntityInsteadOfName() throws {
        let stack = try TestStack()
        try seedPeople(["Ada"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>()
            request.entity = TestModel.shared.entitiesByName["Person"]
            let people = try context.fetch(request)
            #expect(people.count == 1)
        }
    }

    @Test func generatedFetchRequestFetches() throws {
        let stack = try TestStack()
        try seedPeople(["Ada", "Bob"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request: NSFetchRequest<Person> = Person.fetchRequest()
            sortByName(request)
            #expect(try context.fetch(request).map(\.name) == ["Ada", "Bob"])
        }
    }

    @Test func sortAscending() throws {
        let stack = try TestStack()
        try seedPeople(["Cy", "Ada", "Bob"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            #expect(try context.fetch(request).map(\.name) == ["Ada", "Bob", "Cy"])
        }
    }

    @Test func sortDescending() throws {
        let stack = try TestStack()
        try seedPeople(["Cy", "Ada", "Bob"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request, ascending: false)
            #expect(try context.fetch(request).map(\.name) == ["Cy", "Bob", "Ada"])
        }
    }

    @Test func sortByNumberAttribute() throws {
        let stack = try TestStack()
        try seedPeople(["Cy", "Ada", "Bob"], in: stack)  // ages 10, 20, 30
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.sortDescriptors = [NSSortDescriptor(key: "age", ascending: false)]
            #expect(try context.fetch(request).map(\.age) == [30, 20, 10])
        }
    }

    @Test func secondarySortDescriptor() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            for (name, age) in [("b", 2), ("a", 2), ("c", 1)] {
                let person = Person(context: context)
                person.name = name
                person.age = Int64(age)
            }
            try context.save()
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.sortDescriptors = [
                NSSortDescriptor(key: "age", ascending: true),
                NSSortDescriptor(key: "name", ascending: true),
            ]
            #expect(try context.fetch(request).map(\.name) == ["c", "a", "b"])
        }
    }

    @Test func fetchLimit() throws {
        let stack = try TestStack()
        try seedPeople(["D", "B", "A", "C"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            request.fetchLimit = 2
            #expect(try context.fetch(request).map(\.name) == ["A", "B"])
        }
    }

    @Test func fetchLimitLargerThanResults() throws {
        let stack = try TestStack()
        try seedPeople(["A", "B"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.fetchLimit = 10
            #expect(try context.fetch(request).count == 2)
        }
    }

    // "given a fetch that typically returns a, b, c, d, specifying an offset of 1 will return
    // b, c, d, and an offset of 4 will return an empty array."
    @Test(arguments: [(0, ["a", "b", "c", "d"]), (1, ["b", "c", "d"]), (3, ["d"]), (4, [])])
    func fetchOffset(offset: Int, expected: [String]) throws {
        let stack = try TestStack()
        try seedPeople(["c", "a", "d", "b"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            request.fetchOffset = offset
            #expect(try context.fetch(request).compactMap(\.name) == expected)
        }
    }

    @Test func fetchOffsetWithLimit() throws {
        let stack = try TestStack()
        try seedPeople(["e", "c", "a", "d", "b"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            request.fetchOffset = 1
            request.fetchLimit = 2
            #expect(try context.fetch(request).map(\.name) == ["b", "c"])
        }
    }

    @Test func fetchBatchSizeDoesNotChangeResults() throws {
        let stack = try TestStack()
        try seedPeople(["e", "c", "a", "d", "b"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            request.fetchBatchSize = 2
            #expect(try context.fetch(request).map(\.name) == ["a", "b", "c", "d", "e"])
        }
    }

    @Test func returnsObjectsAsFaultsFalseGivesSameValues() throws {
        let stack = try TestStack()
        try seedPeople(["Ada"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.returnsObjectsAsFaults = false
            let person = try #require(try context.fetch(request).first)
            #expect(person.name == "Ada")
            #expect(person.age == 10)
        }
    }
}

@Suite("Fetching: pending changes")
struct FetchPendingChangesTests {
    // "The fetch results include any object in the context that's an instance of the request's
    // entity ... even if the context has yet to save the object."
    @Test func unsavedInsertsAreIncludedByDefault() throws {
        let stack = try TestStack()
        try seedPeople(["Saved"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let unsaved = Person(context: context)
            unsaved.name = "Unsaved"
            let people = try context.fetch(NSFetchRequest<Person>(entityName: "Person"))
            #expect(people.count == 2)
            #expect(people.contains(unsaved))
        }
    }

    @Test func unsavedDeletesAreExcludedByDefault() throws {
        let stack = try TestStack()
        try seedPeople(["A", "B"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            let people = try context.fetch(request)
            context.delete(people[0])
            let remaining = try context.fetch(request)
            #expect(remaining.map(\.name) == ["B"])
        }
    }

    // "If the value is false, the fetch request doesn't check unsaved changes and only returns
    // objects that matched the predicate in the persistent store."
    @Test func unsavedInsertsAreExcludedWithoutPendingChanges() throws {
        let stack = try TestStack()
        try seedPeople(["Saved"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let unsaved = Person(context: context)
            unsaved.name = "Unsaved"
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.includesPendingChanges = false
            let people = try context.fetch(request)
            #expect(people.map(\.name) == ["Saved"])
        }
    }

    @Test func unsavedInsertsAreSortedWithSavedRows() throws {
        let stack = try TestStack()
        try seedPeople(["a", "c"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let unsaved = Person(context: context)
            unsaved.name = "b"
            let request = NSFetchRequest<Person>(entityName: "Person")
            sortByName(request)
            #expect(try context.fetch(request).map(\.name) == ["a", "b", "c"])
        }
    }

    @Test func countIncludesUnsavedInsertsAndExcludesUnsavedDeletes() throws {
        let stack = try TestStack()
        try seedPeople(["A", "B"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            _ = Person(context: context)
            #expect(try count("Person", in: context) == 3)
            let first = try #require(try fetchAll("Person", in: context).first(where: { $0.value(forKey: "name") as? String == "A" }))
            context.delete(first)
            #expect(try count("Person", in: context) == 2)
        }
    }
}

@Suite("Fetching: result types")
struct FetchResultTypeTests {
    @Test func managedObjectIDResultType() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let first = Person(context: context)
            let second = Person(context: context)
            try context.save()
            let request = NSFetchRequest<NSManagedObjectID>(entityName: "Person")
            request.resultType = .managedObjectIDResultType
            let ids = try context.fetch(request)
            #expect(Set(ids) == [first.objectID, second.objectID])
        }
    }

    @Test func countResultType() throws {
        let stack = try TestStack()
        try seedPeople(["A", "B", "C"], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<NSNumber>(entityName: "Person")
            request.resultType = .countResultType
            let result = try context.fetch(request)
            #expect(result.count == 1)
            #expect(result.first?.intValue == 3)
        }
    }

    @Test func countForFetchRequest() throws {
        let stack = try TestStack()
        try seedPeople(["A", "B", "C", "D"], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            #expect(try context.count(for: NSFetchRequest<Person>(entityName: "Person")) == 4)
            #expect(try context.count(for: NSFetchRequest<Country>(entityName: "Country")) == 0)
        }
    }
}

@Suite("Fetching: entity inheritance")
struct FetchInheritanceTests {
    private func seedAnimals(in stack: TestStack) throws {
        let context = stack.newContext()
        try context.performAndWait {
            for name in ["Rex", "Fido"] {
                let dog = Dog(context: context)
                dog.name = name
            }
            let cat = Cat(context: context)
            cat.name = "Tom"
            try context.save()
        }
    }

    @Test func superentityFetchReturnsSubentityObjects() throws {
        let stack = try TestStack()
        try seedAnimals(in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Animal>(entityName: "Animal")
            sortByName(request)
            let animals = try context.fetch(request)
            #expect(animals.map(\.name) == ["Fido", "Rex", "Tom"])
            #expect(animals.filter { $0 is Dog }.count == 2)
            #expect(animals.filter { $0 is Cat }.count == 1)
            #expect(animals.first?.entity.name == "Dog")
        }
    }

    @Test func superentityCountIncludesSubentities() throws {
        let stack = try TestStack()
        try seedAnimals(in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            #expect(try count("Animal", in: context) == 3)
            #expect(try count("Dog", in: context) == 2)
            #expect(try count("Cat", in: context) == 1)
        }
    }

    @Test func includesSubentitiesFalseExcludesSubentities() throws {
        let stack = try TestStack()
        try seedAnimals(in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Animal>(entityName: "Animal")
            request.includesSubentities = false
            #expect(try context.fetch(request).isEmpty)
        }
    }

    @Test func subentityFetchReturnsOnlyThatSubentity() throws {
        let stack = try TestStack()
        try seedAnimals(in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let cats = try context.fetch(NSFetchRequest<Cat>(entityName: "Cat"))
            #expect(cats.map(\.name) == ["Tom"])
        }
    }

    @Test func unsavedSubentityObjectsAppearInSuperentityFetch() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            _ = Dog(context: context)
            _ = Cat(context: context)
            #expect(try context.fetch(NSFetchRequest<Animal>(entityName: "Animal")).count == 2)
        }
    }

    @Test func inheritedBaseFetchRequest() throws {
        _ = try TestStack()  // the model is in use, so Dog's entity can be found from its class
        let request: NSFetchRequest<NSFetchRequestResult> = Dog.fetchRequest()
        #expect(request.entityName == "Dog")
    }
}
