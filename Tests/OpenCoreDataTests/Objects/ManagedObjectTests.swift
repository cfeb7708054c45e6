#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSManagedObject creation, entity, context and key-value coding.

@Suite("Objects: creating managed objects")
struct ManagedObjectCreationTests {
    @Test func initWithContextFindsEntityFromClass() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(person.entity.name == "Person")
            #expect(person.entity === TestModel.shared.entitiesByName["Person"])
            #expect(person.managedObjectContext === context)
            #expect(person.isInserted == true)
        }
    }

    @Test func initWithEntityInsertIntoContext() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let entity = try #require(TestModel.shared.entitiesByName["Person"])
            let person = Person(entity: entity, insertInto: context)
            #expect(person.entity === entity)
            #expect(person.managedObjectContext === context)
            #expect(person.isInserted == true)
            #expect(context.insertedObjects.contains(person))
        }
    }

    @Test func initWithEntityWithoutContextIsNotInserted() throws {
        let entity = try #require(TestModel.shared.entitiesByName["Person"])
        let person = Person(entity: entity, insertInto: nil)
        #expect(person.managedObjectContext == nil)
        #expect(person.isInserted == false)
        #expect(person.entity === entity)
    }

    @Test func insertingAnUnattachedObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let entity = try #require(TestModel.shared.entitiesByName["Person"])
            let person = Person(entity: entity, insertInto: nil)
            person.setValue("Detached", forKey: "name")
            context.insert(person)
            #expect(person.managedObjectContext === context)
            #expect(person.isInserted == true)
            try context.save()
            #expect(try count("Person", in: context) == 1)
            #expect(person.value(forKey: "name") as? String == "Detached")
        }
    }

    @Test func entityWithoutClassUsesNSManagedObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let entity = try #require(TestModel.shared.entitiesByName["Owner"])
            let owner = NSManagedObject(entity: entity, insertInto: context)
            #expect(type(of: owner) == NSManagedObject.self)
            #expect(owner.entity.name == "Owner")
        }
    }

    @Test func fetchedObjectsAreInstancesOfTheEntityClass() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            _ = Person(context: writer)
            _ = Dog(context: writer)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let people = try reader.fetch(NSFetchRequest<NSManagedObject>(entityName: "Person"))
            #expect(people.count == 1)
            #expect(people.first is Person)
            let dogs = try reader.fetch(NSFetchRequest<NSManagedObject>(entityName: "Dog"))
            #expect(dogs.first is Dog)
        }
    }

    @Test func managedObjectIsAnNSObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let object: NSObject = person
            #expect(object === person)
        }
    }
}

@Suite("Objects: attribute values through key-value coding")
struct KeyValueCodingTests {
    @Test func stringRoundTrip() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            person.setValue("Ada", forKey: "name")
            #expect(person.value(forKey: "name") as? String == "Ada")
            person.setValue(nil, forKey: "name")
            #expect(person.value(forKey: "name") == nil)
        }
    }

    @Test func unsetOptionalAttributeIsNil() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            #expect(object.value(forKey: "optionalInt") == nil)
            #expect(object.value(forKey: "date") == nil)
            #expect(object.value(forKey: "data") == nil)
            #expect(object.value(forKey: "uuid") == nil)
            #expect(object.value(forKey: "uri") == nil)
        }
    }

    // Integer attributes hold NSNumber, so bridging casts behave as on Apple platforms.
    @Test(arguments: ["int16", "int32", "int64"])
    func integerAttributesReturnNSNumber(key: String) throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(7, forKey: key)
            let value = object.value(forKey: key)
            #expect(value is NSNumber)
            #expect(value as? Int == 7)
            #expect(value as? Int16 == 7)
            #expect(value as? Int32 == 7)
            #expect(value as? Int64 == 7)
            #expect((value as? NSNumber)?.intValue == 7)
        }
    }

    @Test(arguments: ["int16", "int32", "int64"])
    func integerAttributesAcceptNSNumber(key: String) throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(NSNumber(value: 12), forKey: key)
            #expect(object.value(forKey: key) as? Int == 12)
        }
    }

    @Test func int64HoldsLargeValues() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(Int64.max, forKey: "int64")
            #expect(object.value(forKey: "int64") as? Int64 == Int64.max)
            object.setValue(Int64.min, forKey: "int64")
            #expect(object.value(forKey: "int64") as? Int64 == Int64.min)
        }
    }

    @Test func doubleAttribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(3.25, forKey: "double")
            let value = object.value(forKey: "double")
            #expect(value is NSNumber)
            #expect(value as? Double == 3.25)
        }
    }

    @Test func floatAttribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(Float(1.25), forKey: "float")
            let value = object.value(forKey: "float")
            #expect(value is NSNumber)
            #expect(value as? Float == 1.25)
            #expect(value as? Double == 1.25)
        }
    }

    @Test(arguments: [true, false])
    func booleanAttribute(flag: Bool) throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(flag, forKey: "boolean")
            let value = object.value(forKey: "boolean")
            #expect(value is NSNumber)
            #expect(value as? Bool == flag)
            #expect((value as? NSNumber)?.boolValue == flag)
        }
    }

    @Test func decimalAttributeIsNSDecimalNumber() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(Decimal(string: "12.34"), forKey: "decimal")
            let value = object.value(forKey: "decimal")
            #expect(value is NSDecimalNumber)
            #expect((value as? NSDecimalNumber)?.decimalValue == Decimal(string: "12.34"))
            #expect(value as? NSDecimalNumber == NSDecimalNumber(string: "12.34"))
        }
    }

    @Test func decimalAttributeAcceptsNSDecimalNumber() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue(NSDecimalNumber(string: "0.1"), forKey: "decimal")
            #expect((object.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == Decimal(string: "0.1"))
        }
    }

    @Test func dateDataUUIDURLRoundTrip() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            let date = Date(timeIntervalSince1970: 1_700_000_000)
            let data = Data([0xDE, 0xAD, 0xBE, 0xEF])
            let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            let url = URL(string: "https://example.com/a?b=c")!
            object.setValue(date, forKey: "date")
            object.setValue(data, forKey: "data")
            object.setValue(uuid, forKey: "uuid")
            object.setValue(url, forKey: "uri")
            #expect(object.value(forKey: "date") as? Date == date)
            #expect(object.value(forKey: "data") as? Data == data)
            #expect(object.value(forKey: "uuid") as? UUID == uuid)
            #expect(object.value(forKey: "uri") as? URL == url)
        }
    }

    @Test func valuesSurviveSaveAndFetchInAnotherContext() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        let uuid = UUID()
        try writer.performAndWait {
            let object = AllTypes(context: writer)
            object.setValue(-3, forKey: "int16")
            object.setValue(70_000, forKey: "int32")
            object.setValue(5_000_000_000, forKey: "int64")
            object.setValue(Decimal(string: "99.99"), forKey: "decimal")
            object.setValue(-0.5, forKey: "double")
            object.setValue(Float(8.5), forKey: "float")
            object.setValue("saved", forKey: "string")
            object.setValue(false, forKey: "boolean")
            object.setValue(date, forKey: "date")
            object.setValue(Data([1, 2, 3]), forKey: "data")
            object.setValue(uuid, forKey: "uuid")
            object.setValue(URL(string: "file:///tmp/x")!, forKey: "uri")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try #require(try fetchAll("AllTypes", in: reader).first)
            #expect(object.value(forKey: "int16") as? Int16 == -3)
            #expect(object.value(forKey: "int32") as? Int32 == 70_000)
            #expect(object.value(forKey: "int64") as? Int64 == 5_000_000_000)
            #expect((object.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == Decimal(string: "99.99"))
            #expect(object.value(forKey: "double") as? Double == -0.5)
            #expect(object.value(forKey: "float") as? Float == 8.5)
            #expect(object.value(forKey: "string") as? String == "saved")
            #expect(object.value(forKey: "boolean") as? Bool == false)
            #expect(object.value(forKey: "date") as? Date == date)
            #expect(object.value(forKey: "data") as? Data == Data([1, 2, 3]))
            #expect(object.value(forKey: "uuid") as? UUID == uuid)
            #expect(object.value(forKey: "uri") as? URL == URL(string: "file:///tmp/x"))
        }
    }

    @Test func primitiveValueRoundTrip() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            person.setPrimitiveValue("Primitive", forKey: "name")
            #expect(person.primitiveValue(forKey: "name") as? String == "Primitive")
            #expect(person.value(forKey: "name") as? String == "Primitive")
            person.setValue("Public", forKey: "name")
            #expect(person.primitiveValue(forKey: "name") as? String == "Public")
        }
    }

    @Test func transientAttributeHoldsAValue() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.setValue("scratch value", forKey: "scratch")
            #expect(object.value(forKey: "scratch") as? String == "scratch value")
        }
    }

    @Test func transientAttributeIsNotSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let object = AllTypes(context: writer)
            object.setValue("scratch value", forKey: "scratch")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try #require(try fetchAll("AllTypes", in: reader).first)
            #expect(object.value(forKey: "scratch") == nil)
        }
    }
}

@Suite("Objects: default values")
struct DefaultValueTests {
    // The model's default values are readable right after insertion.
    @Test func defaultsApplyAtInsert() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            #expect(object.value(forKey: "int16") as? Int16 == 16)
            #expect(object.value(forKey: "int32") as? Int32 == 32)
            #expect(object.value(forKey: "int64") as? Int64 == 64)
            #expect(object.value(forKey: "int64") as? Int == 64)
            #expect((object.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == Decimal(string: "1.5"))
            #expect(object.value(forKey: "double") as? Double == 2.5)
            #expect(object.value(forKey: "float") as? Float == 0.5)
            #expect(object.value(forKey: "string") as? String == "default")
            #expect(object.value(forKey: "boolean") as? Bool == true)
            #expect(object.value(forKey: "date") == nil)
        }
    }

    @Test func defaultsApplyWithInitEntityInsertInto() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let entity = try #require(TestModel.shared.entitiesByName["AllTypes"])
            let object = NSManagedObject(entity: entity, insertInto: context)
            #expect(object.value(forKey: "int16") as? Int == 16)
            #expect(object.value(forKey: "string") as? String == "default")
        }
    }

    @Test func defaultsOfSuperentityApplyToSubentities() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let dog = Dog(context: context)
            let cat = Cat(context: context)
            #expect(dog.value(forKey: "legs") as? Int16 == 4)
            #expect(cat.value(forKey: "legs") as? Int == 4)
            #expect(cat.value(forKey: "indoor") as? Bool == true)
        }
    }

    @Test func defaultsAreSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            _ = AllTypes(context: writer)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let object = try #require(try fetchAll("AllTypes", in: reader).first)
            #expect(object.value(forKey: "int32") as? Int == 32)
            #expect(object.value(forKey: "string") as? String == "default")
        }
    }

    @Test func emptyToManyRelationshipsAreEmptySets() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let tags = person.value(forKey: "tags")
            #expect(tags is NSSet)
            #expect((tags as? NSSet)?.count == 0)
            let notes = person.value(forKey: "notes")
            #expect(notes is NSOrderedSet)
            #expect((notes as? NSOrderedSet)?.count == 0)
            #expect(person.value(forKey: "country") == nil)
        }
    }
}
