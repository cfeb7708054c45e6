import CoreDataCodable
import Foundation
import Testing

@Suite("Finding one object by its primary key")
struct PrimaryKeyLookupTests {
    @Test func typedLookupUsesTheTypesIdentity() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "people")
        let found = try stack.context.object(Person.self, withPrimaryKey: 2)
        stack.read { #expect(found?.personId == 2) }
    }

    @Test func unknownPrimaryKeyGivesNil() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "people")
        #expect(try stack.context.object(Person.self, withPrimaryKey: 999) == nil)
    }

    @Test func entityNameLookupUsesSyncsPrimaryKey() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        _ = try stack.decode(Many<Player>.self, fixture: "playersRepeated")
        let found = try stack.context.object(entityNamed: "Player", withPrimaryKey: Int64(10))
        stack.read { #expect(found?.value(forKey: "name") as? String == "Ada L.") }
    }

    @Test func entityNameLookupFallsBackToTheIdAttribute() throws {
        let stack = try TestStack()
        _ = try stack.decode(Person.self, fixture: "person")
        let found = try stack.context.object(entityNamed: "Country", withPrimaryKey: 34)
        stack.read { #expect(found?.value(forKey: "name") as? String == "Spain") }
    }

    @Test func entityWithoutPrimaryKeyThrows() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) { try stack.context.object(entityNamed: "Note", withPrimaryKey: 1) }
        #expect(error?.code == CoreDataCodableError.noPrimaryKey)
        #expect(error?.entityName == "Note")
    }

    @Test func unknownEntityNameThrows() throws {
        let stack = try TestStack()
        let error = #expect(throws: CoreDataCodableError.self) { try stack.context.object(entityNamed: "Nope", withPrimaryKey: 1) }
        #expect(error?.code == CoreDataCodableError.unknownEntity)
    }
}
