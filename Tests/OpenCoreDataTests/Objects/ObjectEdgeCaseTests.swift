#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Finer points of NSManagedObject behaviour that apps rely on.

@Suite("Objects: change tracking edge cases")
struct ChangeTrackingEdgeCaseTests {
    // updatedObjects holds saved objects that changed; a new object stays in insertedObjects.
    @Test func modifiedInsertedObjectIsNotUpdated() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            person.name = "New"
            #expect(person.isInserted == true)
            #expect(person.isUpdated == false)
            #expect(!context.updatedObjects.contains(person))
            #expect(context.insertedObjects.contains(person))
        }
    }

    // delete(_:): "If object has not yet been saved to a persistent store, it is simply removed
    // from the receiver."
    @Test func deletingAnInsertedObjectRemovesItFromInsertedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let person = Person(context: context)
            context.delete(person)
            context.processPendingChanges()
            #expect(!context.insertedObjects.contains(person))
            #expect(try fetchAll("Person", in: context).isEmpty)
        }
    }

    @Test func changedValuesOfToManyIsASet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            person.tags = [Tag(context: context)]
            let changed = person.changedValues()["tags"]
            #expect(changed is NSSet)
            #expect((changed as? NSSet)?.count == 1)
        }
    }

    @Test func transientValueSurvivesSaveInTheSameObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue("kept", forKey: "scratch")
            try context.save()
            #expect(object.value(forKey: "scratch") as? String == "kept")
        }
    }

    @Test func rollbackClearsChangedValues() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Saved"
            try context.save()
            person.name = "Changed"
            context.rollback()
            #expect(person.changedValues().isEmpty)
            #expect(person.hasChanges == false)
        }
    }

    @Test func rollbackRestoresManyToMany() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let kept = Tag(context: context)
            try context.save()
            person.tags = [Tag(context: context)]
            context.rollback()
            #expect(person.tags.isEmpty)
            #expect(kept.people.isEmpty)
            person.tags = [kept]
            try context.save()
            person.tags = []
            context.rollback()
            #expect(person.tags == [kept])
            #expect(kept.people == [person])
        }
    }
}

@Suite("Objects: number bridging")
struct NumberBridgingTests {
    @Test func fixedWidthIntegersAreStoredAsNumbers() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(Int16(5), forKey: "int64")
            #expect(object.value(forKey: "int64") as? Int64 == 5)
            #expect(object.value(forKey: "int64") as? Int == 5)
            object.setValue(Int64(6), forKey: "int16")
            #expect(object.value(forKey: "int16") as? Int16 == 6)
            #expect(object.value(forKey: "int16") as? Int == 6)
            object.setValue(Int32(7), forKey: "int32")
            #expect(object.value(forKey: "int32") as? Int == 7)
            object.setValue(UInt8(8), forKey: "int32")
            #expect(object.value(forKey: "int32") as? Int32 == 8)
        }
    }

    @Test func floatIntoDoubleAttribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(Float(1.5), forKey: "double")
            #expect(object.value(forKey: "double") as? Double == 1.5)
            object.setValue(2, forKey: "double")
            #expect(object.value(forKey: "double") as? Double == 2)
        }
    }

    @Test func numbersCompareAcrossIntegerWidthsInFetchedObjects() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let object = AllTypes(context: writer)
            object.setValue(Int16(300), forKey: "int16")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try #require(try fetchAll("AllTypes", in: reader).first)
            #expect(object.value(forKey: "int16") as? NSNumber == NSNumber(value: 300))
            #expect(object.value(forKey: "int16") as? Int == 300)
        }
    }

    @Test func valueForSingleKeyPathKeepsAnOrderedToManyInOrder() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let notes = ["b", "a"].map { text in
                let note = Note(context: context)
                note.text = text
                return note
            }
            person.notes = NSOrderedSet(array: notes)
            let value = person.value(forKeyPath: "notes") as? NSOrderedSet
            #expect(value?.array.compactMap { ($0 as? Note)?.text } == ["b", "a"])
        }
    }

    @Test func valueForKeyPathThroughToOne() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let country = Country(context: context)
            country.name = "Chile"
            person.country = country
            #expect(person.value(forKeyPath: "country.name") as? String == "Chile")
        }
    }
}

@Suite("Objects: typed collection mutation")
struct TypedCollectionMutationTests {
    // Mutating a @Managed Set in place writes the whole set back through setValue(_:forKey:).
    @Test func insertingIntoTypedSetMaintainsInverse() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let a = Tag(context: context)
            let b = Tag(context: context)
            person.tags.insert(a)
            person.tags.insert(b)
            #expect(person.tags == [a, b])
            #expect(a.people == [person])
            person.tags.remove(a)
            #expect(a.people.isEmpty)
            #expect(b.people == [person])
        }
    }

    @Test func typedSetChangesAreSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            let tag = Tag(context: writer)
            tag.name = "saved"
            person.tags.insert(tag)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(person.tags.compactMap(\.name) == ["saved"])
        }
    }
}

@Suite("Objects: identity across entities and stores")
struct ObjectIdentityEdgeCaseTests {
    @Test func firstRowsOfDifferentEntitiesHaveDifferentIDs() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let country = Country(context: context)
            try context.save()
            #expect(person.objectID != country.objectID)
            #expect(person.objectID.uriRepresentation() != country.objectID.uriRepresentation())
        }
    }

    @Test func firstRowsOfTwoStoresHaveDifferentIDs() throws {
        let first = try TestStack()
        let second = try TestStack()
        let a = first.newContext()
        let b = second.newContext()
        let idA = try a.performAndWait {
            let person = Person(context: a)
            try a.save()
            return person.objectID
        }
        let idB = try b.performAndWait {
            let person = Person(context: b)
            try b.save()
            return person.objectID
        }
        #expect(idA != idB)
        #expect(idA.uriRepresentation() != idB.uriRepresentation())
    }

    @Test func temporaryIDIsNotFoundByAnotherContext() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let temporary = writer.performAndWait { Person(context: writer).objectID }
        #expect(temporary.isTemporaryID)
        let reader = stack.newContext()
        reader.performAndWait {
            let error = #expect(throws: (any Error).self) {
                _ = try reader.existingObject(with: temporary)
            }
            #expect(error != nil)
        }
    }

    @Test func objectIDKeepsItsEntityAcrossContexts() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let id = try writer.performAndWait {
            let dog = Dog(context: writer)
            try writer.save()
            return dog.objectID
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try reader.existingObject(with: id)
            #expect(object is Dog)
            #expect(object.entity.name == "Dog")
        }
    }
}

@Suite("Objects: more lifecycle callbacks")
struct MoreLifecycleTests {
    // awakeFromFetch: "Invoked automatically by the Core Data framework after the receiver has
    // been fetched."
    @Test func awakeFromFetchRunsForFetchedObjects() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let event = Event(context: writer)
            event.title = "t"
            try writer.save()
            #expect(event.awakeFromFetchCount == 0)
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let event = try #require(try fetchAll("Event", as: Event.self, in: reader).first)
            _ = event.title  // fire the fault
            #expect(event.awakeFromFetchCount == 1)
        }
    }

    @Test func didSaveRunsAfterSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            #expect(event.didSaveCount == 0)
            try context.save()
            #expect(event.didSaveCount == 1)
        }
    }

    @Test func prepareForDeletionRunsForDeletedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            try context.save()
            context.delete(event)
            try context.save()
            #expect(event.prepareForDeletionCount == 1)
        }
    }

    @Test func failedSaveDoesNotCallDidSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            let account = NSManagedObject(entity: try #require(TestModel.shared.entitiesByName["Account"]), insertInto: context)
            #expect(saveError(context) != nil)
            #expect(event.didSaveCount == 0)
            #expect(account.isInserted)
        }
    }
}

@Suite("Objects: equality is identity")
struct ManagedObjectEqualityTests {
    // NSManagedObject relies on NSObject's identity-based isEqual(_:) and hash (subclasses are
    // "strongly discouraged" from overriding them); the same row in two contexts gives two
    // distinct, unequal objects with equal object IDs.
    @Test func sameRowInTwoContextsIsNotEqual() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let id = try writer.performAndWait {
            let person = Person(context: writer)
            try writer.save()
            return person.objectID
        }
        let first = stack.newContext()
        let second = stack.newContext()
        let a = first.performAndWait { Unchecked(first.object(with: id)) }
        let b = second.performAndWait { Unchecked(second.object(with: id)) }
        #expect(a.value.objectID == b.value.objectID)
        #expect(a.value.isEqual(b.value) == false)
        #expect(a.value != b.value)
        #expect(Set([a.value, b.value]).count == 2)
    }

    @Test func objectEqualsItself() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(person.isEqual(person))
            #expect(person == person)
            #expect(!person.isEqual(Person(context: context)))
        }
    }
}
