#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// https://developer.apple.com/documentation/coredata/nsfetchedresultscontroller
@Suite("Fetched results: fetching and sections")
struct FetchedResultsControllerTests {
    @Test func fetchedObjectsAreNilBeforePerformFetch() throws {
        let stack = try TestStack()
        let request = NSFetchRequest<Person>(entityName: "Person")
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        let controller = NSFetchedResultsController(fetchRequest: request, managedObjectContext: stack.newContext(), sectionNameKeyPath: nil, cacheName: nil)
        #expect(controller.fetchedObjects == nil)
        #expect(controller.sections == nil)
    }

    // "An instance of NSFetchedResultsController requires a fetch request with sort descriptors."
    @Test func performFetchRequiresSortDescriptors() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let controller = NSFetchedResultsController(fetchRequest: NSFetchRequest<Person>(entityName: "Person"), managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        #expect(throws: (any Error).self) { try context.performAndWait { try controller.performFetch() } }
    }

    @Test func fetchedObjectsFollowTheSortDescriptors() throws {
        let fixture = try PeopleFixture([("Cid", nil, 30), ("Ann", nil, 20), ("Bob", nil, 25)])
        #expect(fixture.names == ["Ann", "Bob", "Cid"])
        #expect(fixture.controller.sections?.count == 1)
        #expect(fixture.controller.sections?.first?.numberOfObjects == 3)
    }

    @Test func sectionsGroupObjectsBySectionNameKeyPath() throws {
        let fixture = try PeopleFixture([("Cid", "b", 30), ("Ann", "a", 20), ("Bob", "b", 25)], sectioned: true)
        let sections = try #require(fixture.controller.sections)
        #expect(sections.map(\.name) == ["a", "b"])
        #expect(sections.map(\.numberOfObjects) == [1, 2])
        #expect(sections.map(\.indexTitle) == ["A", "B"])
        #expect(sections[1].objects?.compactMap { ($0 as? Person)?.name } == ["Bob", "Cid"])
    }

    @Test func objectAtIndexPathAndIndexPathForObjectAgree() throws {
        let fixture = try PeopleFixture([("Cid", "b", 30), ("Ann", "a", 20), ("Bob", "b", 25)], sectioned: true)
        let cid = fixture.controller.object(at: IndexPath(indexes: [1, 1]))
        #expect(cid.name == "Cid")
        #expect(fixture.controller.indexPath(forObject: cid) == IndexPath(indexes: [1, 1]))
        let ann = try #require(fixture.person("Ann"))
        #expect(fixture.controller.indexPath(forObject: ann) == IndexPath(indexes: [0, 0]))
    }

    @Test func indexPathOfAnObjectNotFetchedIsNil() throws {
        let fixture = try PeopleFixture([("Ann", nil, 20)])
        let other = fixture.context.performAndWait { Person(context: fixture.context) }
        #expect(fixture.controller.indexPath(forObject: other) == nil)
    }

    // "The default implementation returns the capitalized first letter of the section name."
    @Test func sectionIndexTitlesAreTheCapitalizedFirstLetters() throws {
        let fixture = try PeopleFixture([("Ann", "alpha", 20), ("Bob", "anchor", 25), ("Cid", "bravo", 30)], sectioned: true)
        #expect(fixture.controller.sectionIndexTitle(forSectionName: "delta") == "D")
        #expect(fixture.controller.sectionIndexTitles == ["A", "B"])
        #expect(fixture.controller.section(forSectionIndexTitle: "B", at: 1) == 2)
    }

    @Test func aPredicateLimitsTheFetchedObjects() throws {
        let fixture = try PeopleFixture([("Ann", nil, 20), ("Bob", nil, 12), ("Cid", nil, 30)], predicate: NSPredicate(format: "age >= 18"))
        #expect(fixture.names == ["Ann", "Cid"])
    }

    #if !canImport(CoreData)
    @Test func anUnknownSectionNameKeyPathThrows() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let request = NSFetchRequest<Person>(entityName: "Person")
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        let controller = NSFetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "nope", cacheName: nil)
        #expect(throws: (any Error).self) { try context.performAndWait { try controller.performFetch() } }
    }
    #endif
}
