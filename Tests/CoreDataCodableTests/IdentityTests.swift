import CoreDataCodable
import Foundation
import Testing

@Suite("Identity: updating in place, composite identities, repeated identities")
struct IdentityTests {
    @Test func updatesUnsavedObjectInPlace() throws {
        let stack = try TestStack()
        let existing = stack.insertPerson(1, fullName: "Old", city: "Murcia")
        let existingID = stack.read { existing.objectID }
        let person = try stack.decode(Person.self, fixture: "personUpdate")
        stack.read {
            #expect(person === existing)
            #expect(person.objectID == existingID)
            #expect(person.fullName == "Marco Polo Jr.")
        }
        #expect(try stack.count("Person") == 1)
    }

    @Test func updatesSavedObjectInPlace() throws {
        let stack = try TestStack()
        let existing = stack.insertPerson(1, fullName: "Old", city: "Murcia")
        try stack.read { try stack.context.save() }
        let savedID = stack.read { existing.objectID }
        let person = try stack.decode(Person.self, fixture: "personUpdate")
        stack.read {
            #expect(person.objectID == savedID)
            #expect(person.fullName == "Marco Polo Jr.")
            #expect(person.city == "Murcia")
        }
        #expect(try stack.count("Person") == 1)
    }

    @Test func storedDuplicateIdentityUpdatesFirstFetchedObject() throws {
        let stack = try TestStack()
        let first = stack.insertPerson(1, fullName: "First", city: "Murcia")
        let second = stack.insertPerson(1, fullName: "Second", city: "Lorca")
        try stack.read { try stack.context.save() }
        let person = try stack.decode(Person.self, fixture: "personUpdate")
        stack.read {
            #expect(person === first)
            #expect(first.fullName == "Marco Polo Jr.")
            #expect(second.fullName == "Second")
        }
        #expect(try stack.count("Person") == 2)
    }

    @Test func identicalPayloadLeavesSavedObjectsUnchanged() throws {
        let stack = try TestStack()
        _ = try stack.decode(Person.self, fixture: "person")
        try stack.read { try stack.context.save() }
        _ = try stack.decode(Person.self, fixture: "person")
        stack.read { #expect(!stack.context.hasChanges) }
    }

    @Test func manyUpdatesExistingObjects() throws {
        let stack = try TestStack()
        let first = stack.insertPerson(1, fullName: "A", city: "Murcia")
        let second = stack.insertPerson(2, fullName: "B", city: "Tangier")
        let people = try stack.decode(Many<Person>.self, fixture: "people")
        stack.read {
            #expect(people.count == 2)
            #expect(people[0] === first)
            #expect(people[1] === second)
            #expect(people.map(\.fullName) == ["Marco Polo", "Ibn Battuta"])
            #expect(people.map(\.city) == ["Murcia", "Tangier"])
        }
        #expect(try stack.count("Person") == 2)
    }

    @Test func compositeIdentityUpdatesAndInserts() throws {
        let stack = try TestStack()
        _ = try stack.decode([Card].self, fixture: "cards")
        #expect(try stack.count("Card") == 2)
        _ = try stack.decode([Card].self, fixture: "cards_update")
        let cards = try stack.all(Card.self, entity: "Card")
        stack.read {
            #expect(cards.count == 3)
            let jack = cards.first { $0.suit == "Hearts" && $0.value == "Jack" }
            #expect(jack?.numberOfTimesPlayed == 4)
            let three = cards.first { $0.suit == "Clubs" && $0.value == "Three" }
            #expect(three?.numberOfTimesPlayed == 0)
        }
    }

    @Test func compositeLookupLeavesOtherCombinationsAlone() throws {
        let stack = try TestStack()
        let json = Data(#"[{"suit": "Hearts", "value": "Three", "played": 7}, {"suit": "Clubs", "value": "Jack", "played": 8}]"#.utf8)
        _ = try stack.decoder().decode(Many<Card>.self, from: json)
        _ = try stack.decode(Many<Card>.self, fixture: "cards_update")
        let cards = try stack.all(Card.self, entity: "Card")
        stack.read {
            let played = Dictionary(uniqueKeysWithValues: cards.map { ("\($0.suit ?? "") \($0.value ?? "")", $0.numberOfTimesPlayed) })
            #expect(played == ["Hearts Three": 7, "Clubs Jack": 8, "Hearts Jack": 4, "Clubs Three": 0])
        }
    }

    @Test func compositeIdentityUniquesInsideMany() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Card>.self, fixture: "cards")
        let updated = try stack.decode(Many<Card>.self, fixture: "cards_update")
        #expect(try stack.count("Card") == 3)
        stack.read {
            #expect(updated.map(\.numberOfTimesPlayed) == [4, 0])
        }
    }

    @Test func compositeIdentityUniquesInsideToMany() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Card>.self, fixture: "cards")
        let deck = try stack.decode(Deck.self, fixture: "deck")
        #expect(try stack.count("Card") == 3)
        stack.read {
            #expect(deck.cards.count == 2)
            let jack = deck.cards.first { $0.suit == "Hearts" && $0.value == "Jack" }
            #expect(jack?.numberOfTimesPlayed == 5)
        }
    }

    @Test func compositeIdentityKeepsAttributeOrder() {
        #expect(Card.identityAttribute.attributeNames == ["suit", "value"])
        let reversed: IdentityAttribute = ["value", "suit"]
        #expect(reversed.attributeNames == ["value", "suit"])
        #expect(IdentityAttribute.none.attributeNames.isEmpty)
        #expect(IdentityAttribute.no == .none)
    }

    @Test func repeatedIdentityInOnePayloadMakesOneObjectLastValuesWin() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<Person>.self, fixture: "peopleRepeated")
        #expect(try stack.count("Person") == 2)
        stack.read {
            #expect(people.count == 3)
            #expect(people[0] === people[2])
            #expect(people[0].fullName == "Last")
            #expect(people[0].city == "Murcia")
        }
    }

    @Test func repeatedIdentityInPlainArrayMakesOneObject() throws {
        let stack = try TestStack()
        let people = try stack.decode([Person].self, fixture: "peopleRepeated")
        #expect(try stack.count("Person") == 2)
        stack.read {
            #expect(people[0] === people[2])
            #expect(people[2].fullName == "Last")
        }
    }

    @Test func repeatedCompositeIdentityMakesOneObject() throws {
        let stack = try TestStack()
        let cards = try stack.decode(Many<Card>.self, fixture: "cardsRepeated")
        #expect(try stack.count("Card") == 2)
        stack.read {
            #expect(cards[0] === cards[1])
            #expect(cards[0].numberOfTimesPlayed == 2)
        }
    }

    @Test func repeatedIdentityAcrossRelationshipsMakesOneObject() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
        #expect(try stack.count("Person") == 3)
        #expect(try stack.count("Country") == 2)
        #expect(try stack.count("PersonAttribute") == 3)
        let spain = try stack.all(Country.self, entity: "Country").first { country in stack.read { country.id } == 34 }
        stack.read {
            #expect(spain?.name == "Spain")
            #expect(spain?.people.map(\.personId).sorted() == [1, 3])
        }
    }
}
