import CoreDataCodable
import Foundation
import Testing

@Suite("Bare identifiers")
struct BareIdentifierTests {
    @Test func topLevelBareIdCreatesObjectWithOnlyItsIdentity() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "bareId")
        stack.read {
            #expect(person.personId == 1)
            #expect(person.fullName == nil)
            #expect(person.customValue == "custom")
        }
        #expect(try stack.count("Person") == 1)
    }

    @Test func topLevelBareIdReturnsExistingObjectUnchanged() throws {
        let stack = try TestStack()
        let existing = stack.insertPerson(1, fullName: "Marco Polo", city: "Murcia")
        let person = try stack.decode(Person.self, fixture: "bareId")
        stack.read {
            #expect(person === existing)
            #expect(person.fullName == "Marco Polo")
            #expect(person.city == "Murcia")
        }
        #expect(try stack.count("Person") == 1)
    }

    @Test func arrayOfBareIdsCreatesObjects() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<Person>.self, fixture: "bareIds")
        stack.read {
            #expect(people.map(\.personId) == [1, 2])
            #expect(people.allSatisfy { $0.fullName == nil })
        }
        #expect(try stack.count("Person") == 2)
    }

    @Test func customHookRunsForEveryBareIdInArray() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<Person>.self, fixture: "bareIds")
        stack.read { #expect(people.map(\.customValue) == ["custom", "custom"]) }
    }

    @Test func laterDecodeOfBareIdsFindsAndInsertsTheSameWay() throws {
        let stack = try TestStack()
        let first = try stack.decode(Many<Country>.self, fixture: "countryBareIds")
        let later = try stack.decode(Many<Country>.self, fixture: "countryBareIdsLater")
        stack.read {
            #expect(later.map(\.id) == [39, 40])
            #expect(later[0] === first[1])
            #expect(later[1].name == nil)
        }
        #expect(try stack.count("Country") == 3)
    }

    @Test func wrongTypeAfterBareIdsOfKnownDefaultHooksReportsItsIndex() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Country>.self, fixture: "countryBareIds")
        #expect(typeMismatchPath(decoding: Many<Country>.self, fixture: "countryBareIdsWrongType", in: stack) == ["Index 1"])
        #expect(try stack.count("Country") == 2)
    }

    @Test func wrongTypeInNestedArrayAfterBareIdsReportsItsPath() throws {
        let stack = try TestStack()
        let path = typeMismatchPath(decoding: Many<Person>.self, fixture: "peopleBareAttributeWrongType", in: stack)
        #expect(path == ["Index 1", "attributesSet", "Index 1"])
        #expect(try stack.count("PersonAttribute") == 0)
    }

    @Test func customHookRunsForEveryBareIdOfALaterDecode() throws {
        let stack = try TestStack()
        let people = try stack.decodeAgainAfterReset(Many<Person>.self, fixture: "bareIds")
        stack.read { #expect(people.map(\.customValue) == ["custom", "custom"]) }
    }

    @Test func customContainerRunsForEveryBareIdOfALaterDecode() throws {
        let stack = try TestStack()
        let labeled = try stack.decodeAgainAfterReset(Many<Labeled>.self, fixture: "countryBareIds")
        stack.read { #expect(labeled.map(\.label) == ["labeled", "labeled"]) }
    }

    @Test func arrayOfBareIdsReturnsExistingObjects() throws {
        let stack = try TestStack()
        let first = stack.insertPerson(1, fullName: "A")
        let second = stack.insertPerson(2, fullName: "B")
        let people = try stack.decode(Many<Person>.self, fixture: "bareIds")
        stack.read {
            #expect(people[0] === first)
            #expect(people[1] === second)
            #expect(people.map(\.fullName) == ["A", "B"])
        }
        #expect(try stack.count("Person") == 2)
    }

    @Test func mixedArrayKeepsJSONOrder() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<Person>.self, fixture: "mixedIds")
        stack.read {
            #expect(people.map(\.personId) == [1, 2, 3, 4, 5, 6, 7])
            #expect(people[1].fullName == "Two")
        }
        #expect(try stack.count("Person") == 7)
    }

    @Test func wrongTypeAfterBareIdsThrowsTypeMismatchAtItsIndex() throws {
        let stack = try TestStack()
        #expect(typeMismatchPath(decoding: Many<Person>.self, fixture: "bareIdsWrongType", in: stack) == ["Index 2"])
        #expect(try stack.count("Person") == 0)
    }

    @Test func bareIdsForToOneAndInToMany() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "personBareCountry")
        stack.read {
            #expect(person.country?.id == 34)
            #expect(person.country?.name == nil)
            #expect(person.attributesSet.map(\.id).sorted() == [1, 2, 3])
            #expect(person.attributesSet.first { $0.id == 2 }?.name == "funny")
        }
    }

    @Test func bareIdentifierWithoutIdentityThrows() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decode(Many<LogEntry>.self, fixture: "logEntryBare")
        }
        #expect(error?.code == CoreDataCodableError.bareIdentifierWithoutSingleIdentity)
        #expect(error?.entityName == "LogEntry")
        #expect(try stack.count("LogEntry") == 0)
    }

    @Test func bareIdentifierWithCompositeIdentityThrows() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decode(Deck.self, fixture: "deckBareCards")
        }
        #expect(error?.code == CoreDataCodableError.bareIdentifierWithoutSingleIdentity)
        #expect(error?.entityName == "Card")
        #expect(error?.description.contains("suit, value") == true)
        #expect(try stack.count("Deck") == 0)
    }

    @Test func bareIdentifiersGoThroughContainerHook() throws {
        let stack = try TestStack()
        let before = CallCounter.count("Custom.container", in: stack.context)
        let customs = try stack.decode(Many<Custom>.self, fixture: "customBareIds")
        stack.read {
            #expect(customs.map(\.id) == [1, 2, 3])
            #expect(customs[2].integer == 3)
        }
        #expect(CallCounter.count("Custom.container", in: stack.context) - before == 3)
    }

    @Test func topLevelStringBareIdGoesThroughContainerHook() throws {
        let stack = try TestStack()
        let custom = try stack.decode(Custom.self, fixture: "bareIdString")
        stack.read { #expect(custom.id == 1) }
    }
}
