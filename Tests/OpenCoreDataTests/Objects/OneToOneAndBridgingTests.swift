#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// One-to-one inverses, and bridging of relationship values to Swift collections.

@Suite("Objects: inverse maintenance, one-to-one")
struct OneToOneInverseTests {
    @Test func settingOneSideSetsTheOther() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let passport = Passport(context: context)
            person.setValue(passport, forKey: "passport")
            #expect(passport.value(forKey: "holder") as? Person === person)
        }
    }

    @Test func replacingClearsThePreviousPartner() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let old = Passport(context: context)
            let new = Passport(context: context)
            person.passport = old
            person.passport = new
            #expect(old.holder == nil)
            #expect(new.holder === person)
        }
    }

    @Test func stealingAPartnerClearsItsFormerOwner() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let first = Person(context: context)
            let second = Person(context: context)
            let passport = Passport(context: context)
            first.passport = passport
            passport.holder = second
            #expect(first.passport == nil)
            #expect(second.passport === passport)
        }
    }

    @Test func clearingOneSideClearsTheOther() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let passport = Passport(context: context)
            person.passport = passport
            passport.setValue(nil, forKey: "holder")
            #expect(person.passport == nil)
        }
    }

    @Test func deletingOneSideNullifiesTheOther() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let passport = Passport(context: context)
            person.passport = passport
            try context.save()
            context.delete(passport)
            try context.save()
            #expect(person.passport == nil)
        }
    }

    @Test func oneToOneIsSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            person.name = "Holder"
            let passport = Passport(context: writer)
            passport.number = "X1"
            passport.holder = person
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(person.passport?.number == "X1")
            #expect(person.passport?.holder === person)
        }
    }
}

@Suite("Objects: relationship values bridge to Swift")
struct RelationshipBridgingTests {
    @Test func toManyBridgesToSwiftSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let tag = Tag(context: context)
            person.setValue(NSSet(object: tag), forKey: "tags")
            let tags = person.value(forKey: "tags") as? Set<Tag>
            #expect(tags == [tag])
        }
    }

    @Test func orderedToManyGivesArrayInOrder() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let a = Note(context: context)
            let b = Note(context: context)
            person.setValue(NSOrderedSet(array: [b, a]), forKey: "notes")
            let notes = (person.value(forKey: "notes") as? NSOrderedSet)?.array as? [Note]
            #expect(notes?.count == 2)
            #expect(notes?.first === b)
            #expect(notes?.last === a)
        }
    }

    @Test func toOneIsTheObjectItself() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let country = Country(context: context)
            person.setValue(country, forKey: "country")
            #expect(person.value(forKey: "country") as? NSManagedObject === country)
            #expect(person.value(forKey: "country") is Country)
        }
    }

    @Test func subentityObjectsKnowTheirEntity() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let dog = Dog(context: context)
            #expect(dog.entity.name == "Dog")
            #expect(dog.entity.superentity?.name == "Animal")
            #expect(dog.objectID.entity.name == "Dog")
        }
    }
}
