#if !canImport(CoreData)
import CoreDataCodable
import Foundation
import Testing

/// Fetch counts, from OpenCoreData's `executedFetchRequestCount`.
@Suite("Fetch batching")
struct FetchCountTests {
    @Test func singleObjectCostsAtMostOneFetch() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Person.self, fixture: "personUpdate")
        #expect(stack.fetchCount - before == 1)
    }

    @Test func manyCostsOneFetchWhateverItsLength() throws {
        let stack = try TestStack()
        let json = Data(("[" + (1...1000).map { #"{"personId": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        let before = stack.fetchCount
        let people = try stack.decoder().decode(Many<Person>.self, from: json)
        #expect(stack.fetchCount - before == 1)
        #expect(people.count == 1000)
        let again = stack.fetchCount
        _ = try stack.decoder().decode(Many<Person>.self, from: json)
        #expect(stack.fetchCount - again == 1)
        #expect(try stack.count("Person") == 1000)
    }

    @Test func relationshipsDecodedByHookCostOneFetchPerEntity() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Many<HandBox>.self, fixture: "boxes")
        #expect(stack.fetchCount - before == 2)
    }

    @Test func plainArrayCostsOneFetchPerElement() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode([Person].self, fixture: "people")
        #expect(stack.fetchCount - before == 2)
    }

    @Test func compositeIdentityManyCostsOneFetch() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Many<Card>.self, fixture: "cards_update")
        #expect(stack.fetchCount - before == 1)
    }

    @Test func toManyCostsOneFetchPerDestinationEntity() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Person.self, fixture: "person")
        // Person, its Country and its PersonAttribute array: one each.
        #expect(stack.fetchCount - before == 3)
    }

    @Test func orderedToManyCostsOneFetch() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Playlist.self, fixture: "playlist")
        #expect(stack.fetchCount - before == 2)
    }

    @Test func wholePayloadCostsOneFetchPerEntity() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
        // Person, Country and PersonAttribute, across every nested object and array.
        #expect(stack.fetchCount - before == 3)
    }

    @Test func secondDecodeOfSamePayloadAlsoCostsOneFetchPerEntity() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
        let before = stack.fetchCount
        _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
        #expect(stack.fetchCount - before == 3)
    }

    @Test func entityOfAStoreSavedElsewhereIsCountedOncePerContext() throws {
        try withStoreSavedElsewhere(fixture: "peopleWithCountries") { stack in
            let before = stack.fetchCount
            _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
            // One count finds the store's objects, then one fetch per entity.
            #expect(stack.fetchCount - before == 4)
            // A context holding none of the objects any more still knows the store holds some.
            stack.read { stack.context.reset() }
            let again = stack.fetchCount
            _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
            #expect(stack.fetchCount - again == 3)
        }
    }

    @Test func aNewContextOfTheSameStoreCountsItsEntitiesAgain() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
        try stack.read { try stack.context.save() }
        let other = stack.container.newBackgroundContext()
        let decoder = stack.decoder()
        decoder.managedObjectContext = other
        _ = try decoder.decode(Many<Person>.self, from: Fixture.data("peopleWithCountries"))
        // What the first context's import learned stays with it: one count finds the store's
        // objects, then one fetch per entity.
        #expect(other.executedFetchRequestCount == 4)
    }

    @Test func entityTheContextHoldsObjectsOfCostsNoCount() throws {
        let stack = try TestStack()
        stack.read { Country(context: stack.context).id = 34 }
        let before = stack.fetchCount
        _ = try stack.decode(Many<Person>.self, fixture: "peopleCountryLate")
        // A count finds Person empty; Country's registered object tells without one, and is fetched.
        #expect(stack.fetchCount - before == 2)
    }

    @Test func largeNestedPayloadCostsOneFetchPerEntity() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        let people = try stack.decode(Many<Person>.self, fixture: "peopleLarge")
        // 500 people with 1000 attributes and 7 countries: one fetch per entity.
        #expect(stack.fetchCount - before == 3)
        #expect(people.count == 500)
        #expect(try stack.count("PersonAttribute") == 1000)
        #expect(try stack.count("Country") == 7)
    }
}
#endif
