#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Primitive accessors bypass key-value observing: no inverse maintenance, no change tracking.
// Faults: objects fetched with returnsObjectsAsFaults = false, or once accessed, hold their data.

@Suite("Objects: primitive accessors")
struct PrimitiveAccessorTests {
    @Test func setPrimitiveValueDoesNotMaintainInverses() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let country = Country(context: context)
            person.setPrimitiveValue(country, forKey: "country")
            #expect(person.primitiveValue(forKey: "country") as? Country === country)
            #expect(country.people.count == 0)
        }
    }

    @Test func setPrimitiveValueIsNotAChange() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Saved"
            try context.save()
            person.setPrimitiveValue("Primitive", forKey: "name")
            #expect(person.changedValues()["name"] == nil)
            #expect(person.isUpdated == false)
        }
    }

    @Test func primitiveValueOfToManyIsASet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let tag = Tag(context: context)
            person.tags = [tag]
            let primitive = person.primitiveValue(forKey: "tags") as? NSSet
            #expect(primitive?.count == 1)
            #expect(primitive?.contains(tag) == true)
        }
    }

    @Test func willChangeAndDidChangeAroundPrimitiveMakeAChange() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Saved"
            try context.save()
            person.willChangeValue(forKey: "name")
            person.setPrimitiveValue("Tracked", forKey: "name")
            person.didChangeValue(forKey: "name")
            #expect(person.isUpdated == true)
            #expect(person.changedValues()["name"] as? String == "Tracked")
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try fetchAll("Person", as: Person.self, in: reader).first?.name == "Tracked")
        }
    }
}

@Suite("Objects: faults")
struct FaultTests {
    @Test func objectsFetchedWithoutFaultingHoldTheirData() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            Person(context: writer).name = "Loaded"
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.returnsObjectsAsFaults = false
            let person = try #require(try reader.fetch(request).first)
            #expect(person.isFault == false)
        }
    }

    @Test func accessingAPropertyFiresTheFault() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Loaded")
        let reader = stack.newContext()
        reader.performAndWait {
            let person = reader.object(with: id)
            _ = person.value(forKey: "name")
            #expect(person.isFault == false)
        }
    }

    @Test func insertedObjectsAreNotFaults() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            #expect(Person(context: context).isFault == false)
        }
    }

    @Test func refreshWithoutMergeTurnsAnObjectIntoAFault() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Saved"
            try context.save()
            context.refresh(person, mergeChanges: false)
            #expect(person.isFault == true)
            #expect(person.name == "Saved")
            #expect(person.isFault == false)
        }
    }
}
