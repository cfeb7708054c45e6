import CoreDataCodable
import Foundation
import Testing

@Suite("Encoding")
struct EncodingTests {
    @Test func encodesAttributesAndNestedRelationships() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let json = try stack.json(person)
        #expect(json == #"{"attributesSet":[{"id":1,"name":"tall"},{"id":2,"name":"funny"}],"city":"Murcia","country":{"id":34,"name":"Spain"},"date":1572566400,"fullName":"Marco Polo","personId":1}"#)
    }

    @Test func encodesNilAsNullAndEmptyToManyAsEmptyArray() throws {
        let stack = try TestStack()
        let person = stack.insertPerson(1)
        let json = try stack.json(person)
        #expect(json == #"{"attributesSet":[],"city":null,"country":null,"date":null,"fullName":null,"personId":1}"#)
    }

    @Test func encodesManyAsArray() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<Person>.self, fixture: "people")
        let json = try stack.json(people)
        #expect(json == #"[{"attributesSet":[],"city":null,"country":null,"date":null,"fullName":"Marco Polo","personId":1},{"attributesSet":[],"city":null,"country":null,"date":null,"fullName":"Ibn Battuta","personId":2}]"#)
    }

    @Test func keyEncodingStrategyApplies() throws {
        let stack = try TestStack()
        let person = stack.insertPerson(1, fullName: "Marco Polo")
        let encoder = stack.encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let json = try stack.json(person, encoder: encoder)
        #expect(json == #"{"attributes_set":[],"city":null,"country":null,"date":null,"full_name":"Marco Polo","person_id":1}"#)
    }

    @Test func customKeysAndKeyPathsEncodeAsNestedObjects() throws {
        let stack = try TestStack()
        let person = try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeys")
        let json = try stack.json(person)
        #expect(json == #"{"city":"Murcia","full_name":"Marco Polo","identifier":1,"location":{"country":{"id":34,"name":"Spain","people":[]}},"meta":{"attributes":[{"id":1,"name":"tall","person":null},{"id":2,"name":null,"person":null}]},"object":{"nested":{"two":"second"},"one":"first"}}"#)
    }

    @Test func skipsInverseRelationships() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let country = try #require(stack.read { person.country })
        let json = try stack.json(country)
        #expect(json == #"{"id":34,"name":"Spain","people":[{"attributesSet":[{"id":1,"name":"tall"},{"id":2,"name":"funny"}],"city":"Murcia","date":1572566400,"fullName":"Marco Polo","personId":1}]}"#)
    }

    @Test func stopsCyclesWithoutInverses() throws {
        let stack = try TestStack()
        let first = stack.read {
            let first = Member(context: stack.context)
            let second = Member(context: stack.context)
            first.id = 1
            second.id = 2
            first.mentor = second
            second.mentor = first
            first.friends = [second]
            second.friends = [first, second]
            return first
        }
        let json = try stack.json(first)
        #expect(json == #"{"friends":[{"friends":[1,2],"id":2,"mentor":1}],"id":1,"mentor":{"friends":[1,2],"id":2,"mentor":1}}"#)
    }

    @Test func encodesRelationshipsAsIdentifiersOnRequest() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .identifiers
        let json = try stack.json(person, encoder: encoder)
        #expect(json == #"{"attributesSet":[1,2],"city":"Murcia","country":34,"date":1572566400,"fullName":"Marco Polo","personId":1}"#)
    }

    @Test func compositeIdentifiersEncodeAsObjects() throws {
        let stack = try TestStack()
        let deck = try stack.decode(Deck.self, fixture: "deck")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .identifiers
        let json = try stack.json(deck, encoder: encoder)
        #expect(json == #"{"cards":[{"suit":"Clubs","value":"Three"},{"suit":"Hearts","value":"Jack"}],"id":1,"name":"Poker"}"#)
    }

    @Test func excludedRelationshipsAreLeftOut() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .excluded
        let json = try stack.json(person, encoder: encoder)
        #expect(json == #"{"city":"Murcia","date":1572566400,"fullName":"Marco Polo","personId":1}"#)
    }

    @Test func railsNestedAttributesIndexToManyObjects() throws {
        let stack = try TestStack()
        let playlist = try stack.decode(Playlist.self, fixture: "playlist")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .railsNestedAttributes
        let json = try stack.json(playlist, encoder: encoder)
        #expect(json == #"{"id":1,"songs_attributes":{"0":{"id":3,"title":"C"},"1":{"id":1,"title":"A"},"2":{"id":2,"title":null}}}"#)
    }

    @Test func railsNestedAttributesNameTheToOne() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .railsNestedAttributes
        let json = try stack.json(person, encoder: encoder)
        #expect(json.contains(#""country_attributes":{"id":34,"#))
        #expect(!json.contains(#""country":"#))
    }

    @Test func railsNestedAttributesWriteDestroyAsUnderscoreDestroy() throws {
        let stack = try TestStack()
        let chore = try stack.decode(Chore.self, fixture: "chore")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .railsNestedAttributes
        #expect(try stack.json(chore, encoder: encoder) == #"{"_destroy":true,"id":1}"#)
    }

    @Test func identifiersWithoutIdentityThrow() throws {
        let stack = try TestStack()
        let holder = try stack.decode(Holder.self, fixture: "holder")
        let encoder = stack.encoder()
        encoder.relationshipEncodingStrategy = .identifiers
        let error = #expect(throws: CoreDataCodableError.self) { try stack.json(holder, encoder: encoder) }
        #expect(error?.code == CoreDataCodableError.relationshipWithoutIdentity)
    }

    @Test func orderedToManyEncodesInItsOrder() throws {
        let stack = try TestStack()
        let playlist = try stack.decode(Playlist.self, fixture: "playlist")
        let json = try stack.json(playlist)
        #expect(json == #"{"id":1,"songs":[{"id":3,"title":"C"},{"id":1,"title":"A"},{"id":2,"title":null}]}"#)
    }

    @Test func encodesPlainEncodableAndUncodedDestinations() throws {
        let stack = try TestStack()
        let holder = try stack.decode(Holder.self, fixture: "holder")
        let object = try stack.jsonObject(holder) as? [String: Any]
        #expect((object?["note"] as? [String: Any])?["text"] as? String == "single")
        #expect(((object?["notes"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }.sorted() == ["a", "b"])
        #expect(((object?["tags"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }.sorted() == ["x", "y"])
        #expect((object?["owner"] as? [String: Any])?["fullName"] as? String == "Owner")
        #expect(object?.keys.sorted() == ["id", "note", "notes", "owner", "tags"])
    }

    @Test func encodingIsDeterministic() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<Person>.self, fixture: "peopleWithCountries")
        let first = try stack.json(people)
        let second = try stack.json(people)
        #expect(first == second)
    }

    @Test func objectWithoutContextThrows() throws {
        let stack = try TestStack()
        let person = stack.insertPerson(1)
        stack.read { stack.context.delete(person) }
        try stack.read { try stack.context.save() }
        let error = #expect(throws: CoreDataCodableError.self) { try JSONEncoder().encode(person) }
        #expect(error?.code == CoreDataCodableError.objectWithoutContext)
    }

    @Test func nonEncodableTransformableValueThrows() throws {
        let stack = try TestStack()
        let complete = try stack.decode(Complete.self, fixture: "complete")
        stack.read { complete.setValue(NSObject(), forKey: "tags") }
        let error = #expect(throws: CoreDataCodableError.self) { try stack.json(complete) }
        #expect(error?.code == CoreDataCodableError.propertyNotEncodable)
        #expect(error?.codingPath.map(\.stringValue) == ["tags"])
    }
}
