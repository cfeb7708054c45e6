#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Relating objects through one side changes the inverse to-many relationship of the other. When
// that to-many relationship was never loaded (a fetched object loads it on first access), the change
// is kept pending beside it instead of loading it. These tests fetch objects in a new context, relate
// them only through the other side (a to-one, or the other side of a many-to-many), then read, save
// and read back: the result must be exactly what a loaded relationship gives, on both stores.

// MARK: - Support

/// The stores the pending to-many tests run on.
enum PendingStoreType: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite

    var testDescription: String { self == .inMemory ? "in-memory store" : "SQLite store" }
}

/// A container with one store of `type`; a SQLite store lives in a file of its own, removed with the stack.
final class PendingStack {
    let container: NSPersistentContainer
    private let directory: URL?

    init(_ type: PendingStoreType, model: NSManagedObjectModel = TestModel.shared) throws {
        switch type {
        case .inMemory:
            directory = nil
            container = try SQLiteTestSupport.container(at: nil, model: model, type: NSInMemoryStoreType)
        case .sqlite:
            let directory = try SQLiteTestSupport.temporaryDirectory()
            self.directory = directory
            do {
                container = try SQLiteTestSupport.container(at: directory.appendingPathComponent("Pending.sqlite"), model: model)
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw error
            }
        }
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// A new private-queue context on the container's coordinator.
    func newContext() -> NSManagedObjectContext {
        container.newBackgroundContext()
    }

    /// Runs `body` in a new context, then saves it.
    func seed(_ body: (NSManagedObjectContext) throws -> Void) throws {
        let context = newContext()
        try context.performAndWait {
            try body(context)
            try context.save()
        }
    }

    /// What `body` reads in a new context, which loads everything from the store.
    func read<T>(_ body: (NSManagedObjectContext) throws -> T) throws -> T {
        let context = newContext()
        return try context.performAndWait { try body(context) }
    }

    /// Saves, in `TestModel`: Spain with Ana and Bob, France with Chloe, Eve with no country; tag red
    /// on Ana and Bob, blue on Chloe; Ana's notes n1, n2 and Bob's note n3, in that order.
    func seedWorld() throws {
        try seed { context in
            let spain = Country(context: context)
            spain.name = "spain"
            let france = Country(context: context)
            france.name = "france"
            let red = Tag(context: context)
            red.name = "red"
            let blue = Tag(context: context)
            blue.name = "blue"
            for (name, country, tags) in [("ana", spain, [red]), ("bob", spain, [red]), ("chloe", france, [blue])] {
                let person = Person(context: context)
                person.name = name
                person.country = country
                person.tags = Set(tags)
            }
            Person(context: context).name = "eve"
            let people = try pendingPeopleByName(in: context)
            for (text, owner) in [("n1", "ana"), ("n2", "ana"), ("n3", "bob")] {
                let note = Note(context: context)
                note.text = text
                note.person = people[owner]
            }
        }
    }
}

/// The one object of `entity` whose `key` is `value`, fetched (so its to-many relationships are not loaded).
func fetchOne<T: NSManagedObject>(_ entity: String, _ key: String, _ value: String, as type: T.Type = T.self, in context: NSManagedObjectContext) throws -> T {
    let request = NSFetchRequest<T>(entityName: entity)
    request.predicate = NSPredicate(format: "%K == %@", key, value)
    let objects = try context.fetch(request)
    #expect(objects.count == 1, "\(entity) \(key) == \(value)")
    return try #require(objects.first)
}

func fetchCountry(_ name: String, in context: NSManagedObjectContext) throws -> Country {
    try fetchOne("Country", "name", name, in: context)
}

func fetchPerson(_ name: String, in context: NSManagedObjectContext) throws -> Person {
    try fetchOne("Person", "name", name, in: context)
}

func fetchTag(_ name: String, in context: NSManagedObjectContext) throws -> Tag {
    try fetchOne("Tag", "name", name, in: context)
}

func fetchNote(_ text: String, in context: NSManagedObjectContext) throws -> Note {
    try fetchOne("Note", "text", text, in: context)
}

/// Every person of `context` (saved or not) by name.
func pendingPeopleByName(in context: NSManagedObjectContext) throws -> [String: Person] {
    let request = NSFetchRequest<Person>(entityName: "Person")
    let people = try context.fetch(request)
    return Dictionary(people.map { ($0.name ?? "", $0) }) { first, _ in first }
}

/// The sorted names of people.
func personNames<S: Sequence>(_ people: S) -> [String] where S.Element == Person {
    people.map { $0.name ?? "?" }.sorted()
}

/// The sorted names of tags.
func tagNames<S: Sequence>(_ tags: S) -> [String] where S.Element == Tag {
    tags.map { $0.name ?? "?" }.sorted()
}

/// The texts of an ordered set of notes, in order.
func noteTexts(_ notes: NSOrderedSet) -> [String] {
    notes.array.map { ($0 as? Note)?.text ?? "?" }
}

/// A new person named `name`.
@discardableResult
func newPerson(_ name: String, in context: NSManagedObjectContext) -> Person {
    let person = Person(context: context)
    person.name = name
    return person
}

// MARK: - One-to-many

@Suite("Pending to-many changes: one-to-many through the to-one")
struct PendingToManyOneToManyTests {
    @Test(arguments: PendingStoreType.allCases)
    func settingTheToOneLeavesTheToManyAFault(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            newPerson("carl", in: context).country = spain
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(spain.isUpdated)
            #expect(context.updatedObjects.contains(spain))
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func readingGivesTheStoredObjectsAndTheAddedOne(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let carl = newPerson("carl", in: context)
            carl.country = spain
            let people = spain.people
            #expect(people.count == 3)
            #expect(names(people) == ["ana", "bob", "carl"])
            #expect(people.contains(carl))
            #expect(!spain.hasFault(forRelationshipNamed: "people"))
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func addingASavedPersonWithoutACountry(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            try fetchPerson("eve", in: context).country = spain
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(names(spain.people) == ["ana", "bob", "eve"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "bob", "eve"])
            #expect(try fetchPerson("eve", in: context).country?.name == "spain")
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func savedAdditionsReadBackInAnotherContext(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            newPerson("dan", in: context).country = spain
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            try context.save()
            #expect(names(spain.people) == ["ana", "bob", "carl", "dan"])
        }
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            #expect(spain.people.count == 4)
            #expect(names(spain.people) == ["ana", "bob", "carl", "dan"])
            #expect(try fetchPerson("dan", in: context).country == spain)
            #expect(names(try fetchCountry("france", in: context).people) == ["chloe"])
        }
    }

    /// How a test reads a to-many relationship.
    enum ReadPath: String, CaseIterable, Sendable {
        case valueForKey, mutableSet, managedProperty, objectIDs
    }

    @Test(arguments: PendingStoreType.allCases, ReadPath.allCases)
    func everyWayOfReadingMergesThePendingChanges(_ store: PendingStoreType, _ path: ReadPath) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            newPerson("carl", in: context).country = spain
            try fetchPerson("bob", in: context).country = nil
            let people: [NSManagedObject]
            switch path {
            case .valueForKey:
                people = (spain.value(forKey: "people") as? NSSet)?.allObjects.compactMap { $0 as? NSManagedObject } ?? []
            case .mutableSet:
                people = spain.mutableSetValue(forKey: "people").allObjects.compactMap { $0 as? NSManagedObject }
            case .managedProperty:
                people = spain.people.allObjects.compactMap { $0 as? NSManagedObject }
            case .objectIDs:
                people = spain.objectIDs(forRelationshipNamed: "people").map { context.object(with: $0) }
            }
            #expect(people.count == 2)
            #expect(people.compactMap { $0.value(forKey: "name") as? String }.sorted() == ["ana", "carl"])
        }
    }
}

// MARK: - Moving between parents

@Suite("Pending to-many changes: moving a child between parents")
struct PendingToManyMoveTests {
    @Test(arguments: PendingStoreType.allCases)
    func movingLeavesBothToManyRelationshipsFaults(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let france = try fetchCountry("france", in: context)
            try fetchPerson("bob", in: context).country = france
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(france.hasFault(forRelationshipNamed: "people"))
            #expect(spain.isUpdated)
            #expect(france.isUpdated)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func movingRemovesFromOneAndAddsToTheOther(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let france = try fetchCountry("france", in: context)
            try fetchPerson("bob", in: context).country = france
            #expect(names(spain.people) == ["ana"])
            #expect(names(france.people) == ["bob", "chloe"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func movingIsSaved(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let france = try fetchCountry("france", in: context)
            _ = try fetchCountry("spain", in: context)
            try fetchPerson("bob", in: context).country = france
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana"])
            #expect(names(try fetchCountry("france", in: context).people) == ["bob", "chloe"])
            #expect(try fetchPerson("bob", in: context).country?.name == "france")
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func settingTheToOneToNilRemovesFromTheUnloadedToMany(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            try fetchPerson("bob", in: context).country = nil
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(spain.isUpdated)
            #expect(names(spain.people) == ["ana"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana"])
            #expect(try fetchPerson("bob", in: context).country == nil)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func movingAwayAndBackLeavesTheStoredObjects(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let spain = try fetchCountry("spain", in: context)
            let france = try fetchCountry("france", in: context)
            let bob = try fetchPerson("bob", in: context)
            bob.country = france
            bob.country = spain
            #expect(spain.hasFault(forRelationshipNamed: "people"))
            #expect(names(spain.people) == ["ana", "bob"])
            #expect(names(france.people) == ["chloe"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(names(try fetchCountry("spain", in: context).people) == ["ana", "bob"])
            #expect(names(try fetchCountry("france", in: context).people) == ["chloe"])
        }
    }
}

// MARK: - Many-to-many

@Suite("Pending to-many changes: many-to-many through the other side")
struct PendingToManyManyToManyTests {
    /// In a new context: Chloe and a new Dave join red, Bob leaves it, Dave joins blue, all through
    /// the people's `tags`; the tags' `people` stay faults.
    private func relate(in context: NSManagedObjectContext) throws -> (red: Tag, blue: Tag) {
        let red = try fetchTag("red", in: context)
        let blue = try fetchTag("blue", in: context)
        try fetchPerson("chloe", in: context).mutableSetValue(forKey: "tags").add(red)
        try fetchPerson("bob", in: context).mutableSetValue(forKey: "tags").remove(red)
        newPerson("dave", in: context).tags = [red, blue]
        return (red, blue)
    }

    @Test(arguments: PendingStoreType.allCases)
    func relatingThroughTheOtherSideLeavesTheToManyAFault(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let (red, blue) = try relate(in: context)
            #expect(red.hasFault(forRelationshipNamed: "people"))
            #expect(blue.hasFault(forRelationshipNamed: "people"))
            #expect(red.isUpdated)
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func readingMergesAdditionsAndRemovals(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let (red, blue) = try relate(in: context)
            #expect(personNames(red.people) == ["ana", "chloe", "dave"])
            #expect(personNames(blue.people) == ["chloe", "dave"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func savedChangesReadBackFromBothSides(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            _ = try relate(in: context)
            try context.save()
        }
        try stack.read { context throws in
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana", "chloe", "dave"])
            #expect(personNames(try fetchTag("blue", in: context).people) == ["chloe", "dave"])
            #expect(tagNames(try fetchPerson("bob", in: context).tags) == [])
            #expect(tagNames(try fetchPerson("chloe", in: context).tags) == ["blue", "red"])
            #expect(tagNames(try fetchPerson("dave", in: context).tags) == ["blue", "red"])
            #expect(tagNames(try fetchPerson("ana", in: context).tags) == ["red"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func removingAndAddingBackKeepsTheObjectOnce(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let red = try fetchTag("red", in: context)
            let tags = try fetchPerson("bob", in: context).mutableSetValue(forKey: "tags")
            tags.remove(red)
            tags.add(red)
            #expect(red.hasFault(forRelationshipNamed: "people"))
            #expect(personNames(red.people) == ["ana", "bob"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(personNames(try fetchTag("red", in: context).people) == ["ana", "bob"])
            #expect(tagNames(try fetchPerson("bob", in: context).tags) == ["red"])
        }
    }
}

// MARK: - Ordered

@Suite("Pending to-many changes: ordered relationships")
struct PendingToManyOrderedTests {
    @Test(arguments: PendingStoreType.allCases)
    func additionsComeAfterTheStoredObjectsInTheOrderAdded(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let ana = try fetchPerson("ana", in: context)
            let bob = try fetchPerson("bob", in: context)
            let n4 = Note(context: context)
            n4.text = "n4"
            n4.person = ana
            try fetchNote("n3", in: context).person = ana
            #expect(ana.hasFault(forRelationshipNamed: "notes"))
            #expect(bob.hasFault(forRelationshipNamed: "notes"))
            #expect(noteTexts(ana.notes) == ["n1", "n2", "n4", "n3"])
            #expect(noteTexts(bob.notes) == [])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func savedOrderReadsBackInAnotherContext(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let ana = try fetchPerson("ana", in: context)
            _ = try fetchPerson("bob", in: context)
            let n4 = Note(context: context)
            n4.text = "n4"
            n4.person = ana
            try fetchNote("n3", in: context).person = ana
            try context.save()
        }
        try stack.read { context throws in
            #expect(noteTexts(try fetchPerson("ana", in: context).notes) == ["n1", "n2", "n4", "n3"])
            #expect(noteTexts(try fetchPerson("bob", in: context).notes) == [])
            #expect(try fetchNote("n3", in: context).person?.name == "ana")
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func removingThenAddingBackPutsTheObjectLast(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let ana = try fetchPerson("ana", in: context)
            let n1 = try fetchNote("n1", in: context)
            n1.person = nil
            n1.person = ana
            #expect(ana.hasFault(forRelationshipNamed: "notes"))
            #expect(noteTexts(ana.notes) == ["n2", "n1"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(noteTexts(try fetchPerson("ana", in: context).notes) == ["n2", "n1"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func removalKeepsTheOrderOfTheOthers(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store)
        try stack.seedWorld()
        try stack.read { context throws in
            let ana = try fetchPerson("ana", in: context)
            let n0 = Note(context: context)
            n0.text = "n0"
            n0.person = ana
            try fetchNote("n1", in: context).person = nil
            #expect(noteTexts(ana.notes) == ["n2", "n0"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(noteTexts(try fetchPerson("ana", in: context).notes) == ["n2", "n0"])
            #expect(try fetchNote("n1", in: context).person == nil)
        }
    }
}

/// Ordered many-to-many: `Owner.playlist` (ordered) ↔ `Tag.listedBy`, in `SQLiteTestSupport.model()`,
/// changed through `Tag.listedBy`.
@Suite("Pending to-many changes: ordered many-to-many")
struct PendingToManyOrderedManyToManyTests {
    /// Saves owner `o` with playlist t1, t2, and tag t3 in no playlist.
    private func seed(_ stack: PendingStack) throws {
        try stack.seed { context throws in
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            owner.setValue("o", forKey: "name")
            let tags = ["t1", "t2", "t3"].map { label in
                let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
                tag.setValue(label, forKey: "label")
                return tag
            }
            owner.setValue(NSOrderedSet(array: Array(tags.prefix(2))), forKey: "playlist")
        }
    }

    private func playlist(_ owner: NSManagedObject) -> [String] {
        orderedNames(owner.value(forKey: "playlist"), key: "label")
    }

    private func owner(in context: NSManagedObjectContext) throws -> NSManagedObject {
        try fetchOne("Owner", "name", "o", in: context)
    }

    private func tag(_ label: String, in context: NSManagedObjectContext) throws -> NSManagedObject {
        try fetchOne("Tag", "label", label, in: context)
    }

    @Test(arguments: PendingStoreType.allCases)
    func additionsComeAfterTheStoredTagsInTheOrderAdded(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store, model: SQLiteTestSupport.model())
        try seed(stack)
        try stack.read { context throws in
            let owner = try owner(in: context)
            let t4 = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
            t4.setValue("t4", forKey: "label")
            t4.mutableSetValue(forKey: "listedBy").add(owner)
            try tag("t3", in: context).mutableSetValue(forKey: "listedBy").add(owner)
            #expect(owner.hasFault(forRelationshipNamed: "playlist"))
            #expect(playlist(owner) == ["t1", "t2", "t4", "t3"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(playlist(try owner(in: context)) == ["t1", "t2", "t4", "t3"])
            #expect(names(try tag("t3", in: context).value(forKey: "listedBy")) == ["o"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func removingThenAddingBackPutsTheTagLast(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store, model: SQLiteTestSupport.model())
        try seed(stack)
        try stack.read { context throws in
            let owner = try owner(in: context)
            let listedBy = try tag("t1", in: context).mutableSetValue(forKey: "listedBy")
            listedBy.remove(owner)
            listedBy.add(owner)
            #expect(owner.hasFault(forRelationshipNamed: "playlist"))
            #expect(playlist(owner) == ["t2", "t1"])
            try context.save()
        }
        try stack.read { context throws in
            #expect(playlist(try owner(in: context)) == ["t2", "t1"])
        }
    }

    @Test(arguments: PendingStoreType.allCases)
    func removalIsSaved(_ store: PendingStoreType) throws {
        let stack = try PendingStack(store, model: SQLiteTestSupport.model())
        try seed(stack)
        try stack.read { context throws in
            let owner = try owner(in: context)
            try tag("t1", in: context).mutableSetValue(forKey: "listedBy").remove(owner)
            try tag("t3", in: context).mutableSetValue(forKey: "listedBy").add(owner)
            #expect(owner.hasFault(forRelationshipNamed: "playlist"))
            try context.save()
        }
        try stack.read { context throws in
            #expect(playlist(try owner(in: context)) == ["t2", "t3"])
            #expect(names(try tag("t1", in: context).value(forKey: "listedBy")) == [])
        }
    }
}
