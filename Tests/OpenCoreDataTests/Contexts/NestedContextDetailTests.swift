#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Nested contexts: identity of objects pushed into the parent, permanent IDs, counts.

private func child(of parent: NSManagedObjectContext) -> NSManagedObjectContext {
    let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
    child.parent = parent
    return child
}

@Suite("Contexts: nested context details")
struct NestedContextDetailTests {
    @Test func parentRegistersPushedObjectUnderTheSameID() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        let id = try child.performAndWait {
            let person = Person(context: child)
            person.name = "Pushed"
            try child.save()
            return person.objectID
        }
        try parent.performAndWait {
            let object = try #require(parent.registeredObject(for: id) as? Person)
            #expect(object.isInserted)
            #expect(object.name == "Pushed")
            #expect(object.managedObjectContext === parent)
        }
    }

    @Test func pushedRelationshipsPointAtParentInstances() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        let (personID, countryID) = try child.performAndWait {
            let person = Person(context: child)
            let country = Country(context: child)
            person.country = country
            try child.save()
            return (person.objectID, country.objectID)
        }
        parent.performAndWait {
            let person = parent.object(with: personID) as? Person
            let country = parent.object(with: countryID) as? Country
            #expect(person?.country === country)
            #expect(country?.people.contains(person as Any) == true)
            #expect(person?.country?.managedObjectContext === parent)
        }
    }

    @Test func childCountIncludesParentsPendingInserts() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        parent.performAndWait {
            _ = Person(context: parent)
            _ = Person(context: parent)
        }
        let child = child(of: parent)
        try child.performAndWait { () throws -> Void in
            #expect(try count("Person", in: child) == 2)
        }
    }

    @Test func childObtainsPermanentIDs() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        let id = try child.performAndWait {
            let person = Person(context: child)
            try child.obtainPermanentIDs(for: [person])
            #expect(person.objectID.isTemporaryID == false)
            try child.save()
            return person.objectID
        }
        try parent.performAndWait {
            try parent.save()
            #expect(parent.registeredObject(for: id)?.objectID.isTemporaryID == false)
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try reader.existingObject(with: id) is Person)
        }
    }

    @Test func childKeepsItsSavedNewObjectsRegistered() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        try child.performAndWait {
            let person = Person(context: child)
            try child.save()
            #expect(person.objectID.isTemporaryID)
            #expect(child.registeredObjects == [person])
            #expect(child.registeredObject(for: person.objectID) === person)
        }
    }

    @Test func permanentIDObtainedInAChildRenamesTheParentsNewObject() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let person = parent.performAndWait { Person(context: parent) }
        let temporaryID = parent.performAndWait { person.objectID }
        let child = child(of: parent)
        let permanentID = try child.performAndWait {
            let fault = child.object(with: temporaryID)
            try child.obtainPermanentIDs(for: [fault])
            return fault.objectID
        }
        parent.performAndWait {
            #expect(permanentID.isTemporaryID == false)
            #expect(person.objectID == permanentID)
            #expect(parent.registeredObject(for: permanentID) === person)
        }
    }

    @Test func childContextUsesTheRootCoordinator() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        #expect(child.persistentStoreCoordinator === stack.coordinator)
    }
}

@Suite("Model: immutability once in use")
struct ModelImmutabilityTests {
    // NSPropertyDescription.isOptional: "Setting this property raises an exception if the
    // receiver's model has been used by an object graph manager."
    @Test func changingAPropertyOfAModelInUseFails() async {
        await #expect(processExitsWith: .failure) {
            let attribute = NSAttributeDescription()
            attribute.name = "title"
            attribute.attributeType = .stringAttributeType
            let entity = NSEntityDescription()
            entity.name = "Thing"
            entity.properties = [attribute]
            let model = NSManagedObjectModel()
            model.entities = [entity]
            _ = try TestStack(model: model, name: "Immutable")
            attribute.isOptional = false
        }
    }
}
