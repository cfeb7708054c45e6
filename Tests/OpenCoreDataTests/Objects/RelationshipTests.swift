#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Inverse relationships are maintained immediately when either side is set through
// key-value coding or the mutable set proxies.

@Suite("Objects: inverse maintenance, one-to-many")
struct OneToManyInverseTests {
    @Test func settingToOneAddsToInverseToMany() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let person = Person(context: context)
            person.setValue(country, forKey: "country")
            #expect(person.value(forKey: "country") as? Country === country)
            let people = country.value(forKey: "people") as? NSSet
            #expect(people?.count == 1)
            #expect(people?.contains(person) == true)
        }
    }

    @Test func reassigningToOneMovesBetweenInverseSets() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let france = Country(context: context)
            let spain = Country(context: context)
            let person = Person(context: context)
            person.setValue(france, forKey: "country")
            person.setValue(spain, forKey: "country")
            #expect((france.value(forKey: "people") as? NSSet)?.count == 0)
            #expect((spain.value(forKey: "people") as? NSSet)?.contains(person) == true)
        }
    }

    @Test func clearingToOneRemovesFromInverse() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let person = Person(context: context)
            person.setValue(country, forKey: "country")
            person.setValue(nil, forKey: "country")
            #expect((country.value(forKey: "people") as? NSSet)?.count == 0)
        }
    }

    @Test func settingToManySetsEachInverseToOne() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let first = Person(context: context)
            let second = Person(context: context)
            country.setValue(NSSet(array: [first, second]), forKey: "people")
            #expect(first.value(forKey: "country") as? Country === country)
            #expect(second.value(forKey: "country") as? Country === country)
        }
    }

    @Test func replacingToManyClearsRemovedInverses() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let first = Person(context: context)
            let second = Person(context: context)
            let third = Person(context: context)
            country.setValue(NSSet(array: [first, second]), forKey: "people")
            country.setValue(NSSet(array: [second, third]), forKey: "people")
            #expect(first.value(forKey: "country") == nil)
            #expect(second.value(forKey: "country") as? Country === country)
            #expect(third.value(forKey: "country") as? Country === country)
        }
    }

    @Test func addingToAnotherToManyRemovesFromThePreviousOne() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let france = Country(context: context)
            let spain = Country(context: context)
            let person = Person(context: context)
            person.setValue(france, forKey: "country")
            spain.mutableSetValue(forKey: "people").add(person)
            #expect(person.value(forKey: "country") as? Country === spain)
            #expect((france.value(forKey: "people") as? NSSet)?.contains(person) == false)
            #expect((spain.value(forKey: "people") as? NSSet)?.count == 1)
        }
    }

    @Test func mutableSetAddSetsInverse() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let person = Person(context: context)
            let people = country.mutableSetValue(forKey: "people")
            people.add(person)
            #expect(person.value(forKey: "country") as? Country === country)
            #expect((country.value(forKey: "people") as? NSSet)?.count == 1)
        }
    }

    @Test func mutableSetRemoveClearsInverse() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let person = Person(context: context)
            person.setValue(country, forKey: "country")
            country.mutableSetValue(forKey: "people").remove(person)
            #expect(person.value(forKey: "country") == nil)
            #expect((country.value(forKey: "people") as? NSSet)?.count == 0)
        }
    }

    @Test func mutableSetRemoveAllObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let first = Person(context: context)
            let second = Person(context: context)
            country.setValue(NSSet(array: [first, second]), forKey: "people")
            country.mutableSetValue(forKey: "people").removeAllObjects()
            #expect(first.value(forKey: "country") == nil)
            #expect(second.value(forKey: "country") == nil)
            #expect((country.value(forKey: "people") as? NSSet)?.count == 0)
        }
    }

    @Test func relationshipChangesMarkBothSidesUpdated() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let france = Country(context: context)
            let spain = Country(context: context)
            let person = Person(context: context)
            person.setValue(france, forKey: "country")
            try context.save()
            person.setValue(spain, forKey: "country")
            #expect(person.isUpdated == true)
            #expect(spain.isUpdated == true)
            #expect(france.isUpdated == true)
            #expect(person.changedValues()["country"] as? Country === spain)
            #expect(spain.changedValues()["people"] != nil)
        }
    }

    @Test func relationshipsAreSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let country = Country(context: writer)
            country.setValue("Peru", forKey: "name")
            for name in ["Ana", "Luis"] {
                let person = Person(context: writer)
                person.setValue(name, forKey: "name")
                person.setValue(country, forKey: "country")
            }
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let country = try #require(try fetchAll("Country", in: reader).first)
            #expect(names(country.value(forKey: "people")) == ["Ana", "Luis"])
            let people = try fetchAll("Person", in: reader)
            #expect(people.count == 2)
            for person in people {
                #expect(person.value(forKey: "country") as? NSManagedObject === country)
            }
        }
    }
}

@Suite("Objects: inverse maintenance, many-to-many")
struct ManyToManyInverseTests {
    @Test func settingOneSideUpdatesTheOther() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let swift = Tag(context: context)
            let rust = Tag(context: context)
            person.setValue(NSSet(array: [swift, rust]), forKey: "tags")
            #expect((swift.value(forKey: "people") as? NSSet)?.contains(person) == true)
            #expect((rust.value(forKey: "people") as? NSSet)?.contains(person) == true)
        }
    }

    @Test func addingThroughInverseProxy() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let first = Person(context: context)
            let second = Person(context: context)
            let tag = Tag(context: context)
            tag.mutableSetValue(forKey: "people").add(first)
            tag.mutableSetValue(forKey: "people").add(second)
            #expect((first.value(forKey: "tags") as? NSSet)?.contains(tag) == true)
            #expect((second.value(forKey: "tags") as? NSSet)?.contains(tag) == true)
            #expect((tag.value(forKey: "people") as? NSSet)?.count == 2)
        }
    }

    @Test func removingUpdatesBothSides() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let tag = Tag(context: context)
            person.mutableSetValue(forKey: "tags").add(tag)
            person.mutableSetValue(forKey: "tags").remove(tag)
            #expect((tag.value(forKey: "people") as? NSSet)?.count == 0)
            #expect((person.value(forKey: "tags") as? NSSet)?.count == 0)
        }
    }

    @Test func replacingSetRemovesOnlyDroppedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let a = Tag(context: context)
            let b = Tag(context: context)
            let c = Tag(context: context)
            person.setValue(NSSet(array: [a, b]), forKey: "tags")
            person.setValue(NSSet(array: [b, c]), forKey: "tags")
            #expect((a.value(forKey: "people") as? NSSet)?.count == 0)
            #expect((b.value(forKey: "people") as? NSSet)?.contains(person) == true)
            #expect((c.value(forKey: "people") as? NSSet)?.contains(person) == true)
        }
    }

    @Test func manyToManyIsSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let ada = Person(context: writer)
            ada.setValue("Ada", forKey: "name")
            let bob = Person(context: writer)
            bob.setValue("Bob", forKey: "name")
            let tag = Tag(context: writer)
            tag.setValue("math", forKey: "name")
            tag.setValue(NSSet(array: [ada, bob]), forKey: "people")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let people = try fetchAll("Person", in: reader)
            #expect(people.count == 2)
            for person in people {
                #expect(names(person.value(forKey: "tags")) == ["math"])
            }
            let tag = try #require(try fetchAll("Tag", in: reader).first)
            #expect(names(tag.value(forKey: "people")) == ["Ada", "Bob"])
        }
    }
}

@Suite("Objects: ordered relationships")
struct OrderedRelationshipTests {
    private func note(_ text: String, in context: NSManagedObjectContext) -> Note {
        let note = Note(context: context)
        note.setValue(text, forKey: "text")
        return note
    }

    @Test func orderedSetKeepsOrder() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let notes = ["c", "a", "b"].map { note($0, in: context) }
            person.setValue(NSOrderedSet(array: notes), forKey: "notes")
            #expect(orderedNames(person.value(forKey: "notes"), key: "text") == ["c", "a", "b"])
            for note in notes {
                #expect(note.value(forKey: "person") as? Person === person)
            }
        }
    }

    @Test func mutableOrderedSetInsertAtIndex() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let proxy = person.mutableOrderedSetValue(forKey: "notes")
            proxy.add(note("second", in: context))
            proxy.insert(note("first", in: context), at: 0)
            proxy.add(note("third", in: context))
            #expect(orderedNames(person.value(forKey: "notes"), key: "text") == ["first", "second", "third"])
            let first = (person.value(forKey: "notes") as? NSOrderedSet)?.firstObject as? Note
            #expect(first?.value(forKey: "person") as? Person === person)
        }
    }

    @Test func mutableOrderedSetRemoveClearsInverse() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let a = note("a", in: context)
            let b = note("b", in: context)
            person.setValue(NSOrderedSet(array: [a, b]), forKey: "notes")
            person.mutableOrderedSetValue(forKey: "notes").remove(a)
            #expect(a.value(forKey: "person") == nil)
            #expect(orderedNames(person.value(forKey: "notes"), key: "text") == ["b"])
        }
    }

    @Test func settingInverseToOneAppendsToOrderedSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let a = note("a", in: context)
            let b = note("b", in: context)
            a.setValue(person, forKey: "person")
            b.setValue(person, forKey: "person")
            let notes = person.value(forKey: "notes") as? NSOrderedSet
            #expect(notes?.count == 2)
            #expect(notes?.contains(a) == true)
            #expect(notes?.contains(b) == true)
        }
    }

    @Test func orderIsSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            let notes = ["z", "x", "y"].map { note($0, in: writer) }
            person.setValue(NSOrderedSet(array: notes), forKey: "notes")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let person = try #require(try fetchAll("Person", in: reader).first)
            #expect(orderedNames(person.value(forKey: "notes"), key: "text") == ["z", "x", "y"])
        }
    }
}

@Suite("Objects: large to-many relationships")
struct LargeToManyTests {
    @Test func largeInverseSetFollowsMovesAndClears() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let france = Country(context: context)
            let spain = Country(context: context)
            let people = (0..<200).map { _ in Person(context: context) }
            for person in people { person.country = france }
            for (index, person) in people.enumerated() where index % 3 == 0 { person.country = spain }
            for (index, person) in people.enumerated() where index % 5 == 0 { person.country = nil }
            let inFrance = people.enumerated().filter { $0.offset % 3 != 0 && $0.offset % 5 != 0 }.map(\.element)
            let inSpain = people.enumerated().filter { $0.offset % 3 == 0 && $0.offset % 5 != 0 }.map(\.element)
            #expect(france.people.count == inFrance.count)
            #expect(inFrance.allSatisfy { france.people.contains($0) })
            #expect(spain.people.count == inSpain.count)
            #expect(inSpain.allSatisfy { spain.people.contains($0) })
            #expect(people.enumerated().filter { $0.offset % 5 == 0 }.allSatisfy { !france.people.contains($0.element) })
        }
    }

    @Test func largeOrderedSetKeepsOrderAfterRemovals() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let notes = (0..<100).map { index in
                let note = Note(context: context)
                note.text = "\(index)"
                return note
            }
            let proxy = person.mutableOrderedSetValue(forKey: "notes")
            for note in notes { proxy.add(note) }
            for (index, note) in notes.enumerated() where index % 7 == 0 { proxy.remove(note) }
            proxy.add(notes[0])
            proxy.add(notes[1])
            let expected = (1..<100).filter { $0 % 7 != 0 }.map(String.init) + ["0"]
            #expect(orderedNames(person.value(forKey: "notes"), key: "text") == expected)
            #expect(notes[7].person == nil)
            #expect(notes[0].person === person)
        }
    }
}
