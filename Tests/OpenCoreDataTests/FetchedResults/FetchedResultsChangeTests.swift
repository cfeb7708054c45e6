#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// https://developer.apple.com/documentation/coredata/nsfetchedresultscontrollerdelegate
// Deletions, updates and moves give the index path before the change; insertions and moves the
// one after it, all between controllerWillChangeContent and controllerDidChangeContent.
@Suite("Fetched results: changes")
struct FetchedResultsChangeTests {
    private let trio: [(String, String?, Int64)] = [("Ann", nil, 20), ("Bob", nil, 25), ("Cid", nil, 30)]

    @Test func anInsertedObjectIsReportedAtItsNewIndexPath() throws {
        let fixture = try PeopleFixture(trio)
        let events = fixture.change {
            let person = Person(context: fixture.context)
            person.name = "Bea"
        }
        #expect(events == ["will", "insert Bea - [0,1]", "did"])
        #expect(fixture.names == ["Ann", "Bea", "Bob", "Cid"])
    }

    @Test func aDeletedObjectIsReportedAtItsOldIndexPath() throws {
        let fixture = try PeopleFixture(trio)
        let events = try fixture.change { fixture.context.delete(try #require(fixture.person("Bob"))) }
        #expect(events == ["will", "delete Bob [0,1] -", "did"])
        #expect(fixture.names == ["Ann", "Cid"])
    }

    @Test func aChangeThatKeepsTheOrderIsAnUpdate() throws {
        let fixture = try PeopleFixture(trio)
        let events = try fixture.change { try #require(fixture.person("Bob")).age = 26 }
        #expect(events == ["will", "update Bob [0,1] -", "did"])
    }

    @Test func aChangedSortKeyIsAMove() throws {
        let fixture = try PeopleFixture(trio)
        let events = try fixture.change { try #require(fixture.person("Ann")).name = "Dan" }
        #expect(events == ["will", "move Dan [0,0] [0,2]", "did"])
        #expect(fixture.names == ["Bob", "Cid", "Dan"])
        #expect(fixture.controller.indexPath(forObject: try #require(fixture.person("Dan"))) == IndexPath(indexes: [0, 2]))
    }

    @Test func anObjectThatStartsMatchingThePredicateIsInserted() throws {
        let fixture = try PeopleFixture([("Ann", nil, 20), ("Bob", nil, 12), ("Cid", nil, 30)], predicate: NSPredicate(format: "age >= 18"))
        let bob = try #require(try fixture.context.performAndWait {
            try fixture.context.fetch(NSFetchRequest<Person>(entityName: "Person")).first { $0.name == "Bob" }
        })
        let events = fixture.change { bob.age = 18 }
        #expect(events == ["will", "insert Bob - [0,1]", "did"])
        #expect(fixture.names == ["Ann", "Bob", "Cid"])
    }

    @Test func anObjectThatStopsMatchingThePredicateIsDeleted() throws {
        let fixture = try PeopleFixture(trio, predicate: NSPredicate(format: "age >= 18"))
        let events = try fixture.change { try #require(fixture.person("Cid")).age = 3 }
        #expect(events == ["will", "delete Cid [0,2] -", "did"])
        #expect(fixture.names == ["Ann", "Bob"])
    }

    @Test func theFirstObjectOfANewSectionInsertsTheSection() throws {
        let fixture = try PeopleFixture([("Ann", "a", 20), ("Cid", "c", 30)], sectioned: true)
        let events = fixture.change {
            let person = Person(context: fixture.context)
            person.name = "Bob"
            person.alias = "b"
        }
        #expect(events == ["will", "section insert b 1", "insert Bob - [1,0]", "did"])
        #expect(fixture.controller.sections?.map(\.name) == ["a", "b", "c"])
    }

    @Test func theLastObjectOfASectionDeletesTheSection() throws {
        let fixture = try PeopleFixture([("Ann", "a", 20), ("Bob", "b", 25), ("Cid", "c", 30)], sectioned: true)
        let events = try fixture.change { fixture.context.delete(try #require(fixture.person("Bob"))) }
        #expect(events == ["will", "section delete b 1", "delete Bob [1,0] -", "did"])
        #expect(fixture.controller.sections?.map(\.name) == ["a", "c"])
    }

    @Test func changingTheSectionKeyMovesTheObjectToItsNewSection() throws {
        let fixture = try PeopleFixture([("Ann", "a", 20), ("Bob", "a", 25), ("Cid", "c", 30)], sectioned: true)
        let events = try fixture.change { try #require(fixture.person("Ann")).alias = "c" }
        #expect(events == ["will", "move Ann [0,0] [1,0]", "did"])
        #expect(fixture.controller.sections?.map(\.numberOfObjects) == [1, 2])
    }

    @Test func severalChangesAreReportedTogetherInOrder() throws {
        let fixture = try PeopleFixture(trio)
        let events = try fixture.change {
            fixture.context.delete(try #require(fixture.person("Ann")))
            try #require(fixture.person("Bob")).age = 40
            let person = Person(context: fixture.context)
            person.name = "Dan"
        }
        #expect(events == ["will", "delete Ann [0,0] -", "insert Dan - [0,2]", "update Bob [0,1] -", "did"])
    }

    @Test func changesToOtherEntitiesAreNotReported() throws {
        let fixture = try PeopleFixture(trio)
        let events = fixture.change {
            let country = Country(context: fixture.context)
            country.name = "Chile"
        }
        #expect(events.isEmpty)
    }

    // "No tracking: the delegate is set to nil. The controller simply provides access to the data
    // as it was when the fetch was executed."
    @Test func withoutADelegateTheResultsStayAsFetched() throws {
        let fixture = try PeopleFixture(trio)
        fixture.controller.delegate = nil
        _ = fixture.change {
            let person = Person(context: fixture.context)
            person.name = "Bea"
        }
        #expect(fixture.names == ["Ann", "Bob", "Cid"])
    }

    @Test func savingInAnotherContextIsReportedAfterTheMerge() throws {
        let fixture = try PeopleFixture(trio)
        let writer = fixture.stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didSaveObjectIDsNotification, from: writer)
        try writer.performAndWait {
            let person = Person(context: writer)
            person.name = "Abe"
            try writer.save()
        }
        let notification = try #require(recorder.notifications.first)
        fixture.context.performAndWait { fixture.context.mergeChanges(fromContextDidSave: notification) }
        #expect(fixture.recorder.events == ["will", "insert Abe - [0,0]", "did"])
        #expect(fixture.names == ["Abe", "Ann", "Bob", "Cid"])
    }

    @Test func theDelegateReceivesAControllerEqualToTheFetchingOne() throws {
        let fixture = try PeopleFixture(trio)
        let probe = ControllerProbe()
        fixture.controller.delegate = probe
        _ = fixture.change { Person(context: fixture.context).name = "Bea" }
        #expect(probe.controllers.count == 1)
        #expect(probe.controllers.first?.fetchedObjects?.count == 4)
        #expect(probe.controllers.first?.isEqual(fixture.controller) == true)
    }
}

/// Keeps the controller its delegate methods receive.
final class ControllerProbe: NSObject, NSFetchedResultsControllerDelegate {
    private(set) var controllers: [NSFetchedResultsController<any NSFetchRequestResult>] = []

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {
        controllers.append(controller)
    }
}
