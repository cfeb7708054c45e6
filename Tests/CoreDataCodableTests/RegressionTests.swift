import CoreDataCodable
import Foundation
import Testing

/// Bugs B1–B13 of Coredatable, the Codable library for Core Data that this one replaces: one test
/// each, named after the behavior Coredatable got wrong and this library guarantees.
@Suite("Regressions of Coredatable's bugs")
struct RegressionTests {
    @Test("B1: composite identity uniques inside Many and to-many relationships")
    func b1CompositeIdentityInArrays() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Card>.self, fixture: "cards")
        _ = try stack.decode(Many<Card>.self, fixture: "cards_update")
        _ = try stack.decode(Deck.self, fixture: "deck")
        #expect(try stack.count("Card") == 3)
    }

    @Test("B2: an identity repeated in one payload makes one object")
    func b2RepeatedIdentity() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "peopleRepeated")
        #expect(try stack.count("Person") == 2)
    }

    @Test("B3: null relationships clear instead of throwing, and insert nothing")
    func b3NullRelationships() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "personNullRelationships")
        stack.read {
            #expect(person.country == nil)
            #expect(person.attributesSet.isEmpty)
        }
        #expect(try stack.count("Country") == 0)
    }

    @Test("B4: key paths work for relationships, decoding and encoding")
    func b4RelationshipKeyPaths() throws {
        let stack = try TestStack()
        let person = try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeys")
        let object = try stack.jsonObject(person) as? [String: Any]
        #expect(object?["country"] == nil)
        #expect(((object?["location"] as? [String: Any])?["country"] as? [String: Any])?["name"] as? String == "Spain")
        #expect(((object?["meta"] as? [String: Any])?["attributes"] as? [Any])?.count == 2)
    }

    @Test("B5: a key path is never read from the root")
    func b5NoRootFallback() throws {
        let stack = try TestStack()
        let person = try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeysLiteralDot")
        stack.read { #expect(person.one == nil) }
    }

    @Test("B6: a value of the wrong type throws and never writes nil")
    func b6WrongTypeThrows() throws {
        let stack = try TestStack()
        let existing = stack.insertPerson(1, fullName: "Kept")
        #expect(throws: DecodingError.self) { try stack.decode(Person.self, fixture: "personWrongType") }
        stack.read { #expect(existing.fullName == "Kept") }
    }

    @Test("B7: transformable attributes decode their registered type")
    func b7Transformable() throws {
        let stack = try TestStack()
        let complete = try stack.decode(Complete.self, fixture: "complete")
        stack.read { #expect(complete.tags == ["one", "two"]) }
    }

    @Test("B8: a failed decode leaves no half-made objects")
    func b8Cleanup() throws {
        let stack = try TestStack()
        #expect(throws: DecodingError.self) { try stack.decode(Person.self, fixture: "personFailsLate") }
        stack.read { #expect(stack.context.insertedObjects.isEmpty) }
    }

    @Test("B9: a class named in Xcode's \".Name\" form is found")
    func b9DottedClassName() throws {
        let stack = try TestStack(model: TestModel.dotted)
        let entries = try stack.decode(Many<LogEntry>.self, fixture: "logEntries")
        stack.read { #expect(entries.map(\.message) == ["a", "a"]) }
    }

    @Test("B10: encoding an object without a context throws")
    func b10EncodeWithoutContext() throws {
        let stack = try TestStack()
        let entry = stack.read { LogEntry(entity: TestModel.shared.entitiesByName["LogEntry"]!, insertInto: nil) }
        #expect(throws: CoreDataCodableError.self) { try JSONEncoder().encode(entry) }
    }

    @Test("B11: a nil to-one encodes as null, a set one as its object")
    func b11ToOneEncoding() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        let withCountry = try stack.jsonObject(person) as? [String: Any]
        #expect((withCountry?["country"] as? [String: Any])?["id"] as? Int == 34)
        stack.read { person.country = nil }
        let withoutCountry = try stack.jsonObject(person) as? [String: Any]
        #expect(withoutCountry?["country"] is NSNull)
    }

    @Test("B12: bare identifiers go through container(for:) and their decoder never traps")
    func b12BareIdentifierDecoder() throws {
        let stack = try TestStack()
        let probes = try stack.decoder().decode(Many<IdProbe>.self, from: Data("[1, 2]".utf8))
        stack.read { #expect(probes.map(\.unkeyedContainerThrew) == [true, true]) }
        let customs = try stack.decode(Many<Custom>.self, fixture: "customBareIds")
        stack.read { #expect(customs.map(\.id) == [1, 2, 3]) }
    }

    @Test("B13: container(for:) runs once per object")
    func b13ContainerOnce() throws {
        let stack = try TestStack()
        let before = CallCounter.count("Custom.container", in: stack.context)
        _ = try stack.decode(Custom.self, fixture: "custom")
        #expect(CallCounter.count("Custom.container", in: stack.context) - before == 1)
    }
}
