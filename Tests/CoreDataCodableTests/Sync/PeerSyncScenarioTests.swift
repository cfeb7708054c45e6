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
        #expect(try store.values("remoteID", of: "NormalUser").map { $0 as? String } == ["1"])
    }

    // MARK: - Contacts

    @Test func nestedNotesBelongToTheirUser() throws {
        let store = try PeerStore("Notes")
        try store.sync("users_notes", into: "SuperUser")
        #expect(try store.count("SuperNote", NSPredicate(format: "superUser.remoteID == 6")) == 5)
    }

    @Test func profilePicturesPointBackToTheirUser() throws {
        let store = try PeerStore("Contacts")
        try store.sync("users_c", into: "User")
        #expect(try store.count("Image", NSPredicate(format: "user.remoteID == 6")) == 3)
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
        let children = try store.values("comments", of: "Comment", where: NSPredicate(format: "body == %@", "comment 1"))
        #expect(children.map { ($0 as? [String])?.count } == [3])
    }

    // MARK: - Payloads checked by the objects they store (Sync's 121, 257, 260, 3ca82a0, 412, 447, 476)

    /// One of Sync's tests that syncs `payload` of `model` into `entity` and counts what is stored.
    struct StoredCounts: Sendable, CustomTestStringConvertible {
        let model: String, payload: String, entity: String
        let counts: [String: Int]
        var testDescription: String { "\(payload) into \(entity)" }
    }

    @Test(arguments: [
        // Nested to-many and to-one objects of several entities (Sync issue 121).
        StoredCounts(model: "Patients", payload: "patients", entity: "Patient",
                     counts: ["Patient": 1, "Baseline": 1, "Alcohol": 1, "Fitness": 1, "Weight": 1, "Measure": 1]),
        // `_id` remote keys with nested exercises (257).
        StoredCounts(model: "257", payload: "bug-257", entity: "Workout", counts: ["Workout": 1, "Exercise": 2]),
        // A nested to-one under its snake_case or camelCase key (260).
        StoredCounts(model: "ToOne", payload: "to-one-snakecase", entity: "RentedHome", counts: ["RentedHome": 1, "LegalPerson": 1]),
        StoredCounts(model: "ToOne", payload: "to-one-camelcase", entity: "RentedHome", counts: ["RentedHome": 1, "LegalPerson": 1]),
        // Two articles share one nested tag in an ordered many-to-many (3ca82a0).
        StoredCounts(model: "3ca82a0", payload: "3ca82a0", entity: "Article", counts: ["Article": 2, "ArticleTag": 1]),
        // Nested fields without a primary key are skipped (412).
        StoredCounts(model: "412", payload: "412", entity: "Form", counts: ["Form": 1, "Field": 0]),
        // A tag named under two relationships is one object (447).
        StoredCounts(model: "447", payload: "447", entity: "Website", counts: ["Website": 1, "Tag": 1, "Category": 1]),
        // A nested weight keyed by a date, under a parent keyed by `_id` (476).
        StoredCounts(model: "476", payload: "476", entity: "FitnessProfile", counts: ["FitnessProfile": 1, "UserWeight": 1]),
    ])
    func payloadStoresItsObjects(_ scenario: StoredCounts) throws {
        let store = try PeerStore(scenario.model)
        try store.sync(scenario.payload, into: scenario.entity)
        var counts: [String: Int] = [:]
        for entity in scenario.counts.keys { counts[entity] = try store.count(entity) }
        #expect(counts == scenario.counts)
    }

    // MARK: - Staff and fulfillers (Sync issue 84)

    @Test func staffAndFulfillersByStringPrimaryKey() throws {
        let store = try PeerStore("84")
        try store.sync("bug-number-84", into: "MSStaff")
        #expect(try store.count("MSStaff") == 1)
        let staff = NSPredicate(format: "xid == %@", "mstaff_F58dVBTsXznvMpCPmpQgyV")
        let fulfiller = NSPredicate(format: "xid == %@", "ffr_AkAHQegYkrobp5xc2ySc5D")
        #expect(try store.values("image", of: "MSStaff", where: staff).map { $0 as? String } == ["a.jpg"])
        #expect(try store.values("fulfillers", of: "MSStaff", where: staff).map { ($0 as? Set<String>)?.count } == [2])
        #expect(try store.count("MSFulfiller") == 2)
        #expect(try store.values("name", of: "MSFulfiller", where: fulfiller).map { $0 as? String } == ["New York"])
        #expect(try store.values("staff", of: "MSFulfiller", where: fulfiller).map { ($0 as? Set<String>)?.count } == [1])
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
        #expect(try store.values("awesomeSummarize", of: "AwesomeStory").map { $0 != nil } == [true])
    }

    // MARK: - One object with a predicate (Sync issue 125, story summarize)

    @Test func formWithDeepRelationshipsUnderAPredicate() throws {
        let store = try PeerStore("125")
        let form = try #require(try JSONSerialization.jsonObject(with: SyncPeerCorpus.payload("bug-125")) as? [String: Any])
        let uri = try #require(form["uri"] as? String)
        try store.sync("bug-125", into: "Form", predicate: NSPredicate(format: "uri == %@", uri))
        let counts = try ["Form", "Element", "SelectionItem", "Model", "ModelProperty", "Restriction"].map { try store.count($0) }
        #expect(counts == [1, 11, 4, 1, 9, 3])
        #expect(try store.values("element", of: "Form").map { $0 != nil } == [true])
        #expect(try store.values("model", of: "Form").map { $0 != nil } == [true])
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
        let container = try PeerStore("id").stack.container
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

    // MARK: - One object payloads (254)

    @Test func houseResidentsLinkOnlyTheirOwnInverse() throws {
        let store = try PeerStore("254")
        try store.sync("bug-254", into: "House")
        #expect(try [store.count("House"), store.count("Human")] == [1, 1])
        #expect(try store.related("residents", of: "House", 0) == ["0"])
        #expect(try store.value("residenthouse", of: "Human", 0) as? String == "0")
        #expect(try store.related("ownhouses", of: "Human", 0).isEmpty)
    }

    // MARK: - Re-syncs and nesting (280, 283, 265, 373, 480)

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

    @Test func playerInsideItsOwnGroupIsOneObject() throws {
        let store = try PeerStore("265")
        try store.sync("265", into: "Player")
        // Sync stores player 1 twice (its test says "this should be 1"); matching by primary key
        // across the payload keeps one.
        #expect(try [store.count("Player"), store.count("PlayerGroup")] == [1, 1])
        #expect(try store.value("playerGroup", of: "Player", 1) as? String == "1")
    }

    @Test func usersShareANestedTag() throws {
        let store = try PeerStore("225")
        try store.sync("373", into: "User")
        #expect(try [store.count("User"), store.count("Tag")] == [2, 2])
        #expect(try store.related("tags", of: "User", 3) == ["10", "20"])
        #expect(try store.related("tags", of: "User", 2) == ["10"])
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
