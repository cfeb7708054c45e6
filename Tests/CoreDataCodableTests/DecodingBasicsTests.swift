import CoreDataCodable
import Foundation
import Testing

@Suite("Decoding: context, attributes, null and missing keys")
struct DecodingBasicsTests {
    @Test func decodingWithoutContextThrowsMissingContext() throws {
        let error = #expect(throws: CoreDataCodableError.self) {
            try JSONDecoder().decode(Person.self, from: Fixture.data("personWithoutContext"))
        }
        #expect(error?.code == CoreDataCodableError.missingContext)
    }

    @Test func missingContextMatchesInCatchPattern() throws {
        do {
            _ = try JSONDecoder().decode(Many<Person>.self, from: Fixture.data("people"))
            Issue.record("decoding succeeded without a context")
        } catch CoreDataCodableError.missingContext {
            // expected
        }
    }

    @Test func contextWithoutModelThrowsMissingModel() throws {
        let decoder = JSONDecoder()
        decoder.managedObjectContext = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        let error = #expect(throws: CoreDataCodableError.self) {
            try decoder.decode(Person.self, from: Fixture.data("personWithoutContext"))
        }
        #expect(error?.code == CoreDataCodableError.missingModel)
    }

    @Test func contextSetOnTheDecoderIsReadBack() throws {
        let stack = try TestStack()
        let decoder = JSONDecoder()
        decoder.managedObjectContext = stack.context
        #expect(decoder.managedObjectContext === stack.context)
        decoder.managedObjectContext = nil
        #expect(decoder.managedObjectContext == nil)
        #expect(decoder.userInfo[.managedObjectContext] == nil)
    }

    @Test func contextStoredInUserInfoDirectlyIsUsed() throws {
        let stack = try TestStack()
        let decoder = JSONDecoder()
        decoder.userInfo[.managedObjectContext] = stack.context
        #expect(decoder.managedObjectContext === stack.context)
        let person = try decoder.decode(Person.self, from: Fixture.data("person"))
        stack.read { #expect(person.managedObjectContext === stack.context) }
    }

    @Test func decodesPersonWithRelationships() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        stack.read {
            #expect(person.personId == 1)
            #expect(person.fullName == "Marco Polo")
            #expect(person.city == "Murcia")
            #expect(person.date == Date(timeIntervalSince1970: 1_572_566_400))
            #expect(person.country?.id == 34)
            #expect(person.country?.name == "Spain")
            #expect(person.attributesSet.map(\.id).sorted() == [1, 2])
            #expect(person.attributesSet.compactMap(\.name).sorted() == ["funny", "tall"])
            #expect(person.customValue == "custom")
            #expect(person.managedObjectContext === stack.context)
        }
        #expect(try stack.count("Person") == 1)
        #expect(try stack.count("PersonAttribute") == 2)
        #expect(try stack.count("Country") == 1)
    }

    @Test func nullSetsOptionalAttributeToNil() throws {
        let stack = try TestStack()
        stack.insertPerson(1, fullName: "Old", city: "Murcia")
        let person = try stack.decode(Person.self, fixture: "personNilCity")
        stack.read {
            #expect(person.city == nil)
            #expect(person.fullName == "Marco Polo")
        }
    }

    @Test func missingKeyLeavesValueUnchangedOnUpdate() throws {
        let stack = try TestStack()
        stack.insertPerson(1, fullName: "Marco Polo", city: "Murcia")
        let person = try stack.decode(Person.self, fixture: "personUpdate")
        stack.read {
            #expect(person.fullName == "Marco Polo Jr.")
            #expect(person.city == "Murcia")
        }
    }

    @Test func keyDecodingStrategyApplies() throws {
        let stack = try TestStack()
        let decoder = stack.decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let person = try stack.decode(Person.self, fixture: "personSnakeCase", with: decoder)
        stack.read {
            #expect(person.personId == 1)
            #expect(person.fullName == "Marco Polo")
            #expect(person.city == "Murcia")
        }
    }

    @Test func wrongJSONTypeThrowsTypeMismatchWithPath() throws {
        let stack = try TestStack()
        stack.insertPerson(1, fullName: "Kept")
        let error = #expect(throws: DecodingError.self) {
            try stack.decode(Person.self, fixture: "personWrongType")
        }
        #expect(isTypeMismatch(error))
        #expect(codingPath(of: error) == ["fullName"])
        let people = try stack.all(Person.self, entity: "Person")
        stack.read { #expect(people.map(\.fullName) == ["Kept"]) }
    }

    @Test func missingIdentityThrowsWithReceivedKeys() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decode(Person.self, fixture: "personMissingId")
        }
        #expect(error?.code == CoreDataCodableError.missingIdentity)
        #expect(error?.entityName == "Person")
        #expect(error?.receivedKeys == ["city", "fullName"])
        #expect(error?.identityAttributes == ["personId"])
        #expect(error?.description.contains("personId") == true)
        #expect(try stack.count("Person") == 0)
    }

    @Test func classWithoutEntityThrowsEntityNotFound() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decoder().decode(Unmodeled.self, from: Data("{}".utf8))
        }
        #expect(error?.code == CoreDataCodableError.entityNotFound)
        #expect(error?.description.contains("Unmodeled") == true)
    }

    @Test func identityNamingNoAttributeThrows() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decoder().decode(UnknownIdentity.self, from: Data(#"{"id": 1}"#.utf8))
        }
        #expect(error?.code == CoreDataCodableError.unknownIdentityAttribute)
        #expect(error?.propertyName == "identifier")
    }

    @Test func identityWithoutCodingKeyThrows() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decoder().decode(UnmappedIdentity.self, from: Data(#"{"name": "a"}"#.utf8))
        }
        #expect(error?.code == CoreDataCodableError.unmappedIdentity)
        #expect(error?.propertyName == "id")
    }

    @Test func entityWithoutIdentityInsertsEveryTime() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<LogEntry>.self, fixture: "logEntries")
        _ = try stack.decode(Many<LogEntry>.self, fixture: "logEntries")
        #expect(try stack.count("LogEntry") == 4)
    }

    @Test func nothingIsSavedImplicitly() throws {
        let stack = try TestStack()
        _ = try stack.decode(Person.self, fixture: "person")
        stack.read {
            #expect(stack.context.hasChanges)
            #expect(stack.context.insertedObjects.count == 4)
        }
    }
}
