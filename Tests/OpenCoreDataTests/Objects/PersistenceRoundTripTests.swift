#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Relationship edits of saved objects reach the store; entity/class resolution details.

@Suite("Objects: saved relationship edits")
struct SavedRelationshipEditTests {
    @Test func reorderingAnOrderedRelationshipIsSaved() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let notes = ["a", "b", "c"].map { text -> Note in
                let note = Note(context: context)
                note.text = text
                return note
            }
            person.notes = NSOrderedSet(array: notes)
            try context.save()
            person.notes = NSOrderedSet(array: notes.reversed())
            #expect(person.isUpdated)
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(person.notes.array.compactMap { ($0 as? Note)?.text } == ["c", "b", "a"])
        }
    }

    @Test func removingFromManyToManyIsSaved() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let keep = Tag(context: context)
            keep.name = "keep"
            let drop = Tag(context: context)
            drop.name = "drop"
            person.tags = [keep, drop]
            try context.save()
            person.tags.remove(drop)
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(person.tags.compactMap(\.name) == ["keep"])
            let tags = try fetchAll("Tag", as: Tag.self, in: reader)
            #expect(tags.count == 2)
            #expect(tags.first { $0.name == "drop" }?.people.isEmpty == true)
        }
    }

    @Test func movingAPersonBetweenCountriesIsSaved() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let from = Country(context: context)
            from.name = "from"
            let to = Country(context: context)
            to.name = "to"
            let person = Person(context: context)
            person.country = from
            try context.save()
            person.country = to
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let countries = try fetchAll("Country", as: Country.self, in: reader)
            let from = try #require(countries.first { $0.name == "from" })
            let to = try #require(countries.first { $0.name == "to" })
            #expect(from.people.count == 0)
            #expect(to.people.count == 1)
        }
    }

    @Test func saveAfterRollbackWritesNothing() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Saved"
            try context.save()
            person.name = "Discarded"
            _ = Person(context: context)
            context.rollback()
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let people = try fetchAll("Person", as: Person.self, in: reader)
            #expect(people.map(\.name) == ["Saved"])
        }
    }
}

@Suite("Model: class resolution details")
struct ClassResolutionTests {
    // An entity whose class cannot be found falls back to NSManagedObject (Core Data logs
    // "Class not found, using default NSManagedObject instead").
    @Test func missingClassFallsBackToNSManagedObject() async {
        await #expect(processExitsWith: .success) {
            let entity = NSEntityDescription()
            entity.name = "Orphan"
            entity.managedObjectClassName = "OpenCoreDataTests.NoSuchClass"
            let title = NSAttributeDescription()
            title.name = "title"
            title.attributeType = .stringAttributeType
            entity.properties = [title]
            let model = NSManagedObjectModel()
            model.entities = [entity]
            let stack = try TestStack(model: model, name: "Orphans")
            let context = stack.newContext()
            let ok = try context.performAndWait {
                let object = NSManagedObject(entity: entity, insertInto: context)
                object.setValue("kept", forKey: "title")
                try context.save()
                return type(of: object) == NSManagedObject.self && object.value(forKey: "title") as? String == "kept"
            }
            if !ok { exit(1) }
        }
    }

    @Test func requestEntityNameFollowsItsEntity() throws {
        let request = NSFetchRequest<Person>()
        let entity = try #require(TestModel.shared.entitiesByName["Person"])
        request.entity = entity
        #expect(request.entityName == "Person")
    }
}
