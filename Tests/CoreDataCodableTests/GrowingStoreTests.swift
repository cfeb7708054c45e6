import CoreDataCodable
import Foundation
import Testing

/// Imports into a store that already holds many objects: their cost must follow the payload. A person
/// naming a stored country must not load the country's other people.
@Suite("Imports into a growing store")
struct GrowingStoreTests {
    /// A store with `count` saved people of country 34, and the context reset.
    private func storeWithPeopleOfSpain(_ count: Int) throws -> TestStack {
        let stack = try TestStack()
        let json = "[" + (1...count).map { #"{"personId": \#($0), "country": {"id": 34, "name": "Spain"}}"# }.joined(separator: ",") + "]"
        _ = try stack.decoder().decode(Many<Person>.self, from: Data(json.utf8))
        try stack.read {
            try stack.context.save()
            stack.context.reset()
        }
        return stack
    }

    @Test func relatingToAStoredCountryLeavesItsPeopleUnloaded() throws {
        let stack = try storeWithPeopleOfSpain(20)
        let person = try stack.decoder().decode(Person.self, from: Data(#"{"personId": 100, "country": {"id": 34}}"#.utf8))
        stack.read {
            let country = person.country
            #expect(country?.hasFault(forRelationshipNamed: "people") == true)
            #expect(stack.context.registeredObjects.count == 2)
        }
    }

    @Test func theCountryReadsBackItsStoredAndNewPeople() throws {
        let stack = try storeWithPeopleOfSpain(20)
        let person = try stack.decoder().decode(Person.self, from: Data(#"{"personId": 100, "country": {"id": 34}}"#.utf8))
        stack.read {
            #expect(person.country?.people.map(\.personId).sorted() == Array(1...20) + [100])
        }
    }

    @Test func reimportingPeopleLeavesTheirCountrysPeopleUnloaded() throws {
        let stack = try storeWithPeopleOfSpain(20)
        let json = "[" + (1...5).map { #"{"personId": \#($0), "fullName": "P\#($0)", "country": {"id": 34}}"# }.joined(separator: ",") + "]"
        let people = try stack.decoder().decode(Many<Person>.self, from: Data(json.utf8))
        stack.read {
            #expect(people.first?.country?.hasFault(forRelationshipNamed: "people") == true)
            #expect(stack.context.registeredObjects.count == 6)
        }
    }

    // Person 1 leaves Spain before person 100 names it: Spain has changes of this decode when it is
    // first recorded for undo, which must not read its people either.
    @Test func aCountryLosingAPersonThenNamedAgainLeavesItsPeopleUnloaded() throws {
        let stack = try storeWithPeopleOfSpain(20)
        let json = #"[{"personId": 1, "country": {"id": 33, "name": "France"}}, {"personId": 100, "country": {"id": 34}}]"#
        let people = try stack.decoder().decode(Many<Person>.self, from: Data(json.utf8))
        stack.read {
            #expect(people.last?.country?.hasFault(forRelationshipNamed: "people") == true)
            #expect(stack.context.registeredObjects.count == 4)
        }
    }

    @Test func aFailedDecodeAfterRelatingLeavesTheCountrysPeopleAsStored() throws {
        let stack = try storeWithPeopleOfSpain(20)
        let json = #"[{"personId": 100, "country": {"id": 34}}, {"personId": 101, "fullName": 5}]"#
        #expect(throws: DecodingError.self) { try stack.decoder().decode(Many<Person>.self, from: Data(json.utf8)) }
        try stack.read {
            let request = NSFetchRequest<Country>(entityName: "Country")
            let country = try #require(try stack.context.fetch(request).first)
            #expect(country.people.map(\.personId).sorted() == Array(1...20))
        }
    }
}
