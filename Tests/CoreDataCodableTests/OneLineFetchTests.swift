import CoreDataCodable
import Foundation
import Testing

/// `objects(_:_:_:)` and `objects(entityNamed:_:_:)`: a predicate, `ORDER BY` and `LIMIT` in one string.
@Suite("One-line fetches")
struct OneLineFetchTests {
    /// A stack holding four people, unsaved, in its private-queue context.
    private static func stack() throws -> TestStack {
        let stack = try TestStack()
        stack.insertPerson(1, fullName: "Bea", city: "Paris")
        stack.insertPerson(2, fullName: "Al", city: "Rome")
        stack.insertPerson(3, fullName: "Cy", city: "Paris")
        stack.insertPerson(4, fullName: "Ann", city: "Rome")
        return stack
    }

    /// The ids of `people`, in order, read on their context's queue.
    private static func ids(_ people: [NSManagedObject], in stack: TestStack) -> [Int64] {
        stack.read { people.compactMap { ($0 as? Person)?.personId } }
    }

    /// The ids of the people of `stack()` that `query` fetches, in order.
    private static func fetchedIds(_ query: String) throws -> [Int64] {
        let stack = try stack()
        return ids(try stack.context.objects(Person.self, query), in: stack)
    }

    /// The `CoreDataCodableError` that `body` throws, or nil.
    private static func error(_ body: () throws -> some Any) -> CoreDataCodableError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? CoreDataCodableError
        }
    }

    /// The description of the `invalidFetchQuery` error that fetching people with `query` throws, or nil.
    private static func invalidQueryMessage(_ query: String) throws -> String? {
        let stack = try stack()
        let error = error { try stack.context.objects(Person.self, query) }
        return error?.code == CoreDataCodableError.invalidFetchQuery ? error?.description : nil
    }

    @Test func emptyQueryFetchesEveryObject() throws {
        let stack = try Self.stack()
        let people = try stack.context.objects(Person.self)
        #expect(Self.ids(people, in: stack).sorted() == [1, 2, 3, 4])
    }

    @Test func predicateTakesArguments() throws {
        let stack = try Self.stack()
        let people = try stack.context.objects(Person.self, "personId > %@ AND city == %@ ORDER BY personId", 1, "Paris")
        #expect(Self.ids(people, in: stack) == [3])
    }

    @Test func orderByAscending() throws {
        #expect(try Self.fetchedIds("ORDER BY fullName ASC") == [2, 4, 1, 3])
    }

    @Test func orderByDescending() throws {
        #expect(try Self.fetchedIds("ORDER BY fullName DESC") == [3, 1, 4, 2])
    }

    @Test func orderByTwoKeys() throws {
        #expect(try Self.fetchedIds("ORDER BY city, personId DESC") == [3, 1, 4, 2])
    }

    @Test func limitAlone() throws {
        #expect(try Self.fetchedIds("LIMIT 1").count == 1)
    }

    @Test func limitAfterPredicateAndOrderBy() throws {
        #expect(try Self.fetchedIds("city == 'Rome' ORDER BY personId DESC LIMIT 1") == [4])
    }

    @Test func limitZeroFetchesNothing() throws {
        #expect(try Self.fetchedIds("LIMIT 0") == [])
    }

    @Test func keywordsInsideQuotedStringsStayInThePredicate() throws {
        let stack = try Self.stack()
        stack.insertPerson(5, fullName: "ORDER BY name LIMIT 2")
        stack.insertPerson(6, fullName: "it's LIMIT 1")
        let double = try stack.context.objects(Person.self, #"fullName == "ORDER BY name LIMIT 2""#)
        let single = try stack.context.objects(Person.self, #"fullName == 'it\'s LIMIT 1' ORDER BY personId"#)
        #expect(Self.ids(double, in: stack) == [5])
        #expect(Self.ids(single, in: stack) == [6])
    }

    @Test func lowercaseKeywords() throws {
        #expect(try Self.fetchedIds("fullName beginswith 'A' order by fullName desc limit 5") == [4, 2])
    }

    @Test func entityNameForm() throws {
        let stack = try Self.stack()
        let people = try stack.context.objects(entityNamed: "Person", "ORDER BY fullName")
        #expect(Self.ids(people, in: stack) == [2, 4, 1, 3])
    }

    @Test func unknownEntityThrows() throws {
        let stack = try Self.stack()
        let error = Self.error { try stack.context.objects(entityNamed: "Nobody") }
        #expect(error?.code == CoreDataCodableError.unknownEntity)
        #expect(error?.entityName == "Nobody")
    }

    @Test func contextWithoutModelThrowsMissingModel() {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        #expect(Self.error { try context.objects(Person.self) }?.code == CoreDataCodableError.missingModel)
    }

    @Test func nonIntegerLimitThrows() throws {
        #expect(try Self.invalidQueryMessage("LIMIT ten") == #"Cannot read the fetch query "LIMIT ten": "#
            + #"write a whole number, 0 or more, after LIMIT (found "ten")."#)
    }

    @Test func negativeLimitThrows() throws {
        #expect(try Self.invalidQueryMessage("LIMIT -1") == #"Cannot read the fetch query "LIMIT -1": "#
            + #"write a whole number, 0 or more, after LIMIT (found "-1")."#)
    }

    @Test func unknownDirectionThrows() throws {
        #expect(try Self.invalidQueryMessage("ORDER BY fullName UP") == #"Cannot read the fetch query "ORDER BY fullName UP": "#
            + #"write ASC or DESC after the sort key "fullName" (found "UP")."#)
    }

    @Test func missingSortKeyThrows() throws {
        #expect(try Self.invalidQueryMessage("ORDER BY fullName, LIMIT 2") == #"Cannot read the fetch query "ORDER BY fullName, LIMIT 2": "#
            + #"write a key path after ORDER BY and after each comma (found "LIMIT")."#)
    }

    @Test func orderByAfterLimitThrows() throws {
        #expect(try Self.invalidQueryMessage("LIMIT 2 ORDER BY fullName") == #"Cannot read the fetch query "LIMIT 2 ORDER BY fullName": "#
            + "put ORDER BY before LIMIT.")
    }

    @Test func trailingWordsThrow() throws {
        #expect(try Self.invalidQueryMessage("ORDER BY fullName DESC please") == #"Cannot read the fetch query "ORDER BY fullName DESC please": "#
            + #"remove "please", which follows the last clause."#)
    }

    @Test func unknownSortKeyThrowsNamingIt() throws {
        #expect(try Self.invalidQueryMessage("ORDER BY nickname.length") == #"Cannot read the fetch query "ORDER BY nickname.length": "#
            + #"Person has no property "nickname" to sort by: "#
            + "write an attribute or relationship name, or a key path that starts with one.")
    }

    @Test func sortsByRelationshipKeyPath() throws {
        let stack = try TestStack()
        let json = #"[{"personId": 1, "country": {"id": 7, "name": "Chile"}}, {"personId": 2, "country": {"id": 8, "name": "Peru"}}]"#
        _ = try stack.decoder().decode(Many<Person>.self, from: Data(json.utf8))
        let people = try stack.context.objects(Person.self, "ORDER BY country.name DESC")
        #expect(Self.ids(people, in: stack) == [2, 1])
    }

    @Test func worksOnANewBackgroundContextFromTheTestThread() throws {
        let stack = try Self.stack()
        try stack.read { try stack.context.save() }
        let background = stack.container.newBackgroundContext()
        let people = try background.objects(Person.self, "city == %@ ORDER BY fullName", "Rome")
        let names = background.performAndWait { people.map(\.fullName) }
        #expect(names == ["Al", "Ann"])
    }
}
