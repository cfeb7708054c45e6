import CoreDataCodable
import Foundation
import Testing

@Suite("Sync of a typed class")
struct TypedSyncTests {
    /// A stack with the `people` fixture (people 1 and 2) decoded and saved.
    private static func stackWithPeople() throws -> TestStack {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "people")
        try stack.read { try stack.context.save() }
        return stack
    }

    private static func ids(_ objectIDs: [NSManagedObjectID], in stack: TestStack) -> [Int64] {
        stack.read { objectIDs.compactMap { (try? stack.context.existingObject(with: $0)) as? Person }.map(\.personId) }
    }

    @Test func syncUpdatesInsertsAndDeletesInPayloadOrder() throws {
        let stack = try Self.stackWithPeople()
        let changes = try stack.context.sync(Person.self, from: Fixture.data("peopleSync"), decoder: stack.decoder())
        #expect(Self.ids(changes.updated, in: stack) == [2])
        #expect(Self.ids(changes.inserted, in: stack) == [3])
        #expect(changes.deleted.count == 1)
        #expect(try stack.count("Person") == 2)
        #expect(try stack.context.object(Person.self, withPrimaryKey: 2).map { p in stack.read { p.fullName } } == "Ibn Battuta of Tangier")
    }

    @Test func predicateLimitsWhatIsDeleted() throws {
        let stack = try Self.stackWithPeople()
        let changes = try stack.context.sync(
            Person.self, from: Fixture.data("peopleSync"), predicate: NSPredicate(format: "personId == 2"), decoder: stack.decoder()
        )
        #expect(changes.deleted.isEmpty)
        #expect(try stack.count("Person") == 3)
    }

    @Test func insertOnlyKeepsStoredValuesAndDeletesNothing() throws {
        let stack = try Self.stackWithPeople()
        let changes = try stack.context.sync(Person.self, from: Fixture.data("peopleSync"), operations: [.insert], decoder: stack.decoder())
        #expect(Self.ids(changes.inserted, in: stack) == [3])
        #expect(changes.updated.isEmpty)
        #expect(changes.deleted.isEmpty)
        #expect(try stack.context.object(Person.self, withPrimaryKey: 2).map { p in stack.read { p.fullName } } == "Ibn Battuta")
    }

    @Test func failedSyncChangesNothing() throws {
        let stack = try Self.stackWithPeople()
        #expect(throws: DecodingError.self) {
            try stack.context.sync(Person.self, from: Fixture.data("peopleFailSecond"), decoder: stack.decoder())
        }
        stack.read { #expect(!stack.context.hasChanges) }
        #expect(try stack.count("Person") == 2)
    }

    @Test func insertOnlyLeavesTheRelatedObjectsOfStoredObjectsAlone() throws {
        let stack = try Self.stackWithPeople()
        try stack.context.sync(Person.self, from: Fixture.data("peopleSyncWithRelated"), operations: [.insert], decoder: stack.decoder())
        let countries = stack.read { (try? stack.context.fetch(NSFetchRequest<Country>(entityName: "Country")))?.map(\.id).sorted() }
        #expect(countries == [86])
    }

    @Test func insertOnlyRunsNoHookOfStoredObjects() throws {
        let stack = try Self.stackWithPeople()
        stack.read { stack.context.reset() }
        try stack.context.sync(Person.self, from: Fixture.data("peopleSync"), operations: [.insert], decoder: stack.decoder())
        let hookRan = try stack.context.object(Person.self, withPrimaryKey: 2).map { person in stack.read { person.customValue } }
        #expect(hookRan == .some(nil))
    }

    @Test func updateOnlyInsertsNoRelatedObjectOfNewElements() throws {
        let stack = try Self.stackWithPeople()
        let changes = try stack.context.sync(
            Person.self, from: Fixture.data("peopleSyncWithRelated"), operations: [.update], decoder: stack.decoder()
        )
        #expect(changes.inserted.isEmpty)
        #expect(try stack.count("PersonAttribute") == 0)
        #expect(try stack.count("Person") == 2)
    }

    @Test func singleObjectUpdateOnlyInsertsNothing() throws {
        let stack = try Self.stackWithPeople()
        try stack.context.sync(Person.self, from: Fixture.data("personSyncSingle"), operations: [.update], decoder: stack.decoder())
        #expect(try stack.count("PersonAttribute") == 0)
    }
}
