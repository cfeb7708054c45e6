#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSManagedObjectID: "New objects inserted into a managed object context are assigned a temporary
// ID which is replaced with a permanent one once the object gets saved to a persistent store."
// (NSManagedObjectID.isTemporaryID) "This identifier forms the basis for uniquing."

@Suite("Objects: NSManagedObjectID")
struct ObjectIDTests {
    @Test func insertedObjectHasTemporaryID() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(person.objectID.isTemporaryID == true)
        }
    }

    @Test func savedObjectHasPermanentID() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let temporary = person.objectID
            try context.save()
            #expect(person.objectID.isTemporaryID == false)
            // "the object ID is a temporary value that will change when the object is saved"
            #expect(person.objectID != temporary)
        }
    }

    @Test func objectIDEntity() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            #expect(person.objectID.entity.name == "Person")
            try context.save()
            #expect(person.objectID.entity.name == "Person")
        }
    }

    // "This method converts the object ID of each managed object in objects to a permanent ID.
    // Although the object will have a permanent ID, it will still respond positively to isInserted
    // until it is saved."
    @Test func obtainPermanentIDsBeforeSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.obtainPermanentIDs(for: [person])
            #expect(person.objectID.isTemporaryID == false)
            #expect(person.isInserted == true)
            #expect(context.insertedObjects.contains(person))
        }
    }

    @Test func permanentIDObtainedEarlyIsKeptBySave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.obtainPermanentIDs(for: [person])
            let permanent = person.objectID
            try context.save()
            #expect(person.objectID == permanent)
            #expect(person.isInserted == false)
        }
    }

    // "Any object that already has a permanent ID is ignored."
    @Test func obtainPermanentIDsIgnoresSavedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            let permanent = person.objectID
            try context.obtainPermanentIDs(for: [person])
            #expect(person.objectID == permanent)
        }
    }

    @Test func uriRepresentationUsesCoreDataScheme() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            #expect(person.objectID.uriRepresentation().scheme == "x-coredata")
            let temporaryURI = person.objectID.uriRepresentation()
            try context.save()
            let permanentURI = person.objectID.uriRepresentation()
            #expect(permanentURI.scheme == "x-coredata")
            #expect(permanentURI != temporaryURI)
            // The URI names the entity.
            #expect(permanentURI.absoluteString.contains("/Person/"))
        }
    }

    @Test func uriRepresentationIsStable() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            #expect(person.objectID.uriRepresentation() == person.objectID.uriRepresentation())
        }
    }

    @Test func differentObjectsHaveDifferentIDs() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let first = Person(context: context)
            let second = Person(context: context)
            #expect(first.objectID != second.objectID)
            try context.save()
            #expect(first.objectID != second.objectID)
            #expect(first.objectID.uriRepresentation() != second.objectID.uriRepresentation())
        }
    }

    @Test func sameRowHasEqualIDsInTwoContexts() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ada")
        let reader = stack.newContext()
        try reader.performAndWait {
            let fetched = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(fetched.objectID == id)
            #expect(fetched.objectID.hashValue == id.hashValue)
            #expect(Set([fetched.objectID, id]).count == 1)
        }
    }

    @Test func objectIDsAreUsableAsDictionaryKeys() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let first = Person(context: context)
            let second = Person(context: context)
            try context.save()
            var names: [NSManagedObjectID: String] = [:]
            names[first.objectID] = "first"
            names[second.objectID] = "second"
            #expect(names.count == 2)
            #expect(names[first.objectID] == "first")
            #expect(names[second.objectID] == "second")
        }
    }
}

@Suite("Objects: looking objects up by ID")
struct ObjectLookupTests {
    @Test func objectWithIDReturnsRegisteredInstance() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(context.object(with: person.objectID) === person)
        }
    }

    @Test func existingObjectReturnsRegisteredInstance() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            #expect(try context.existingObject(with: person.objectID) === person)
        }
    }

    @Test func existingObjectLoadsSavedRowInAnotherContext() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Grace")
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try reader.existingObject(with: id)
            #expect(object is Person)
            #expect(object.objectID == id)
            #expect(object.managedObjectContext === reader)
            #expect(object.value(forKey: "name") as? String == "Grace")
        }
    }

    @Test func objectWithIDInAnotherContextHasSameValues() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Linus")
        let reader = stack.newContext()
        reader.performAndWait {
            let object = reader.object(with: id)
            #expect(object.objectID == id)
            #expect(object.value(forKey: "name") as? String == "Linus")
            // Uniquing: a second lookup gives the same instance.
            #expect(reader.object(with: id) === object)
        }
    }

    @Test func existingObjectThrowsForDeletedRow() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let id = try writer.performAndWait {
            let person = Person(context: writer)
            try writer.save()
            let id = person.objectID
            writer.delete(person)
            try writer.save()
            return id
        }
        let reader = stack.newContext()
        reader.performAndWait {
            let error = #expect(throws: (any Error).self) {
                _ = try reader.existingObject(with: id)
            }
            #expect(error != nil)
        }
    }

    @Test func existingObjectInAnotherContextIsADifferentInstance() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let (id, original) = try writer.performAndWait {
            let person = Person(context: writer)
            try writer.save()
            return (person.objectID, Unchecked(person))
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try reader.existingObject(with: id)
            #expect(object !== original.value)
        }
    }
}

@Suite("Objects: object IDs and the coordinator")
struct ObjectIDCoordinatorTests {
    // "Object IDs can be transformed into a URI representation which can be archived and recreated
    // later to refer back to a given object (using managedObjectID(forURIRepresentation:))."
    @Test func uriRepresentationRoundTripsThroughTheCoordinator() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let id = try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            return person.objectID
        }
        let restored = try #require(stack.coordinator.managedObjectID(forURIRepresentation: id.uriRepresentation()))
        #expect(restored == id)
        #expect(restored.entity.name == "Person")
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try reader.existingObject(with: restored) is Person)
        }
    }

    @Test func permanentIDKnowsItsStore() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            #expect(person.objectID.persistentStore === stack.coordinator.persistentStores.first)
        }
    }

    @Test func uriOfAnotherStoreIsNotResolved() throws {
        let first = try TestStack()
        let second = try TestStack()
        let context = first.newContext()
        let id = try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            return person.objectID
        }
        #expect(second.coordinator.managedObjectID(forURIRepresentation: id.uriRepresentation()) == nil)
    }
}
