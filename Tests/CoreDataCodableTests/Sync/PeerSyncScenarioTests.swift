import CoreDataCodable
import Foundation
import Testing

// More of Sync's `SyncTests` scenarios (3lvis/Sync, MIT) over its own payloads and models in
// `../shared/peers/sync/`, with the helpers of `PeerSyncTests.swift`. Skipped without the folder.
#if !canImport(CoreData)

// Needs `../shared/peers/sync` beside the package; skipped without it.
@Suite("Sync's own scenarios, continued (peer corpus)", .enabled(if: SyncPeerCorpus.isAvailable))
struct PeerSyncScenarioTests {
    // MARK: - Synchronous result

    @Test func syncedObjectsAreInTheContextWhenTheCallReturns() throws {
        let store = try PeerStore("Camelcase")
        let count = try store.read { context in
            try context.sync(try SyncPeerCorpus.payload("camelcase"), inEntityNamed: "NormalUser")
            return try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "NormalUser"))
        }
        #expect(count == 1)
    }

    @Test func camelCaseRemoteIDIsStoredAsItsString() throws {
        let store = try PeerStore("Camelcase")
        try store.sync("camelcase", into: "NormalUser")
        let remoteID = try store.read { context in
            try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "NormalUser")).first?.value(forKey: "remoteID")
        }
        #expect(remoteID as? String == "1")
    }

    // MARK: - Contacts

    @Test func nestedNotesBelongToTheirUser() throws {
        let store = try PeerStore("Notes")
        try store.sync("users_notes", into: "SuperUser")
        let notes = try store.read { context in
            let user = try #require(try context.object(entityNamed: "SuperUser", withPrimaryKey: 6))
            let request = NSFetchRequest<NSManagedObject>(entityName: "SuperNote")
            request.predicate = NSPredicate(format: "superUser == %@", user)
            return try context.count(for: request)
        }
        #expect(notes == 5)
    }

    @Test func profilePicturesPointBackToTheirUser() throws {
        let store = try PeerStore("Contacts")
        try store.sync("users_c", into: "User")
        let pictures = try store.read { context in
            let user = try #require(try context.object(entityNamed: "User", withPrimaryKey: 6))
            let request = NSFetchRequest<NSManagedObject>(entityName: "Image")
            request.predicate = NSPredicate(format: "user == %@", user)
            return try context.count(for: request)
        }
        #expect(pictures == 3)
    }

    // MARK: - Recursive

    @Test func numbersWithNestedNumbersAreAllInserted() throws {
        let store = try PeerStore("Recursive")
        let changes = try store.sync("numbers", into: "Number")
        #expect(changes.inserted == ["0", "10"])
        #expect(try store.count("Number") == 6)
    }

    @Test func toOneNamedParentWithoutPrimaryKeyIsInserted() throws {
        let store = try PeerStore("Recursive")
        try store.sync("numbers_in_collection", into: "Number")
        #expect(try store.count("Collection") == 1)
        #expect(try store.value("parent.name", of: "Number", 0) as? String == "Collection 1")
    }

    // MARK: - Ordered social

    @Test func orderedSelfReferencingCommentsKeyedByBody() throws {
        let store = try PeerStore("OrderedSocial")
        try store.sync("comments-no-id", into: "Comment")
        #expect(try store.count("Comment") == 8)
        #expect(try store.count("Comment", NSPredicate(format: "body == %@", "comment 1")) == 1)
        let children = try store.read { context in
            let request = NSFetchRequest<NSManagedObject>(entityName: "Comment")
            request.predicate = NSPredicate(format: "body == %@", "comment 1")
            return (try context.fetch(request).first?.value(forKey: "comments") as? NSOrderedSet)?.count
        }
        #expect(children == 3)
    }

    // MARK: - Patients (Sync issue 121)

    @Test func patientsNestedToManyAndToOneEntities() throws {
        let store = try PeerStore("Patients")
        try store.sync("patients", into: "Patient")
        let counts = try ["Patient", "Baseline", "Alcohol", "Fitness", "Weight", "Measure"].map { try store.count($0) }
        #expect(counts == [1, 1, 1, 1, 1, 1])
    }

    // MARK: - Staff and fulfillers (Sync issue 84)

    @Test func staffAndFulfillersByStringPrimaryKey() throws {
        let store = try PeerStore("84")
        try store.sync("bug-number-84", into: "MSStaff")
        #expect(try store.count("MSStaff") == 1)
        let staff = NSPredicate(format: "xid == %@", "mstaff_F58dVBTsXznvMpCPmpQgyV")
        let fulfiller = NSPredicate(format: "xid == %@", "ffr_AkAHQegYkrobp5xc2ySc5D")
        let values = try store.read { context in
            let staffRequest = NSFetchRequest<NSManagedObject>(entityName: "MSStaff")
            staffRequest.predicate = staff
            let oneStaff = try #require(try context.fetch(staffRequest).first)
            let fulfillerRequest = NSFetchRequest<NSManagedObject>(entityName: "MSFulfiller")
            fulfillerRequest.predicate = fulfiller
            let oneFulfiller = try #require(try context.fetch(fulfillerRequest).first)
            return (
                oneStaff.value(forKey: "image") as? String, (oneStaff.value(forKey: "fulfillers") as? Set<NSManagedObject>)?.count,
                oneFulfiller.value(forKey: "name") as? String, (oneFulfiller.value(forKey: "staff") as? Set<NSManagedObject>)?.count
            )
        }
        #expect(values.0 == "a.jpg")
        #expect(values.1 == 2)
        #expect(try store.count("MSFulfiller") == 2)
        #expect(values.2 == "New York")
        #expect(values.3 == 1)
    }

    // MARK: - Custom primary keys (Sync issue 113)

    @Test func customPrimaryKeyCommentsOfCommentsBug113() throws {
        let store = try PeerStore("113")
        try store.sync("bug-113-comments-no-id", into: "AwesomeComment")
        #expect(try store.count("AwesomeComment") == 8)
        #expect(try store.count("AwesomeComment", NSPredicate(format: "body == %@", "comment 1")) == 1)
        #expect(try store.related("awesomeComments", of: "AwesomeComment", "comment 1").count == 3)
    }

    @Test func customPrimaryKeyCommentsUnderStoriesBug113() throws {
        let store = try PeerStore("113")
        try store.sync("bug-113-stories-comments-no-ids", into: "AwesomeStory")
        #expect(try store.count("AwesomeStory") == 3)
        #expect(try store.related("awesomeComments", of: "AwesomeStory", 0).count == 3)
        #expect(try store.count("AwesomeComment") == 9)
        #expect(try store.count("AwesomeComment", NSPredicate(format: "body == %@", "comment 1")) == 1)
        #expect(try store.count("AwesomeComment", NSPredicate(format: "body == %@ AND awesomeStory.remoteID == 0", "comment 1")) == 1)
        #expect(integer(try store.value("awesomeStory.remoteID", of: "AwesomeComment", "comment 1")) == 0)
        #expect(try store.value("awesomeStory.title", of: "AwesomeComment", "comment 1") as? String == "story 1")
    }

    @Test func toOneUnderCustomRemoteKeyBug113() throws {
        let store = try PeerStore("113")
        try store.sync("bug-113-custom_relationship_key_to_one", into: "AwesomeStory")
        let summarize = try store.read { context in
            try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "AwesomeStory")).first?.value(forKey: "awesomeSummarize")
        }
        #expect(summarize != nil)
    }

    // MARK: - One object with a predicate (Sync issue 125, story summarize)

    @Test func formWithDeepRelationshipsUnderAPredicate() throws {
        let store = try PeerStore("125")
        let form = try #require(try JSONSerialization.jsonObject(with: SyncPeerCorpus.payload("bug-125")) as? [String: Any])
        let uri = try #require(form["uri"] as? String)
        try store.sync("bug-125", into: "Form", predicate: NSPredicate(format: "uri == %@", uri))
        let counts = try ["Form", "Element", "SelectionItem", "Model", "ModelProperty", "Restriction"].map { try store.count($0) }
        #expect(counts == [1, 11, 4, 1, 9, 3])
        let related = try store.read { context in
            let stored = try #require(try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Form")).first)
            return (stored.value(forKey: "element") != nil, stored.value(forKey: "model") != nil)
        }
        #expect(related == (true, true))
    }

    @Test func storyWithSummarizeAndKeylessCommentUnderAPredicate() throws {
        let store = try PeerStore("Social")
        try store.sync("story-summarize", into: "Story", predicate: NSPredicate(format: "remoteID == 1"))
        #expect(try store.count("Story") == 1)
        #expect(integer(try store.value("summarize.remoteID", of: "Story", 1)) == 1)
        #expect(try store.related("comments", of: "Story", 1).count == 1)
        #expect(try store.count("SocialComment") == 1)
        #expect(try store.count("SocialComment", NSPredicate(format: "body == %@", "Hi")) == 1)
    }

    // MARK: - id as remoteID

    @Test func idKeyFillsRemoteID() throws {
        let store = try PeerStore("id")
        let changes = try store.sync("id", into: "User")
        #expect(changes == ChangedKeys(inserted: ["a", "b"], updated: [], deleted: []))
        #expect(try store.count("User") == 2)
        #expect(try store.value("name", of: "User", "b") as? String == "Wait Forit")
    }

    @Test func containerSyncOfIDPayloadIsSeenByTheViewContext() async throws {
        let container = NSPersistentContainer(name: "id", managedObjectModel: try SyncPeerCorpus.model("id"))
        let description = NSPersistentStoreDescription()
        description.type = NSInMemoryStoreType
        container.persistentStoreDescriptions = [description]
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            container.loadPersistentStores { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
        let changes = try await container.sync(try SyncPeerCorpus.payload("id"), inEntityNamed: "User")
        #expect(changes.inserted.count == 2)
        let count = try await container.viewContext.perform {
            try container.viewContext.count(for: NSFetchRequest<NSManagedObject>(entityName: "User"))
        }
        #expect(count == 2)
    }

    // MARK: - Ordered identifiers (151)

    @Test func orderedToManyIdentifiersLinkOnceNotesExist() throws {
        let store = try PeerStore("151-ordered-to-many")
        try store.sync("151-to-many-users", into: "User")
        #expect(try [store.count("User"), store.count("Note")] == [3, 0])
        try store.sync("151-to-many-notes", into: "Note")
        #expect(try [store.count("User"), store.count("Note")] == [3, 3])
        #expect(try (10...12).map { try store.related("notes", of: "User", $0).count } == [0, 0, 0])
    }

    @Test func orderedManyToManyIdentifiersLinkAndRelink() throws {
        let store = try PeerStore("151-ordered-many-to-many")
        try store.sync("151-many-to-many-notes", into: "Note")
        #expect(try [store.count("Note"), store.count("Tag")] == [4, 0])
        try store.sync("151-many-to-many-tags", into: "Tag")
        #expect(try [store.count("Note"), store.count("Tag")] == [4, 2])
        #expect(try (0...3).map { try store.related("tags", of: "Note", $0).count } == [0, 0, 0, 0])
        try store.sync("151-many-to-many-notes", into: "Note")
        #expect(try (0...3).map { try store.related("tags", of: "Note", $0).count } == [2, 1, 0, 1])
        try store.sync("151-many-to-many-notes-update", into: "Note")
        #expect(try [store.count("Note"), store.count("Tag")] == [4, 2])
        #expect(try (0...3).map { try store.related("tags", of: "Note", $0).count } == [1, 0, 2, 0])
    }

    // MARK: - One object payloads (257, 254, 260)

    @Test func workoutWithUnderscoreIDAndNestedExercises() throws {
        let store = try PeerStore("257")
        try store.sync("bug-257", into: "Workout")
        #expect(try [store.count("Workout"), store.count("Exercise")] == [1, 2])
    }

    @Test func houseResidentsLinkOnlyTheirOwnInverse() throws {
        let store = try PeerStore("254")
        try store.sync("bug-254", into: "House")
        #expect(try [store.count("House"), store.count("Human")] == [1, 1])
        #expect(try store.related("residents", of: "House", 0) == ["0"])
        #expect(try store.value("residenthouse", of: "Human", 0) as? String == "0")
        #expect(try store.related("ownhouses", of: "Human", 0).isEmpty)
    }

    @Test(arguments: ["to-one-snakecase", "to-one-camelcase"])
    func nestedToOneUnderSnakeOrCamelCaseKey(payload: String) throws {
        let store = try PeerStore("ToOne")
        try store.sync(payload, into: "RentedHome")
        #expect(try [store.count("RentedHome"), store.count("LegalPerson")] == [1, 1])
    }

    // MARK: - Re-syncs and nesting (280, 283, 265, 3ca82a0, 373, 412, 447, 476, 480)

    @Test func resyncOfNestedObjectsKeyedByIndexKeepsOneOfEach() throws {
        let store = try PeerStore("280")
        try store.sync("280", into: "Route")
        #expect(try [store.count("Route"), store.count("RoutePolylineItem"), store.count("RouteStop")] == [1, 1, 1])
        try store.sync("280", into: "Route")
        #expect(try [store.count("Route"), store.count("RoutePolylineItem"), store.count("RouteStop")] == [1, 1, 1])
    }

    @Test func ownerIsLinkedAndAbsentParticipantsStayEmpty() throws {
        let store = try PeerStore("283")
        try store.sync("283", into: "TaskList")
        #expect(try [store.count("TaskList"), store.count("Owner")] == [1, 1])
        #expect(try store.value("owner", of: "TaskList", "0") as? String == "a")
        #expect(try store.related("participants", of: "TaskList", "0").isEmpty)
    }

    @Test func orderedSlidesReorderedFromAnotherPayload() throws {
        let store = try PeerStore("233")
        try store.read { context in
            let slides = [Int16(1), 2].map { id in
                let slide = NSEntityDescription.insertNewObject(forEntityName: "Slide", into: context)
                slide.setValue(id, forKey: "id")
                return slide
            }
            let presentation = NSEntityDescription.insertNewObject(forEntityName: "Presentation", into: context)
            presentation.setValue(Int16(1), forKey: "id")
            presentation.setValue(NSOrderedSet(array: slides), forKey: "slides")
            try context.save()
        }
        #expect(try [store.count("Presentation"), store.count("Slide")] == [1, 2])
        try store.sync("237", into: "Presentation")
        #expect(try store.count("Presentation") == 1)
        #expect(try store.related("slides", of: "Presentation", 1) == ["2", "1"])
    }

    @Test func playerInsideItsOwnGroupIsOneObject() throws {
        let store = try PeerStore("265")
        try store.sync("265", into: "Player")
        // Sync stores player 1 twice (its test says "this should be 1"); matching by primary key
        // across the payload keeps one.
        #expect(try [store.count("Player"), store.count("PlayerGroup")] == [1, 1])
        #expect(try store.value("playerGroup", of: "Player", 1) as? String == "1")
    }

    @Test func articlesShareOneNestedTag() throws {
        let store = try PeerStore("3ca82a0")
        try store.sync("3ca82a0", into: "Article")
        #expect(try [store.count("Article"), store.count("ArticleTag")] == [2, 1])
    }

    @Test func usersShareANestedTag() throws {
        let store = try PeerStore("225")
        try store.sync("373", into: "User")
        #expect(try [store.count("User"), store.count("Tag")] == [2, 2])
        #expect(try store.related("tags", of: "User", 3) == ["10", "20"])
        #expect(try store.related("tags", of: "User", 2) == ["10"])
    }

    @Test func keylessNestedToManyIsSkipped() throws {
        let store = try PeerStore("412")
        try store.sync("412", into: "Form")
        #expect(try [store.count("Form"), store.count("Field")] == [1, 0])
    }

    @Test func tagNamedTwiceUnderDifferentKeysIsOneObject() throws {
        let store = try PeerStore("447")
        try store.sync("447", into: "Website")
        #expect(try [store.count("Website"), store.count("Tag"), store.count("Category")] == [1, 1, 1])
    }

    @Test func keylessNestedWeightUnderUnderscoreID() throws {
        let store = try PeerStore("476")
        try store.sync("476", into: "FitnessProfile")
        #expect(try [store.count("FitnessProfile"), store.count("UserWeight")] == [1, 1])
    }

    @Test func reportsWithLargeIdentifiersAndTheirHistory() throws {
        let store = try PeerStore("480")
        let changes = try store.sync("480", into: "Report")
        #expect(changes.inserted == ["450639", "3497534", "3497535"])
        #expect(try [store.count("Report"), store.count("HistoryItem")] == [3, 6])
        #expect(try store.related("historyItems", of: "Report", 3497535).isEmpty)
    }
}
#endif
