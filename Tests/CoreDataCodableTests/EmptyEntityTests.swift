import CoreDataCodable
import Foundation
import Testing

/// Decodes into entities that hold no objects yet: their objects are made as the JSON is read,
/// and must still be uniqued exactly as when they are looked up.
@Suite("First imports into empty entities")
struct EmptyEntityTests {
    private struct Pages: Decodable {
        let first: Many<Person>
        let second: Many<Person>
    }

    @Test func laterArrayFindsObjectsAnEarlierArrayInserted() throws {
        let stack = try TestStack()
        let pages = try stack.decode(Pages.self, fixture: "peoplePages")
        #expect(try stack.count("Person") == 3)
        #expect(try stack.count("Country") == 1)
        stack.read {
            #expect(pages.second[0] === pages.first[1])
            #expect(pages.second[0].fullName == "Ann Lee")
            #expect(pages.second[1].country === pages.first[0].country)
        }
    }

    @Test func entityFirstMetLaterInTheArrayIsLookedUp() throws {
        let stack = try TestStack()
        let spain = stack.read {
            let country = Country(context: stack.context)
            country.id = 34
            country.name = "Spain"
            return country
        }
        let people = try stack.decode(Many<Person>.self, fixture: "peopleCountryLate")
        #expect(try stack.count("Country") == 1)
        stack.read {
            #expect(people.map(\.personId) == [1, 2, 3])
            #expect(people[2].country === spain)
            #expect(spain.name == "España")
        }
    }

    @Test func storeSavedByAnotherCoordinatorIsLookedUp() throws {
        try withStoreSavedElsewhere(fixture: "peopleWithCountries") { second in
            _ = try second.decode(Many<Person>.self, fixture: "peopleWithCountries")
            #expect(try second.count("Person") == 3)
            #expect(try second.count("Country") == 2)
            #expect(try second.count("PersonAttribute") == 3)
        }
    }

    @Test func failureAfterEarlierObjectsWereMadeRemovesThemAndTheirRelatedObjects() throws {
        let stack = try TestStack()
        #expect(throws: DecodingError.self) {
            try stack.decode(Many<Person>.self, fixture: "peopleFailSecond")
        }
        #expect(try stack.count("Person") == 0)
        #expect(try stack.count("Country") == 0)
        #expect(try stack.count("PersonAttribute") == 0)
    }
}
