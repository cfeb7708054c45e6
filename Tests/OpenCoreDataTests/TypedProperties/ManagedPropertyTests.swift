#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// `@Managed` typed properties read and write through value(forKey:)/setValue(_:forKey:), so the
// values seen through key-value coding, change tracking and inverses are the same as for KVC.

@Suite("Typed properties: attributes")
struct ManagedAttributeTests {
    @Test func optionalStringReadsAndWritesThroughKVC() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(person.name == nil)
            person.name = "Ada"
            #expect(person.value(forKey: "name") as? String == "Ada")
            person.setValue("Grace", forKey: "name")
            #expect(person.name == "Grace")
            person.name = nil
            #expect(person.value(forKey: "name") == nil)
        }
    }

    @Test func explicitKeyNamesTheAttribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            person.alias = "Countess"
            #expect(person.value(forKey: "nickname") as? String == "Countess")
            person.setValue("Lovelace", forKey: "nickname")
            #expect(person.alias == "Lovelace")
        }
    }

    #if !canImport(CoreData)
    @Test func aManagedPropertyTakesFourBytesOfItsObject() {
        #expect(MemoryLayout<Managed<String?>>.size == 4)
        #expect(MemoryLayout<Managed<Set<Tag>>>.size == 4)
    }
    #endif

    @Test func int64WithDefault() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            #expect(person.age == 0)
            person.age = 42
            #expect(person.value(forKey: "age") as? Int64 == 42)
            #expect(person.value(forKey: "age") as? Int == 42)
        }
    }

    @Test func defaultsReadThroughTypedProperties() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            #expect(object.int16 == 16)
            #expect(object.int32 == 32)
            #expect(object.int64 == 64)
            #expect(object.int64AsInt == 64)
            #expect(object.decimal == Decimal(string: "1.5"))
            #expect(object.double == 2.5)
            #expect(object.float == 0.5)
            #expect(object.string == "default")
            #expect(object.boolean == true)
            #expect(object.date == nil)
            #expect(object.optionalInt == nil)
        }
    }

    @Test func numericTypedPropertiesStoreNSNumbers() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.int16 = -16
            object.int32 = 320_000
            object.int64 = 6_400_000_000
            object.double = 1.125
            object.float = 2.25
            object.boolean = false
            #expect(object.value(forKey: "int16") as? Int == -16)
            #expect(object.value(forKey: "int32") as? Int == 320_000)
            #expect(object.value(forKey: "int64") as? Int64 == 6_400_000_000)
            #expect(object.value(forKey: "double") as? Double == 1.125)
            #expect(object.value(forKey: "float") as? Float == 2.25)
            #expect(object.value(forKey: "boolean") as? Bool == false)
            #expect(object.value(forKey: "int16") is NSNumber)
            #expect(object.value(forKey: "boolean") is NSNumber)
        }
    }

    @Test func intPropertyOverInteger64Attribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.int64AsInt = 123
            #expect(object.int64 == 123)
            #expect(object.value(forKey: "int64") as? Int == 123)
        }
    }

    @Test func decimalTypedProperty() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.decimal = Decimal(string: "3.14159")!
            #expect(object.decimal == Decimal(string: "3.14159"))
            #expect(object.value(forKey: "decimal") is NSDecimalNumber)
            #expect((object.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == Decimal(string: "3.14159"))
        }
    }

    @Test func foundationValueTypedProperties() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            let date = Date(timeIntervalSinceReferenceDate: 12_345)
            let uuid = UUID()
            let url = URL(string: "https://swift.org")!
            object.date = date
            object.data = Data("bytes".utf8)
            object.uuid = uuid
            object.uri = url
            #expect(object.date == date)
            #expect(object.data == Data("bytes".utf8))
            #expect(object.uuid == uuid)
            #expect(object.uri == url)
            #expect(object.value(forKey: "date") as? Date == date)
            #expect(object.value(forKey: "uuid") as? UUID == uuid)
            #expect(object.value(forKey: "uri") as? URL == url)
        }
    }

    @Test func optionalScalarTypedProperties() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let object = AllTypes(context: context)
            object.optionalInt = 9
            #expect(object.value(forKey: "optionalInt") as? Int == 9)
            object.optionalInt = nil
            #expect(object.value(forKey: "optionalInt") == nil)
            #expect(object.optionalBoolean == true)
            #expect(object.optionalDouble == 2.5)
            #expect(object.optionalDecimal == Decimal(string: "1.5"))
            #expect(object.optionalInt16 == 16)
            #expect(object.optionalInt32 == 32)
            #expect(object.optionalFloat == 0.5)
            object.optionalBoolean = nil
            #expect(object.value(forKey: "boolean") == nil)
        }
    }

    @Test func typedWritesAreTrackedAsChanges() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Before"
            try context.save()
            person.name = "After"
            #expect(person.isUpdated == true)
            #expect(person.changedValues()["name"] as? String == "After")
            #expect(person.committedValues(forKeys: ["name"])["name"] as? String == "Before")
        }
    }

    @Test func typedValuesSurviveSave() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            person.name = "Saved"
            person.age = 77
            person.alias = "S"
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let request: NSFetchRequest<Person> = Person.fetchRequest()
            let person = try #require(try reader.fetch(request).first)
            #expect(person.name == "Saved")
            #expect(person.age == 77)
            #expect(person.alias == "S")
        }
    }

    @Test func inheritedTypedProperties() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let dog = Dog(context: context)
            dog.name = "Rex"
            dog.breed = "Collie"
            #expect(dog.legs == 4)
            dog.legs = 3
            #expect(dog.value(forKey: "name") as? String == "Rex")
            #expect(dog.value(forKey: "breed") as? String == "Collie")
            #expect(dog.value(forKey: "legs") as? Int16 == 3)
            let cat = Cat(context: context)
            #expect(cat.indoor == true)
            cat.indoor = false
            #expect(cat.value(forKey: "indoor") as? Bool == false)
        }
    }
}

@Suite("Typed properties: relationships")
struct ManagedRelationshipTests {
    @Test func toOneTypedProperty() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let country = Country(context: context)
            #expect(person.country == nil)
            person.country = country
            #expect(person.country === country)
            #expect(person.value(forKey: "country") as? Country === country)
            #expect(country.people.contains(person))
            person.country = nil
            #expect(country.people.count == 0)
        }
    }

    @Test func toManyAsSwiftSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let a = Tag(context: context)
            let b = Tag(context: context)
            #expect(person.tags.isEmpty)
            person.tags = [a, b]
            #expect(person.tags == [a, b])
            #expect(a.people == [person])
            #expect(b.people == [person])
            #expect((person.value(forKey: "tags") as? NSSet)?.count == 2)
            person.tags = [b]
            #expect(a.people.isEmpty)
            #expect(b.people == [person])
        }
    }

    @Test func toManyAsNSSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let country = Country(context: context)
            let a = Person(context: context)
            let b = Person(context: context)
            country.people = NSSet(array: [a, b])
            #expect(country.people.count == 2)
            #expect(a.country === country)
            #expect(b.country === country)
        }
    }

    @Test func toManyAsNSOrderedSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let first = Note(context: context)
            first.text = "1"
            let second = Note(context: context)
            second.text = "2"
            person.notes = NSOrderedSet(array: [second, first])
            #expect(person.notes.count == 2)
            #expect(person.notes.object(at: 0) as? Note === second)
            #expect(person.notes.object(at: 1) as? Note === first)
            #expect(first.person === person)
            #expect(second.person === person)
        }
    }

    @Test func settingInverseToOneShowsInTypedSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let tag = Tag(context: context)
            tag.people = [person]
            #expect(person.tags == [tag])
        }
    }
}
