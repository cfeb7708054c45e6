#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// A relationship whose destination is an abstract entity holds objects of its subentities; the
// inverse is inherited by every subentity.

@Suite("Objects: relationships to an abstract entity")
struct PolymorphicRelationshipTests {
    @Test func toManyHoldsSubentityObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let dog = Dog(context: context)
            let cat = Cat(context: context)
            person.pets = [dog, cat]
            #expect(dog.owner === person)
            #expect(cat.owner === person)
            #expect(person.pets.count == 2)
        }
    }

    @Test func inheritedInverseUpdatesTheToMany() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let dog = Dog(context: context)
            dog.setValue(person, forKey: "owner")
            #expect(person.pets == [dog])
            let cat = Cat(context: context)
            cat.owner = person
            #expect(person.pets == [dog, cat])
        }
    }

    @Test func subentityObjectsComeBackWithTheirClass() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            person.name = "Owner"
            let dog = Dog(context: writer)
            dog.name = "Rex"
            let cat = Cat(context: writer)
            cat.name = "Tom"
            person.pets = [dog, cat]
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            let pets = person.pets
            #expect(pets.count == 2)
            #expect(pets.contains { $0 is Dog && $0.name == "Rex" })
            #expect(pets.contains { $0 is Cat && $0.name == "Tom" })
            #expect(pets.allSatisfy { $0.owner === person })
        }
    }

    @Test func fetchingSuperentityByInheritedRelationship() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let other = Person(context: context)
            let dog = Dog(context: context)
            dog.owner = person
            let cat = Cat(context: context)
            cat.owner = person
            Dog(context: context).owner = other
            try context.save()
            let request = NSFetchRequest<Animal>(entityName: "Animal")
            request.predicate = NSPredicate(format: "owner == %@", person)
            #expect(Set(try context.fetch(request)) == [dog, cat])
        }
    }

    @Test func deletingOwnerNullifiesSubentityInverses() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let dog = Dog(context: context)
            let cat = Cat(context: context)
            person.pets = [dog, cat]
            try context.save()
            context.delete(person)
            try context.save()
            #expect(dog.owner == nil)
            #expect(cat.owner == nil)
            #expect(try count("Animal", in: context) == 2)
        }
    }
}
