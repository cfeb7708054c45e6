import CoreDataCodable
import Foundation
import Testing

@Suite("Coding keys and key paths")
struct KeysTests {
    @Test func customKeysAndKeyPathsDecode() throws {
        let stack = try TestStack()
        let person = try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeys")
        stack.read {
            #expect(person.id == 1)
            #expect(person.name == "Marco Polo")
            #expect(person.city == "Murcia")
            #expect(person.one == "first")
            #expect(person.two == "second")
        }
    }

    @Test func customKeysDecodeInPlainArray() throws {
        let stack = try TestStack()
        let people = try stack.decode([PersonDiffKeys].self, fixture: "personDiffKeysArray")
        stack.read {
            #expect(people.map(\.name) == ["Marco Polo", "Ibn Battuta"])
            #expect(people.map(\.one) == ["first", "uno"])
            #expect(people.map(\.two) == ["second", nil])
        }
    }

    @Test func customKeysDecodeInMany() throws {
        let stack = try TestStack()
        let people = try stack.decode(Many<PersonDiffKeys>.self, fixture: "personDiffKeysArray")
        stack.read {
            #expect(people.map(\.id) == [1, 2])
            #expect(people.map(\.two) == ["second", nil])
        }
    }

    @Test func keyPathIsNotReadFromTheRoot() throws {
        let stack = try TestStack()
        let person = try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeysLiteralDot")
        stack.read { #expect(person.one == nil) }
    }

    @Test func keyPathThroughNonObjectThrowsTypeMismatch() throws {
        let stack = try TestStack()
        let error = #expect(throws: DecodingError.self) {
            try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeysWrongNesting")
        }
        #expect(isTypeMismatch(error))
        #expect(codingPath(of: error) == ["object"])
    }

    @Test func customDelimiter() throws {
        let stack = try TestStack()
        let object = try stack.decode(ArrowKeys.self, fixture: "arrowKeys")
        stack.read { #expect(object.name == "Arrow") }
        #expect(ArrowKeys.CodingKeys.name.keyPathComponents == ["profile", "name"])
    }

    @Test func codingKeyMapsCaseNameToPropertyAndRawValueToJSON() {
        let key = PersonDiffKeys.CodingKeys.two
        #expect(key.propertyName == "two")
        #expect(key.stringValue == "object.nested.two")
        #expect(key.keyPathComponents == ["object", "nested", "two"])
        #expect(PersonDiffKeys.CodingKeys(propertyName: "name") == .name)
        #expect(PersonDiffKeys.CodingKeys(stringValue: "full_name") == .name)
        #expect(PersonDiffKeys.CodingKeys(propertyName: "unknown") == nil)
    }

    @Test func defaultKeysUsePropertyNames() {
        let key = CoreDataDefaultCodingKeys(propertyName: "fullName")
        #expect(key.stringValue == "fullName")
        #expect(key.keyPathComponents == ["fullName"])
        let literal: CoreDataDefaultCodingKeys = "city"
        #expect(literal.propertyName == "city")
    }

    @Test func containerReadsKeyPathsAndManualValues() throws {
        let probe = try JSONDecoder().decode(ContainerProbe.self, from: Fixture.data("personDiffKeys"))
        #expect(probe.containsTwo)
        #expect(probe.two == "second")
        #expect(probe.city == "Murcia")
        #expect(probe.oneIsNull == false)
        #expect(probe.manualCity == "Cartagena")
        #expect(probe.cityIsNullAfterNil)
        #expect(probe.cityIfPresentAfterNil == nil)
        #expect(probe.allKeys.isSuperset(of: ["identifier", "full_name", "city"]))
        #expect(probe.wrongTypeThrows)
        #expect(probe.intReadAsInt64 == 5)
    }
}

/// Exercises a `CoreDataKeyedDecodingContainer` while decoding.
private struct ContainerProbe: Decodable {
    let containsTwo: Bool
    let two: String
    let city: String?
    let oneIsNull: Bool
    let manualCity: String
    let cityIsNullAfterNil: Bool
    let cityIfPresentAfterNil: String?
    let allKeys: Set<String>
    let wrongTypeThrows: Bool
    let intReadAsInt64: Int64

    init(from decoder: any Decoder) throws {
        var container = try decoder.container(for: PersonDiffKeys.self)
        containsTwo = container.contains(.two)
        two = try container.decode(String.self, forKey: .two)
        city = try container.decodeIfPresent(String.self, forKey: .city)
        oneIsNull = try container.decodeNil(forKey: .one)
        container[.city] = "Cartagena"
        manualCity = try container.decode(String.self, forKey: .city)
        container[.city] = nil
        cityIsNullAfterNil = try container.decodeNil(forKey: .city)
        cityIfPresentAfterNil = try container.decodeIfPresent(String.self, forKey: .city)
        allKeys = Set(container.allKeys.map(\.stringValue))
        do {
            _ = try container.decode(String.self, forKey: .attributes)
            wrongTypeThrows = false
        } catch DecodingError.typeMismatch {
            wrongTypeThrows = true
        }
        container[.id] = 5
        intReadAsInt64 = try container.decode(Int64.self, forKey: .id)
    }
}
