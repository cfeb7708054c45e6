#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Fetches filtered with simple NSPredicate(format:) predicates (the predicate engine itself is
// tested elsewhere; these check that fetch, count and pending changes honour a predicate).

private func seedPeople(_ people: [(String, Int64)], in stack: TestStack) throws {
    let context = stack.newContext()
    try context.performAndWait {
        for (name, age) in people {
            let person = Person(context: context)
            person.name = name
            person.age = age
        }
        try context.save()
    }
}

/// The ages of the unsaved people of `ages` that `format` matches, sorted.
private func unsavedAges(_ ages: [Int64], matching format: String) throws -> [Int64] {
    let stack = try TestStack()
    let context = stack.newContext()
    return try context.performAndWait {
        for age in ages {
            Person(context: context).age = age
        }
        let request = NSFetchRequest<Person>(entityName: "Person")
        request.predicate = NSPredicate(format: format)
        return try context.fetch(request).map(\.age).sorted()
    }
}

@Suite("Fetching: predicates")
struct FetchPredicateTests {
    @Test func equalityPredicate() throws {
        let stack = try TestStack()
        try seedPeople([("Ada", 36), ("Bob", 20)], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            let people = try context.fetch(request)
            #expect(people.map(\.name) == ["Ada"])
        }
    }

    @Test func predicateMatchingNothing() throws {
        let stack = try TestStack()
        try seedPeople([("Ada", 36)], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Nobody")
            #expect(try context.fetch(request).isEmpty)
            #expect(try context.count(for: request) == 0)
        }
    }

    @Test func countHonoursPredicate() throws {
        let stack = try TestStack()
        try seedPeople([("A", 10), ("B", 20), ("C", 30)], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "age > %d", 15)
            #expect(try context.count(for: request) == 2)
        }
    }

    @Test func predicateSortAndLimitTogether() throws {
        let stack = try TestStack()
        try seedPeople([("A", 10), ("B", 20), ("C", 30), ("D", 40)], in: stack)
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "age >= %d", 20)
            request.sortDescriptors = [NSSortDescriptor(key: "age", ascending: false)]
            request.fetchLimit = 2
            #expect(try context.fetch(request).map(\.name) == ["D", "C"])
        }
    }

    @Test func unsavedInsertMatchingPredicateIsIncluded() throws {
        let stack = try TestStack()
        try seedPeople([("Ada", 36)], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let unsaved = Person(context: context)
            unsaved.name = "Ada"
            let other = Person(context: context)
            other.name = "Other"
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            let people = try context.fetch(request)
            #expect(people.count == 2)
            #expect(people.contains(unsaved))
            #expect(!people.contains(other))
        }
    }

    @Test func unsavedInsertsMatchingCompoundPredicateAreIncluded() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            for (name, age) in [("Ada", 36), ("Bob", 20), ("Cy", 40), ("Dee", 50)] as [(String, Int64)] {
                let person = Person(context: context)
                person.name = name
                person.age = age
            }
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name IN %@ AND age > 30", ["Ada", "Bob", "Cy"])
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            let people = try context.fetch(request)
            #expect(people.map(\.name) == ["Ada", "Cy"])
        }
    }

    @Test func unsavedInsertsMatchListOfIntegersAndWholeDoubles() throws {
        #expect(try unsavedAges([36, 20, 40], matching: "age IN {36, 40.0}") == [36, 40])
    }

    @Test func unsavedInsertsMatchListWithFractionalNumber() throws {
        #expect(try unsavedAges([36, 20, 40], matching: "age IN {36, 40.5}") == [36])
    }

    @Test func unsavedInsertsMatchingOrAndNotPredicateAreIncluded() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            for (name, age) in [("Ada", 36), ("Bob", 20), ("Cy", 40)] as [(String, Int64)] {
                let person = Person(context: context)
                person.name = name
                person.age = age
            }
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "NOT (name == 'Ada' OR age < 30)")
            let people = try context.fetch(request)
            #expect(people.map(\.name) == ["Cy"])
        }
    }

    @Test func unsavedSubentityInsertsMatchSuperentityPredicate() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            for (name, isDog) in [("Rex", true), ("Rex", false), ("Fido", true)] {
                let animal: Animal = isDog ? Dog(context: context) : Cat(context: context)
                animal.name = name
            }
            let request = NSFetchRequest<Animal>(entityName: "Animal")
            request.predicate = NSPredicate(format: "name == %@", "Rex")
            let animals = try context.fetch(request)
            #expect(animals.compactMap(\.entity.name).sorted() == ["Cat", "Dog"])
        }
    }

    @Test func unsavedInsertIsExcludedWithoutPendingChanges() throws {
        let stack = try TestStack()
        try seedPeople([("Ada", 36)], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let unsaved = Person(context: context)
            unsaved.name = "Ada"
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            request.includesPendingChanges = false
            let people = try context.fetch(request)
            #expect(people.count == 1)
            #expect(!people.contains(unsaved))
        }
    }

    @Test func unsavedDeleteMatchingPredicateIsExcluded() throws {
        let stack = try TestStack()
        try seedPeople([("Ada", 36), ("Bob", 20)], in: stack)
        let context = stack.newContext()
        try context.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            let ada = try #require(try context.fetch(request).first)
            context.delete(ada)
            #expect(try context.fetch(request).isEmpty)
            #expect(try context.count(for: request) == 0)
        }
    }

    @Test func predicateOnToOneRelationship() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let peru = Country(context: context)
            peru.name = "Peru"
            let chile = Country(context: context)
            chile.name = "Chile"
            for (name, country) in [("Ana", peru), ("Luis", peru), ("Eva", chile)] {
                let person = Person(context: context)
                person.name = name
                person.country = country
            }
            try context.save()
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.predicate = NSPredicate(format: "country == %@", peru)
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            #expect(try context.fetch(request).map(\.name) == ["Ana", "Luis"])
        }
    }

    @Test func predicateOnSuperentityAttributeMatchesSubentities() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let dog = Dog(context: context)
            dog.name = "Rex"
            let cat = Cat(context: context)
            cat.name = "Rex"
            let other = Dog(context: context)
            other.name = "Fido"
            try context.save()
            let request = NSFetchRequest<Animal>(entityName: "Animal")
            request.predicate = NSPredicate(format: "name == %@", "Rex")
            let animals = try context.fetch(request)
            #expect(animals.count == 2)
            #expect(Set(animals.compactMap(\.entity.name)) == ["Dog", "Cat"])
        }
    }

    @Test func idResultTypeHonoursPredicate() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let ada = Person(context: context)
            ada.name = "Ada"
            let bob = Person(context: context)
            bob.name = "Bob"
            try context.save()
            let request = NSFetchRequest<NSManagedObjectID>(entityName: "Person")
            request.resultType = .managedObjectIDResultType
            request.predicate = NSPredicate(format: "name == %@", "Bob")
            #expect(try context.fetch(request) == [bob.objectID])
        }
    }
}
