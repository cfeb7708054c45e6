import CoreDataCodable
import Foundation
import Testing

@Suite("Filling an existing object from JSON")
struct FillTests {
    @Test func fillSetsPresentKeysAndKeepsTheRest() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        try stack.read { try person.fill(with: Fixture.data("personFill"), using: stack.decoder()) }
        stack.read {
            #expect(person.fullName == "Marco Polo the Elder")
            #expect(person.city == "Venice")
            #expect(person.personId == 1)
            #expect(person.country?.id == 34)
        }
        #expect(try stack.count("Person") == 1)
    }

    @Test func fillWorksForObjectsWithoutIdentity() throws {
        let stack = try TestStack()
        let note = stack.read { NSEntityDescription.insertNewObject(forEntityName: "Note", into: stack.context) }
        try stack.read { try note.fill(with: Fixture.data("noteFill"), using: stack.decoder()) }
        stack.read { #expect(note.value(forKey: "text") as? String == "filled") }
        #expect(try stack.count("Note") == 1)
    }

    @Test func failedFillLeavesTheObjectAsItWas() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        try stack.read { try stack.context.save() }
        stack.read {
            #expect(throws: DecodingError.self) { try person.fill(with: Fixture.data("personFillWrongType"), using: stack.decoder()) }
            #expect(person.fullName == "Marco Polo")
            #expect(person.city == "Murcia")
            #expect(!stack.context.hasChanges)
        }
    }
}
