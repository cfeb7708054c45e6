#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// isInserted / isUpdated / isDeleted / hasChanges, changedValues(), committedValues(forKeys:).

@Suite("Objects: change tracking")
struct ChangeTrackingTests {
    @Test func newObjectFlags() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(person.isInserted == true)
            #expect(person.isUpdated == false)
            #expect(person.isDeleted == false)
            #expect(person.hasChanges == true)
        }
    }

    @Test func flagsAreClearedBySave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Ada", forKey: "name")
            try context.save()
            #expect(person.isInserted == false)
            #expect(person.isUpdated == false)
            #expect(person.isDeleted == false)
            #expect(person.hasChanges == false)
            #expect(person.managedObjectContext === context)
        }
    }

    @Test func modifyingASavedObjectMarksItUpdated() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            person.setValue("Changed", forKey: "name")
            #expect(person.isUpdated == true)
            #expect(person.isInserted == false)
            #expect(person.hasChanges == true)
            #expect(context.updatedObjects.contains(person))
            #expect(context.hasChanges == true)
        }
    }

    @Test func deletingMarksObjectDeleted() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            context.delete(person)
            #expect(person.isDeleted == true)
            #expect(person.hasChanges == true)
            #expect(context.deletedObjects.contains(person))
            #expect(context.hasChanges == true)
        }
    }

    @Test func savedDeletionLeavesNoChanges() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            context.delete(person)
            try context.save()
            #expect(context.deletedObjects.isEmpty)
            #expect(context.hasChanges == false)
            #expect(try count("Person", in: context) == 0)
        }
    }

    @Test func insertThenDeleteBeforeSaveWritesNothing() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            context.delete(person)
            try context.save()
            #expect(context.insertedObjects.isEmpty)
            #expect(context.hasChanges == false)
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Person", in: reader) == 0)
        }
    }

    @Test func changedValuesHoldsNewValues() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Old", forKey: "name")
            try context.save()
            #expect(person.changedValues().isEmpty)
            person.setValue("New", forKey: "name")
            let changes = person.changedValues()
            #expect(changes.count == 1)
            #expect(changes["name"] as? String == "New")
        }
    }

    @Test func changedValuesOfInsertedObjectIncludesSetAttributes() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            person.setValue("Ada", forKey: "name")
            person.setValue(36, forKey: "age")
            let changes = person.changedValues()
            #expect(changes["name"] as? String == "Ada")
            #expect(changes["age"] as? Int == 36)
        }
    }

    // "This method only reports changes to properties that are persistent properties of the
    // receiver, not changes to transient properties or custom instance variables."
    @Test func changedValuesIgnoresTransientAttributes() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let object = AllTypes(context: context)
            try context.save()
            object.setValue("temporary", forKey: "scratch")
            #expect(object.changedValues()["scratch"] == nil)
        }
    }

    @Test func changedValuesIsEmptyAfterSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Ada", forKey: "name")
            try context.save()
            #expect(person.changedValues().isEmpty)
        }
    }

    @Test func committedValuesHoldLastSavedValues() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Saved", forKey: "name")
            try context.save()
            person.setValue("Unsaved", forKey: "name")
            let committed = person.committedValues(forKeys: ["name"])
            #expect(committed["name"] as? String == "Saved")
            #expect(person.value(forKey: "name") as? String == "Unsaved")
        }
    }

    // "nil values are represented by an instance of NSNull."
    @Test func committedNilValuesAreNSNull() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            person.setValue("Now set", forKey: "nickname")
            let committed = person.committedValues(forKeys: ["nickname"])
            #expect(committed["nickname"] is NSNull)
        }
    }

    @Test func committedValuesForNilKeysCoverPersistentProperties() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Ada", forKey: "name")
            person.setValue(36, forKey: "age")
            try context.save()
            let committed = person.committedValues(forKeys: nil)
            #expect(committed["name"] as? String == "Ada")
            #expect(committed["age"] as? Int == 36)
            #expect(committed.keys.contains("country"))
        }
    }

    @Test func committedValuesUpdateAfterSecondSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("One", forKey: "name")
            try context.save()
            person.setValue("Two", forKey: "name")
            try context.save()
            #expect(person.committedValues(forKeys: ["name"])["name"] as? String == "Two")
        }
    }

    @Test func contextChangeSets() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let kept = Person(context: context)
            let removed = Person(context: context)
            try context.save()
            let added = Person(context: context)
            kept.setValue("Changed", forKey: "name")
            context.delete(removed)
            #expect(context.insertedObjects == [added])
            #expect(context.updatedObjects == [kept])
            #expect(context.deletedObjects == [removed])
        }
    }

    @Test func freshContextHasNoChanges() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            #expect(context.hasChanges == false)
            #expect(context.insertedObjects.isEmpty)
            #expect(context.updatedObjects.isEmpty)
            #expect(context.deletedObjects.isEmpty)
            #expect(context.registeredObjects.isEmpty)
        }
    }

    @Test func registeredObjectsIncludeInsertedAndFetched() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            _ = Person(context: writer)
            try writer.save()
        }
        let context = stack.newContext()
        try context.performAndWait {
            let fetched = try #require(try fetchAll("Person", in: context).first)
            let inserted = Country(context: context)
            #expect(context.registeredObjects.contains(fetched))
            #expect(context.registeredObjects.contains(inserted))
        }
    }

    @Test func changedValuesListChangesPastTheSixtyFourthProperty() throws {
        let entity = NSEntityDescription()
        entity.name = "Wide"
        entity.managedObjectClassName = NSStringFromClass(NSManagedObject.self)
        entity.properties = (0..<70).map { TestModel.attribute("a\($0)", .integer64AttributeType, defaultValue: 0) }
        let model = NSManagedObjectModel()
        model.entities = [entity]
        let stack = try TestStack(model: model, name: "Wide")
        let context = stack.newContext()
        try context.performAndWait {
            let object = NSManagedObject(entity: entity, insertInto: context)
            try context.save()
            for name in ["a1", "a64", "a69"] { object.setValue(7, forKey: name) }
            #expect(Set(object.changedValues().keys) == ["a1", "a64", "a69"])
        }
    }
}

@Suite("Objects: lifecycle callbacks")
struct LifecycleTests {
    @Test func awakeFromInsertRunsOnceAtInsert() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let event = Event(context: context)
            #expect(event.awakeFromInsertCount == 1)
            // Values set with the primitive accessor in awakeFromInsert are visible.
            #expect(event.value(forKey: "createdAt") as? Date == Event.awakeDate)
        }
    }

    @Test func awakeFromInsertRunsForInitEntityInsertInto() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let entity = try #require(TestModel.shared.entitiesByName["Event"])
            let event = Event(entity: entity, insertInto: context)
            #expect(event.awakeFromInsertCount == 1)
        }
    }

    @Test func awakeFromInsertDoesNotRunOnFetch() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            _ = Event(context: writer)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let event = try #require(try fetchAll("Event", as: Event.self, in: reader).first)
            #expect(event.awakeFromInsertCount == 0)
            #expect(event.value(forKey: "createdAt") as? Date == Event.awakeDate)
        }
    }

    @Test func willSaveRunsForSavedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            #expect(event.willSaveCount == 0)
            try context.save()
            #expect(event.willSaveCount >= 1)
        }
    }

    @Test func willSaveDoesNotRunForUnchangedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            try context.save()
            let after = event.willSaveCount
            _ = Event(context: context)
            try context.save()
            #expect(event.willSaveCount == after)
        }
    }

    @Test func changesMadeInWillSaveAreSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let event = Event(context: writer)
            event.setValue("launch", forKey: "title")
            try writer.save()
            #expect(event.value(forKey: "revision") as? String == "LAUNCH")
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let event = try #require(try fetchAll("Event", in: reader).first)
            #expect(event.value(forKey: "revision") as? String == "LAUNCH")
        }
    }
}
