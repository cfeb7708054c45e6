import CoreDataCodable
import Foundation
import Testing

@Suite("A failed decode leaves the context as it was")
struct RollbackTests {
    /// The person of the `person` fixture, decoded into `stack` before a decode of `fixture` as
    /// `type`, which is expected to fail.
    private func savedPersonAfterFailedDecode<T: Decodable>(_ type: T.Type, fixture: String, in stack: TestStack) throws -> Person {
        let person = try stack.decode(Person.self, fixture: "person")
        #expect(throws: DecodingError.self) {
            try stack.decode(type, fixture: fixture)
        }
        return person
    }

    @Test func failedDecodeRemovesInsertedObjects() throws {
        let stack = try TestStack()
        #expect(throws: DecodingError.self) {
            try stack.decode(Person.self, fixture: "personFailsLate")
        }
        #expect(try stack.count("Person") == 0)
        #expect(try stack.count("Country") == 0)
        #expect(try stack.count("PersonAttribute") == 0)
        stack.read { #expect(stack.context.insertedObjects.isEmpty) }
    }

    @Test func failedDecodeRestoresUpdatedObjects() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let country = try #require(stack.read { person.country })
        #expect(throws: DecodingError.self) {
            try stack.decode(Person.self, fixture: "personFailsLate")
        }
        stack.read {
            #expect(person.fullName == "Marco Polo")
            #expect(person.country === country)
            #expect(country.people == [person])
            #expect(person.attributesSet.map(\.id).sorted() == [1, 2])
        }
        #expect(try stack.count("Person") == 1)
        #expect(try stack.count("Country") == 1)
        #expect(try stack.count("PersonAttribute") == 2)
    }

    @Test func failedDecodeRestoresObjectUpdatedAgainAfterCaughtFailure() throws {
        let stack = try TestStack()
        let person = try savedPersonAfterFailedDecode(Retry.self, fixture: "retry", in: stack)
        stack.read {
            #expect(person.fullName == "Marco Polo")
            #expect(person.city == "Murcia")
        }
        #expect(try stack.count("Retry") == 0)
    }

    @Test func failedManyDecodeRestoresElementsChangedAfterTheirHooks() throws {
        let stack = try TestStack()
        let person = try savedPersonAfterFailedDecode(Many<Country>.self, fixture: "countryRenamedFailsLate", in: stack)
        stack.read { #expect(person.country?.name == "Spain") }
        #expect(try stack.count("Country") == 1)
    }

    @Test func failedDecodeRestoresRelatedObjectsChangedAfterTheirHooks() throws {
        let stack = try TestStack()
        let person = try savedPersonAfterFailedDecode(Many<Person>.self, fixture: "attributeRenamedFailsLate", in: stack)
        stack.read {
            #expect(person.attributesSet.compactMap(\.name).sorted() == ["funny", "tall"])
        }
    }

    @Test func failedDecodeRestoresRelatedObjectsMovedToAnotherObject() throws {
        let stack = try TestStack()
        let person = try savedPersonAfterFailedDecode(Many<Person>.self, fixture: "attributeMovedFailsLate", in: stack)
        stack.read {
            #expect(person.attributesSet.map(\.id).sorted() == [1, 2])
            #expect(person.attributesSet.allSatisfy { $0.person === person })
        }
        #expect(try stack.count("Person") == 1)
        #expect(try stack.count("PersonAttribute") == 2)
    }

    @Test func failedDecodeRestoresRelatedObjectsChangedByCustomHooks() throws {
        let stack = try TestStack()
        let person = try savedPersonAfterFailedDecode(Many<Renamer>.self, fixture: "renamersFailLate", in: stack)
        stack.read { #expect(person.country?.name == "Spain") }
        #expect(try stack.count("Country") == 1)
    }

    @Test func failedDecodeRemovesObjectsInsertedByPlainDecodableDestinations() throws {
        let stack = try TestStack()
        #expect(throws: DecodingError.self) {
            try stack.decode(Holder.self, fixture: "holderFailsLate")
        }
        #expect(try stack.count("Note") == 0)
        #expect(try stack.count("Holder") == 0)
        #expect(try stack.count("Person") == 0)
    }

    @Test func failedManyDecodeRemovesEveryInsertedElement() throws {
        let stack = try TestStack()
        let json = Data(#"[{"personId": 1}, {"personId": 2}, {"personId": "three"}]"#.utf8)
        #expect(throws: DecodingError.self) {
            try stack.decoder().decode(Many<Person>.self, from: json)
        }
        #expect(try stack.count("Person") == 0)
    }

    @Test func failureInsideCustomHookRollsBackNestedWork() throws {
        struct Wrapper: Decodable {
            let person: Person
            let failing: Int
        }
        let stack = try TestStack()
        let json = Data(#"{"person": {"personId": 1, "country": {"id": 2}}, "failing": "x"}"#.utf8)
        #expect(throws: DecodingError.self) {
            try stack.decoder().decode(Wrapper.self, from: json)
        }
        // The person decoded before the failure belongs to a completed decode: it stays.
        #expect(try stack.count("Person") == 1)
    }

    /// A response of a single object, an array and a plain value.
    private struct Page: Decodable {
        let person: Person
        let people: Many<Person>
        let failing: Int
    }

    @Test func responseDecodedAsOneImportUndoesEveryFieldOnFailure() throws {
        let stack = try TestStack()
        #expect(throws: DecodingError.self) {
            try stack.context.decode(Page.self, from: Fixture.data("pageFailsLate"), using: stack.decoder())
        }
        #expect(try stack.count("Person") == 0)
        #expect(try stack.count("Country") == 0)
        stack.read { #expect(!stack.context.hasChanges) }
    }

    @Test func responseDecodedAsOneImportRelatesAcrossFields() throws {
        let stack = try TestStack()
        let page = try stack.context.decode(Page.self, from: Fixture.data("page"), using: stack.decoder())
        stack.read {
            #expect(page.people.first?.country === page.person.country)
            #expect(page.failing == 7)
        }
        #expect(try stack.count("Country") == 1)
    }
}
