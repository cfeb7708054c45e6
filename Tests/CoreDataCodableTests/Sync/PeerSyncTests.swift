import CoreDataCodable
import Foundation
import Testing

// Sync's own test payloads and models (3lvis/Sync, MIT), in the folder `../shared/peers/sync/`
// beside the package: the scenarios of its `SyncTests` and `DataFilterTests`, run through
// `sync(_:inEntityNamed:)`. The folder is not part of the repository, so when it is absent the
// suite below is skipped and `PeerSyncCorpusPresenceTests` says so.
#if !canImport(CoreData)

/// The folder of one peer's corpus at `<package>/../shared/peers/<name>`.
struct PeerCorpus {
    let root: URL

    init(_ name: String) {
        // `Tests/CoreDataCodableTests/Sync/PeerSyncTests.swift` up four levels is the package.
        root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // Sync
            .deletingLastPathComponent() // CoreDataCodableTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // package
            .appendingPathComponent("../shared/peers/\(name)")
            .standardizedFileURL
    }

    var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Sync's test corpus at `<package>/../shared/peers/sync`.
enum SyncPeerCorpus {
    private static let corpus = PeerCorpus("sync")
    static var root: URL { corpus.root }
    static var isAvailable: Bool { corpus.isAvailable }

    /// The model `Models/<name>.xcdatamodeld`, or the one at `path` relative to the corpus.
    static func model(_ name: String) throws -> NSManagedObjectModel {
        let path = name.contains("/") ? name : "Models/\(name).xcdatamodeld"
        return try NSManagedObjectModel(validatingContentsOf: root.appendingPathComponent(path))
    }

    /// The payload `JSONs/<name>.json`, or the one at `path` relative to the corpus.
    static func payload(_ name: String) throws -> Data {
        let path = name.contains("/") ? name : "JSONs/\(name).json"
        return try Data(contentsOf: root.appendingPathComponent(path))
    }
}

@Suite("Sync's peer corpus presence")
struct PeerSyncCorpusPresenceTests {
    // Always runs: says whether the peer sync suite ran or was skipped.
    @Test func recordsWhetherTheCorpusIsPresent() {
        if SyncPeerCorpus.isAvailable {
            print("Sync's test corpus found at \(SyncPeerCorpus.root.path).")
        } else {
            print("Sync's test corpus not found at \(SyncPeerCorpus.root.path): the peer sync tests are skipped.")
        }
    }
}

/// The primary keys, as text, of what one sync inserted, updated and deleted, in its order.
struct ChangedKeys: Equatable, CustomStringConvertible {
    var inserted: [String] = []
    var updated: [String] = []
    var deleted: [String] = []

    var description: String { "inserted \(inserted), updated \(updated), deleted \(deleted)" }
}

/// A store with one of the corpus's models, synced into payload by payload, saving after each.
struct PeerStore {
    let stack: TestStack

    init(_ model: String) throws {
        stack = try TestStack(model: try SyncPeerCorpus.model(model))
    }

    /// Syncs the payload into `entity`, saves, and tells the primary keys of what changed.
    @discardableResult
    func sync(
        _ payload: String, into entity: String, predicate: NSPredicate? = nil, parent: (entity: String, key: Any)? = nil,
        operations: SyncOperations = .all
    ) throws -> ChangedKeys {
        try sync(data: try SyncPeerCorpus.payload(payload), into: entity, predicate: predicate, parent: parent, operations: operations)
    }

    /// Syncs the payload `data` into `entity`, saves, and tells the primary keys of what changed.
    @discardableResult
    func sync(
        data: Data, into entity: String, predicate: NSPredicate? = nil, parent: (entity: String, key: Any)? = nil,
        operations: SyncOperations = .all
    ) throws -> ChangedKeys {
        try stack.read {
            let context = stack.context
            let parentObject = try parent.map { try #require(try context.object(entityNamed: $0.entity, withPrimaryKey: $0.key)) }
            let changes = try context.sync(data, inEntityNamed: entity, predicate: predicate, parent: parentObject, operations: operations)
            let keys = { (ids: [NSManagedObjectID]) in ids.map { id in (try? context.existingObject(with: id)).map(Self.key) ?? "?" } }
            let changed = ChangedKeys(inserted: keys(changes.inserted), updated: keys(changes.updated), deleted: keys(changes.deleted))
            try context.save()
            return changed
        }
    }

    /// The number of stored objects of `entity` matching `predicate`.
    func count(_ entity: String, _ predicate: NSPredicate? = nil) throws -> Int {
        try stack.read {
            let request = NSFetchRequest<NSManagedObject>(entityName: entity)
            request.predicate = predicate
            return try stack.context.count(for: request)
        }
    }

    /// The value at `keyPath` of the `entity` object with primary key `key`, read on the queue;
    /// relationships come back as the primary keys of their objects (in order when ordered).
    func value(_ keyPath: String, of entity: String, _ key: Any) throws -> Any? {
        try stack.read {
            let object = try #require(try stack.context.object(entityNamed: entity, withPrimaryKey: key))
            return Self.plain(object.value(forKeyPath: keyPath))
        }
    }

    /// The values at `keyPath` of the stored `entity` objects matching `predicate`, as ``value(_:of:_:)``
    /// gives them.
    func values(_ keyPath: String, of entity: String, where predicate: NSPredicate? = nil) throws -> [Any?] {
        try stack.read {
            let request = NSFetchRequest<NSManagedObject>(entityName: entity)
            request.predicate = predicate
            return try stack.context.fetch(request).map { Self.plain($0.value(forKeyPath: keyPath)) }
        }
    }

    /// The primary keys of the objects `relationship` of the `entity` object `key` holds: sorted,
    /// or in the relationship's order when ordered.
    func related(_ relationship: String, of entity: String, _ key: Any) throws -> [String] {
        switch try value(relationship, of: entity, key) {
        case let keys as [String]: keys
        case let keys as Set<String>: keys.sorted()
        case let key as String: [key]
        default: []
        }
    }

    /// Runs `body` on the context's queue.
    func read<Result>(_ body: (NSManagedObjectContext) throws -> Result) rethrows -> Result {
        try stack.read { try body(stack.context) }
    }

    /// A value with managed objects replaced by their primary keys.
    private static func plain(_ value: Any?) -> Any? {
        switch value {
        case let object as NSManagedObject: key(of: object)
        case let set as NSOrderedSet: set.array.compactMap { ($0 as? NSManagedObject).map(key) }
        case let set as Set<NSManagedObject>: Set(set.map(key))
        case let set as NSSet: Set(set.allObjects.compactMap { ($0 as? NSManagedObject).map(key) })
        default: value
        }
    }

    /// The primary key of `object` by Sync's rules, as text.
    static func key(of object: NSManagedObject) -> String {
        let attributes = object.entity.properties.compactMap { $0 as? NSAttributeDescription }
        let flagged = attributes.first { ["YES", "true"].contains($0.userInfo?["sync.isPrimaryKey"] as? String ?? "") }
        let name = flagged?.name ?? (object.entity.attributesByName["id"] != nil ? "id" : "remoteID")
        return object.value(forKey: name).map { "\($0)" } ?? "nil"
    }
}

/// An integer attribute value of any width.
func integer(_ value: Any?) -> Int? {
    switch value {
    case let value as Int: value
    case let value as Int16: Int(value)
    case let value as Int32: Int(value)
    case let value as Int64: Int(value)
    case let value as NSNumber: value.intValue
    default: nil
    }
}

// Needs `../shared/peers/sync` beside the package; skipped without it.
@Suite("Sync's own test payloads (peer corpus)", .enabled(if: SyncPeerCorpus.isAvailable))
struct PeerSyncTests {
    // MARK: - DataFilter: five users 0–4 stored first

    private static let seededUsers: [(Int32, String, String, Int16)] = [
        (0, "Amy", "Juergens", 21), (1, "Ben", "Boykewich", 23), (2, "Ricky", "Underwood", 19),
        (3, "Grace", "Bowman", 20), (4, "Adrian", "Lee", 20),
    ]

    /// A DataFilter store holding the users with `ids` of the five (all by default), saved.
    private static func dataFilterStore(ids: [Int32] = [0, 1, 2, 3, 4], extraCopiesOfUser0: Int = 0) throws -> PeerStore {
        let store = try PeerStore("DataFilter/DataFilter.xcdatamodeld")
        let users = seededUsers.filter { ids.contains($0.0) } + Array(repeating: seededUsers[0], count: extraCopiesOfUser0)
        try store.read { context in
            for (id, first, last, age) in users {
                let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
                user.setValue(id, forKey: "remoteID")
                user.setValue(first, forKey: "firstName")
                user.setValue(last, forKey: "lastName")
                user.setValue(age, forKey: "age")
            }
            try context.save()
        }
        return store
    }

    @Test func dataFilterUsersInsertsTwoUpdatesFourDeletesOne() throws {
        let store = try Self.dataFilterStore()
        let changes = try store.sync("DataFilter/users.json", into: "User")
        #expect(changes == ChangedKeys(inserted: ["6", "7"], updated: ["0", "1", "2", "3"], deleted: ["4"]))
        #expect(try store.count("User") == 6)
    }

    @Test func dataFilterElementWithNullIDIsSkipped() throws {
        let store = try Self.dataFilterStore()
        let changes = try store.sync("DataFilter/users-with-null.json", into: "User")
        #expect(changes.inserted.count == 2)
        #expect(changes.updated.count == 4)
        #expect(changes.deleted.count == 1)
    }

    @Test func dataFilterElementWithoutIDIsSkipped() throws {
        let store = try Self.dataFilterStore()
        let changes = try store.sync("DataFilter/users-with-nil.json", into: "User")
        #expect(changes.inserted.count == 2)
        #expect(changes.updated.count == 3)
        #expect(changes.deleted.count == 2)
    }

    @Test func dataFilterUsers2UpdatesAllFive() throws {
        let store = try Self.dataFilterStore()
        let changes = try store.sync("DataFilter/users2.json", into: "User")
        #expect(changes == ChangedKeys(inserted: [], updated: ["0", "1", "2", "3", "4"], deleted: []))
    }

    @Test func dataFilterEmptyArrayDeletesAllFive() throws {
        let store = try Self.dataFilterStore()
        let changes = try store.sync("DataFilter/users3.json", into: "User")
        #expect(changes.inserted.isEmpty && changes.updated.isEmpty)
        #expect(changes.deleted.sorted() == ["0", "1", "2", "3", "4"])
        #expect(try store.count("User") == 0)
    }

    @Test func dataFilterLocalDuplicatesAreDeleted() throws {
        let store = try Self.dataFilterStore(extraCopiesOfUser0: 3)
        #expect(try store.count("User") == 8)
        let changes = try store.sync("DataFilter/users.json", into: "User")
        // Sync deletes the three extra copies of user 0 and user 4.
        #expect(changes.deleted.sorted() == ["0", "0", "0", "4"])
        #expect(try store.count("User", NSPredicate(format: "remoteID == 0")) == 1)
        #expect(try store.count("User") == 6)
    }

    @Test func dataFilterInsertOnly() throws {
        let store = try Self.dataFilterStore(ids: [0, 1])
        let changes = try store.sync("DataFilter/simple.json", into: "User", operations: [.insert])
        #expect(changes == ChangedKeys(inserted: ["7"], updated: [], deleted: []))
        #expect(try store.count("User") == 3)
    }

    @Test func dataFilterUpdateOnly() throws {
        let store = try Self.dataFilterStore(ids: [0, 1])
        let changes = try store.sync("DataFilter/simple.json", into: "User", operations: [.update])
        #expect(changes == ChangedKeys(inserted: [], updated: ["0"], deleted: []))
        #expect(try store.count("User") == 2)
    }

    @Test func dataFilterDeleteOnly() throws {
        let store = try Self.dataFilterStore(ids: [0, 1])
        let changes = try store.sync("DataFilter/simple.json", into: "User", operations: [.delete])
        #expect(changes == ChangedKeys(inserted: [], updated: [], deleted: ["1"]))
        #expect(try store.count("User") == 1)
    }

    @Test func dataFilterPredicateLimitsDeletion() throws {
        let store = try Self.dataFilterStore()
        let changes = try store.sync("DataFilter/users.json", into: "User", predicate: NSPredicate(format: "remoteID == 0"))
        // Sync deletes nothing outside the predicate (user 4 stays) and updates user 0. It counts
        // users 1–3 as inserts because its DataFilter compares only with the objects in the
        // predicate, which duplicates them; this library matches over the whole entity by design.
        #expect(changes.deleted.isEmpty)
        #expect(changes.updated.contains("0"))
        #expect(changes.inserted == ["6", "7"])
        #expect(try store.count("User") == 7)
    }

    // MARK: - Basic mapping

    @Test func camelCaseAndSnakeCaseKeysBothMap() throws {
        let store = try PeerStore("Camelcase")
        try store.sync("camelcase", into: "NormalUser")
        #expect(try store.count("NormalUser") == 1)
        #expect(try store.value("etternavn", of: "NormalUser", "1") as? String == "Nuñez")
        #expect(try store.value("firstName", of: "NormalUser", "1") as? String == "Elvis")
        #expect(try store.value("fullName", of: "NormalUser", "1") as? String == "Elvis Nuñez")
        #expect(integer(try store.value("numberOfChildren", of: "NormalUser", "1")) == 1)
    }

    @Test func usersAThenUsersBKeepsDatesTheSecondPayloadOmits() throws {
        let store = try PeerStore("Contacts")
        try store.sync("users_a", into: "User")
        #expect(try store.count("User") == 8)
        try store.sync("users_b", into: "User")
        #expect(try store.count("User") == 6)
        #expect(try store.value("email", of: "User", 7) as? String == "secondupdated@ovium.com")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "GMT")
        #expect(try store.value("createdAt", of: "User", 7) as? Date == formatter.date(from: "2014-02-14"))
        #expect(try store.value("updatedAt", of: "User", 7) as? Date == formatter.date(from: "2014-02-17"))
    }

    @Test func customPrimaryKeyWithRemoteKey() throws {
        let store = try PeerStore("Contacts")
        try store.sync("images", into: "Image")
        #expect(try store.count("Image") == 3)
        let first = try store.read { context in
            let request = NSFetchRequest<NSManagedObject>(entityName: "Image")
            request.sortDescriptors = [NSSortDescriptor(key: "url", ascending: true)]
            return try context.fetch(request).first?.value(forKey: "url") as? String
        }
        #expect(first == "http://sample.com/sample0.png")
    }

    // MARK: - Operations (operation-types-users-a: users 0 and 1; -b: user 0 changed, user 6)

    private static func operationsStore() throws -> PeerStore {
        let store = try PeerStore("Contacts")
        try store.sync("operation-types-users-a", into: "User")
        #expect(try store.count("User") == 2)
        return store
    }

    @Test func insertOnlyLeavesStoredUsersAsTheyAre() throws {
        let store = try Self.operationsStore()
        try store.sync("operation-types-users-b", into: "User", operations: [.insert])
        #expect(try store.count("User") == 3)
        #expect(try store.value("email", of: "User", 0) as? String == "melisawhite@ovium.com")
        try store.sync("operation-types-users-b", into: "User", operations: [.insert])
        #expect(try store.count("User") == 3)
    }

    @Test func updateOnlyNeitherInsertsNorDeletes() throws {
        let store = try Self.operationsStore()
        try store.sync("operation-types-users-b", into: "User", operations: [.update])
        #expect(try store.count("User") == 2)
        #expect(try store.value("email", of: "User", 0) as? String == "updated@ovium.com")
    }

    @Test func deleteOnlyNeitherInsertsNorUpdates() throws {
        let store = try Self.operationsStore()
        try store.sync("operation-types-users-b", into: "User", operations: [.delete])
        #expect(try store.count("User") == 1)
        #expect(try store.value("email", of: "User", 0) as? String == "melisawhite@ovium.com")
    }

    @Test func insertAndUpdateDoNotDelete() throws {
        let store = try Self.operationsStore()
        try store.sync("operation-types-users-b", into: "User", operations: [.insert, .update])
        #expect(try store.count("User") == 3)
        #expect(try store.value("email", of: "User", 0) as? String == "updated@ovium.com")
        #expect(try store.count("User", NSPredicate(format: "remoteID == 1")) == 1)
    }

    // MARK: - To-one

    @Test func nestedCompaniesAreUniqued() throws {
        let store = try PeerStore("Contacts")
        try store.sync("users_company", into: "User")
        #expect(try store.count("User") == 5)
        #expect(try store.value("company.name", of: "User", 0) as? String == "Apple")
        #expect(try store.count("Company") == 2)
        #expect(try store.value("name", of: "Company", 1) as? String == "Facebook")
    }

    @Test func nestedToOneWithoutPrimaryKeyAndCustomKeyedToMany() throws {
        let store = try PeerStore("Contacts")
        try store.sync("users_c", into: "User")
        #expect(try store.count("User") == 4)
        #expect(try store.value("name", of: "User", 6) as? String == "Shawn Merrill")
        #expect(try store.value("location.city", of: "User", 6) as? String == "New York")
        #expect(try store.value("location.street", of: "User", 6) as? String == "Broadway")
        #expect(integer(try store.value("location.zipCode", of: "User", 6)) == 10012)
        #expect(try store.related("profilePictures", of: "User", 6).count == 3)
    }

    @Test func toOneUnderCustomRemoteKey() throws {
        let store = try PeerStore("Social")
        try store.sync("custom_relationship_key_to_one", into: "Story")
        #expect(try store.values("summarize", of: "Story").map { $0 != nil } == [true])
    }

    @Test func foreignKeyLinksStoredUsers() throws {
        let store = try PeerStore("Notes")
        try store.sync("users_a", into: "SuperUser")
        #expect(try store.count("SuperUser") == 8)
        try store.sync("notes_with_user_id", into: "SuperNote")
        #expect(try store.count("SuperNote") == 5)
        #expect(try store.value("superUser.name", of: "SuperNote", 0) as? String == "Melisa White")
    }

    @Test func foreignKeyUnderCustomRemoteKey() throws {
        let store = try PeerStore("NotesB")
        try store.sync("users_a", into: "SuperUserB")
        #expect(try store.count("SuperUserB") == 8)
        try store.sync("notes_with_user_id_custom", into: "SuperNoteB")
        #expect(try store.count("SuperNoteB") == 5)
        #expect(try store.value("superUser.name", of: "SuperNoteB", 0) as? String == "Melisa White")
    }

    @Test func foreignKeyToMissingCityIsIgnoredThenResolves() throws {
        let store = try PeerStore("157")
        try store.sync("157-locations", into: "Location")
        #expect(try store.count("Location") == 3)
        #expect(try store.count("City") == 0)
        try store.sync("157-cities", into: "City")
        #expect(try store.count("Location") == 3)
        #expect(try store.count("City") == 3)
        try store.sync("157-locations", into: "Location")
        #expect(try store.value("city.name", of: "Location", 0) as? String == "Oslo")
        #expect(try store.value("city.name", of: "Location", 1) as? String == "Paris")
        #expect(try store.value("city", of: "Location", 2) == nil)
        try store.sync("157-locations-update", into: "Location")
        #expect(try store.value("city", of: "Location", 0) == nil)
        #expect(try store.value("city.name", of: "Location", 1) as? String == "Oslo")
        #expect(try store.value("city.name", of: "Location", 2) as? String == "Paris")
    }

    // MARK: - To-many and many-to-many

    @Test func toManyUnderCustomRemoteKey() throws {
        let store = try PeerStore("Notes")
        try store.sync("users_notes", into: "SuperUser")
        #expect(try store.count("SuperUser") == 4)
        #expect(try store.value("name", of: "SuperUser", 6) as? String == "Shawn Merrill")
        #expect(try store.related("superNotes", of: "SuperUser", 6).count == 5)
    }

    @Test func customKeyedToManyOfNotes() throws {
        let store = try PeerStore("CustomRelationshipKey")
        try store.sync("custom_relationship_key_to_many", into: "User")
        #expect(try store.values("notes", of: "User").map { ($0 as? Set<String>)?.count } == [3])
    }

    @Test func notesSyncedIntoAParentUser() throws {
        let store = try PeerStore("InsertObjectsInParent")
        try store.read { context in
            NSEntityDescription.insertNewObject(forEntityName: "SuperUser", into: context).setValue(Int32(6), forKey: "remoteID")
            try context.save()
        }
        try store.sync("notes_for_user_a", into: "SuperNote", parent: ("SuperUser", 6))
        #expect(try store.count("SuperUser") == 1)
        #expect(try store.related("superNotes", of: "SuperUser", 6).count == 2)
    }

    @Test func nestedManyToManyTagsAreShared() throws {
        let store = try PeerStore("Notes")
        try store.sync("tagged_notes", into: "SuperNote")
        #expect(try store.count("SuperNote") == 3)
        #expect(try store.related("superTags", of: "SuperNote", 0).count == 2)
        #expect(try store.count("SuperTag") == 2)
        #expect(try store.related("superNotes", of: "SuperTag", 1).count == 2)
    }

    @Test func marketsShareTheirItem() throws {
        let store = try PeerStore("Markets")
        try store.sync("markets_items", into: "Market")
        #expect(try store.count("Market") == 2)
        #expect(try store.value("otherAttribute", of: "Market", "1") as? String == "Market 1")
        #expect(try store.related("items", of: "Market", "1") == ["1"])
        #expect(try store.count("Item") == 1)
        #expect(try store.value("otherAttribute", of: "Item", "1") as? String == "Item 1")
        #expect(try store.related("markets", of: "Item", "1").count == 2)
    }

    @Test func sameBsThroughAThenC() throws {
        let store = try PeerStore("Unique")
        try store.sync("unique", into: "A")
        #expect(try [store.count("A"), store.count("B"), store.count("C")] == [1, 2, 0])
        try store.sync("unique", into: "C")
        #expect(try [store.count("A"), store.count("B"), store.count("C")] == [1, 2, 1])
    }

    @Test func selfReferencingCommentsKeyedByBody() throws {
        let store = try PeerStore("Social")
        try store.sync("comments-no-id", into: "SocialComment")
        #expect(try store.count("SocialComment") == 8)
        #expect(try store.related("comments", of: "SocialComment", "comment 1").count == 3)
    }

    @Test func commentsKeyedByBodyUnderStories() throws {
        let store = try PeerStore("Social")
        try store.sync("stories-comments-no-ids", into: "Story")
        #expect(try store.count("Story") == 3)
        #expect(try store.related("comments", of: "Story", 0).count == 3)
        #expect(try store.count("SocialComment") == 9)
        #expect(try store.count("SocialComment", NSPredicate(format: "body == %@", "comment 1")) == 1)
        #expect(try store.value("story.title", of: "SocialComment", "comment 1") as? String == "story 1")
    }

    @Test func organizationTreeResyncIsIdempotent() throws {
        let store = try PeerStore("Organizations")
        try store.sync("organizations-tree", into: "OrganizationUnit")
        #expect(try store.count("OrganizationUnit") == 7)
        try store.sync("organizations-tree", into: "OrganizationUnit")
        #expect(try store.count("OrganizationUnit") == 7)
    }

    // MARK: - Identifier arrays (151)

    @Test func toManyIdentifiersLinkOnceNotesExistAndMove() throws {
        let store = try PeerStore("151-to-many")
        try store.sync("151-to-many-users", into: "User")
        #expect(try [store.count("User"), store.count("Note")] == [3, 0])
        try store.sync("151-to-many-notes", into: "Note")
        #expect(try [store.count("User"), store.count("Note")] == [3, 3])
        #expect(try store.count("Note", NSPredicate(format: "user != nil")) == 0)
        try store.sync("151-to-many-users", into: "User")
        #expect(try [store.count("User"), store.count("Note")] == [3, 3])
        #expect(try store.related("notes", of: "User", 10) == ["0", "1"])
        #expect(try store.related("notes", of: "User", 11) == ["2"])
        #expect(try store.related("notes", of: "User", 12).isEmpty)
        try store.sync("151-to-many-users-update", into: "User")
        #expect(try [store.count("User"), store.count("Note")] == [3, 3])
        #expect(try store.related("notes", of: "User", 10).isEmpty)
        #expect(try store.related("notes", of: "User", 11) == ["2"])
        #expect(try store.related("notes", of: "User", 12) == ["0", "1"])
    }

    @Test func manyToManyStringIdentifiers() throws {
        let store = try PeerStore("151-many-to-many")
        try store.sync("151-many-to-many-notes", into: "Note")
        #expect(try [store.count("Note"), store.count("Tag")] == [4, 0])
        try store.sync("151-many-to-many-tags", into: "Tag")
        #expect(try [store.count("Note"), store.count("Tag")] == [4, 2])
        try store.sync("151-many-to-many-notes", into: "Note")
        #expect(try (0...3).map { try store.related("tags", of: "Note", $0).count } == [2, 1, 0, 1])
        try store.sync("151-many-to-many-notes-update", into: "Note")
        #expect(try (0...3).map { try store.related("tags", of: "Note", $0).count } == [1, 0, 2, 0])
        #expect(try store.count("Tag") == 2)
    }

    @Test func orderedToManyIdentifiers() throws {
        let store = try PeerStore("151-ordered-to-many")
        try store.sync("151-to-many-users", into: "User")
        try store.sync("151-to-many-notes", into: "Note")
        try store.sync("151-to-many-users", into: "User")
        #expect(try (10...12).map { try store.related("notes", of: "User", $0).count } == [2, 1, 0])
        try store.sync("151-to-many-users-update", into: "User")
        #expect(try (10...12).map { try store.related("notes", of: "User", $0).count } == [0, 1, 2])
    }

    // MARK: - Emptying many-to-many (225)

    @Test func replacedTagUnlinksTheOldOne() throws {
        let store = try PeerStore("225")
        try store.sync("225-a", into: "User")
        #expect(try [store.count("User"), store.count("Tag")] == [1, 1])
        try store.sync("225-a-replaced", into: "User")
        #expect(try [store.count("User"), store.count("Tag")] == [1, 2])
        #expect(try store.count("Tag", NSPredicate(format: "users.@count > 0")) == 1)
    }

    @Test(arguments: ["225-a-empty", "225-a-null"])
    func emptiedTagsAreUnlinkedNotDeleted(payload: String) throws {
        let store = try PeerStore("225")
        try store.sync("225-a", into: "User")
        try store.sync(payload, into: "User")
        #expect(try [store.count("User"), store.count("Tag")] == [1, 1])
        #expect(try store.count("Tag", NSPredicate(format: "users.@count > 0")) == 0)
    }

    // MARK: - Custom primary keys (DoublePrimaryKeys)

    @Test func categoryDroppedFromOrganizationIsDeleted() throws {
        let store = try PeerStore("DoublePrimaryKeys")
        try store.sync("primary-key-users", into: "User")
        #expect(try [store.count("User"), store.count("Category")] == [1, 1])
        try store.sync("primary-key-organizations", into: "Organization")
        #expect(try [store.count("User"), store.count("Category"), store.count("Organization")] == [1, 3, 1])
        try store.sync("primary-key-organizations-update", into: "Organization")
        #expect(try [store.count("User"), store.count("Category"), store.count("Organization")] == [1, 2, 1])
    }

    // MARK: - Ordered relationships

    // Sync's tests 233 and 327: two payloads that put slide 2 before slide 1.
    @Test(arguments: ["233", "237"])
    func orderedSlidesAreReordered(payload: String) throws {
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
        #expect(try store.related("slides", of: "Presentation", 1) == ["1", "2"])
        try store.sync(payload, into: "Presentation")
        #expect(try store.count("Presentation") == 1)
        let reordered = try store.related("slides", of: "Presentation", 1)
        #expect(reordered == ["2", "1"])
    }

    @Test func orderedItemsLinkedByIdentifiersInOrder() throws {
        // Engine gap: the list's id 702377 does not fit its Integer 16 attribute. Core Data on
        // Apple stores the NSNumber as it is; this library throws a DecodingError naming the
        // attribute, because the import engine decodes and matches integer attributes in their
        // own width (Int16 here), so the list is never synced.
        withKnownIssue {
            let store = try PeerStore("ordered-many-to-many-update")
            try store.sync("inital-ordered-many-to-many-update", into: "Item")
            #expect(try store.count("Item") == 5)
            try store.sync("ordered-many-to-many-update-inital", into: "List")
            #expect(try [store.count("List"), store.count("Item")] == [1, 5])
            let list = try #require(try store.read { context in
                try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "List")).first.map(PeerStore.key)
            })
            #expect(try store.related("items", of: "List", list).isEmpty)
            try store.sync("ordered-many-to-many-update-update", into: "List")
            #expect(try [store.count("List"), store.count("Item")] == [1, 5])
            #expect(try store.related("items", of: "List", list) == ["1", "3", "2", "5", "4"])
        }
    }

    @Test func orderedNestedItemsAreAddedAndReordered() throws {
        let store = try PeerStore("ordered-many-to-many-update")
        try store.sync("453-to-many-ordered-relationship-objects-initial", into: "List")
        #expect(try [store.count("List"), store.count("Item")] == [1, 3])
        #expect(try store.related("items", of: "List", 453) == ["1", "2", "3"])
        try store.sync("453-to-many-ordered-relationship-objects-update", into: "List")
        // Item 1 left the one-to-many relationship, so it is deleted.
        #expect(try [store.count("List"), store.count("Item")] == [1, 4])
        let reorderedItems = try store.related("items", of: "List", 453)
        #expect(reorderedItems == ["3", "4", "5", "2"])
    }

    @Test func orderedItemIdentifiersAreAddedAndReordered() throws {
        let store = try PeerStore("ordered-many-to-many-update")
        try store.sync("453-to-many-ordered-relationship-objects-initial", into: "List")
        try store.sync("453-to-many-ordered-relationship-item-insert", into: "Item")
        #expect(try store.count("Item") == 5)
        try store.sync("453-to-many-ordered-relationship-ids-update", into: "List")
        let counts = try [store.count("List"), store.count("Item")]
        let reorderedItems = try store.related("items", of: "List", 453)
        #expect(counts == [1, 5])
        #expect(reorderedItems == ["3", "4", "5", "2"])
    }

    // MARK: - Two to-ones into one entity (bug-179)

    @Test func routeLinksStartAndEndPlacesByScalarNames() throws {
        let store = try PeerStore("179")
        try store.sync("bug-179-places", into: "Place")
        #expect(try store.count("Place") == 2)
        let changes = try store.sync("bug-179-routes", into: "Route")
        #expect(changes == ChangedKeys(inserted: ["1"], updated: [], deleted: []))
        #expect(try [store.count("Route"), store.count("Place")] == [1, 2])
        #expect(try store.value("startPlace.name", of: "Route", "1") as? String == "Here")
        #expect(try store.value("endPlace.name", of: "Route", "1") as? String == "There")
    }

    // MARK: - Many-to-many unlinking (bug-202, 417, 320)

    @Test func emptiedOrderedManyToManyKeepsItsTags() throws {
        let store = try PeerStore("202")
        try store.sync("bug-202-a", into: "User")
        #expect(try store.count("Tag") == 1)
        #expect(try store.related("favoriteTags", of: "User", "1") == ["1"])
        let changes = try store.sync("bug-202-b", into: "User")
        #expect(changes == ChangedKeys(inserted: [], updated: ["1"], deleted: []))
        #expect(try [store.count("User"), store.count("Tag")] == [1, 1])
        #expect(try store.related("favoriteTags", of: "User", "1").isEmpty)
        #expect(try store.related("users", of: "Tag", "1").isEmpty)
    }

    @Test func emptyTagsOfOneUserKeepAnotherUsersTag() throws {
        let store = try PeerStore("225")
        let changes = try store.sync("417", into: "User")
        #expect(changes == ChangedKeys(inserted: ["3", "2"], updated: [], deleted: []))
        #expect(try [store.count("User"), store.count("Tag")] == [2, 1])
        #expect(try store.related("tags", of: "User", 3) == ["10"])
        #expect(try store.related("tags", of: "User", 2).isEmpty)
    }

    @Test func nullToOneUnlinksWithoutDeleting() throws {
        let store = try PeerStore("320")
        try store.read { context in
            let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
            tag.setValue(Int16(10), forKey: "remoteID")
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
            user.setValue(Int16(1), forKey: "remoteID")
            user.setValue(tag, forKey: "tag")
            try context.save()
        }
        #expect(try store.value("tag", of: "User", 1) as? String == "10")
        let changes = try store.sync("320", into: "User")
        #expect(changes == ChangedKeys(inserted: [], updated: ["1"], deleted: []))
        #expect(try [store.count("User"), store.count("Tag")] == [1, 1])
        #expect(try store.value("tag", of: "User", 1) == nil)
        #expect(try store.value("user", of: "Tag", 10) == nil)
    }

    // MARK: - Sub-entities (bug-239, 277)

    @Test func subEntityRacecarSyncsItsPassengers() throws {
        let store = try PeerStore("239")
        let changes = try store.sync("bug-239", into: "Racecar")
        #expect(changes == ChangedKeys(inserted: ["31"], updated: [], deleted: []))
        #expect(try [store.count("Racecar"), store.count("Passenger")] == [1, 2])
        #expect(integer(try store.value("maxSpeed", of: "Racecar", 31)) == 370)
        #expect(try store.related("passengers", of: "Racecar", 31) == ["22", "7"])
        #expect(try store.value("name", of: "Passenger", 22) as? String == "Jenson Button")
    }

    @Test func racecarsShareOnePassenger() throws {
        let store = try PeerStore("277")
        let changes = try store.sync("277", into: "Racecar")
        #expect(changes == ChangedKeys(inserted: ["31", "32"], updated: [], deleted: []))
        #expect(try [store.count("Racecar"), store.count("Passenger")] == [2, 1])
        #expect(try store.related("passengers", of: "Racecar", 31) == ["22"])
        #expect(try store.related("passengers", of: "Racecar", 32) == ["22"])
        #expect(try store.related("cars", of: "Passenger", 22) == ["31", "32"])
    }

    // MARK: - Key paths into relationships (375, 519)

    @Test func toManyUnderKeyPathAsObjects() throws {
        let store = try PeerStore("375")
        let changes = try store.sync("375", into: "Speech")
        #expect(changes == ChangedKeys(inserted: ["4865"], updated: [], deleted: []))
        #expect(try [store.count("Speech"), store.count("Serie")] == [1, 1])
        #expect(try store.related("series", of: "Speech", 4865) == ["123"])
    }

    @Test func toOneUnderKeyPathAsObject() throws {
        let store = try PeerStore("375-to-one")
        try store.sync("375-to-one", into: "Speech")
        #expect(try [store.count("Speech"), store.count("Serie")] == [1, 1])
        #expect(try store.value("serie", of: "Speech", 4865) as? String == "123")
    }

    @Test func toManyUnderKeyPathAsIdentifiers() throws {
        let store = try PeerStore("375")
        try store.sync("375-to-many-series", into: "Serie")
        #expect(try store.count("Serie") == 1)
        try store.sync("375-to-many-speeches", into: "Speech")
        #expect(try [store.count("Speech"), store.count("Serie")] == [1, 1])
        #expect(try store.related("series", of: "Speech", 4865) == ["123"])
    }

    @Test func toOneUnderKeyPathAsIdentifier() throws {
        let store = try PeerStore("375-to-one")
        try store.sync("375-to-many-series", into: "Serie")
        #expect(try store.count("Serie") == 1)
        try store.sync("375-to-one-speeches", into: "Speech")
        #expect(try [store.count("Speech"), store.count("Serie")] == [1, 1])
        #expect(integer(try store.value("serie.id", of: "Speech", 4865)) == 123)
    }

    @Test func jsonAPIRelationshipsDataKeyPath() throws {
        let store = try PeerStore("519")
        let changes = try store.sync("519", into: "Book")
        #expect(changes == ChangedKeys(inserted: ["1", "2"], updated: [], deleted: []))
        #expect(try [store.count("Book"), store.count("Author")] == [2, 3])
        #expect(try store.related("author", of: "Book", "1") == ["100"])
        #expect(try store.related("author", of: "Book", "2") == ["200", "300"])
        #expect(try store.value("name", of: "Author", "300") as? String == "Samuel Clemens")
        #expect(try store.value("title", of: "Book", "2") as? String == "Adventures of Huckleberry Finn")
    }

    // MARK: - Relationship operation flags (422)

    /// A store of the 422 model `model` synced with the initial payload of `option` in full.
    private static func store422(_ model: String, _ kind: String, option: String) throws -> PeerStore {
        let store = try PeerStore(model)
        try store.sync("422-\(kind)-\(option)-option-initial", into: "User")
        return store
    }

    @Test(arguments: [("422OneToMany", "one-to-many"), ("422ManyToMany", "many-to-many")])
    func insertRelationshipsInsertsButDoesNotUpdate(model: String, kind: String) throws {
        let store = try Self.store422(model, kind, option: "insert")
        #expect(try store.count("Message") == 1)
        try store.sync("422-\(kind)-insert-option-update", into: "User", operations: [.insert, .update, .delete, .insertRelationships])
        #expect(try [store.count("User"), store.count("Message")] == [1, 2])
        #expect(try store.value("text", of: "Message", 101) as? String == "101")
        #expect(try store.value("text", of: "Message", 102) as? String == "102")
        #expect(try store.related("messages", of: "User", 1) == ["101", "102"])
    }

    @Test(arguments: [("422OneToMany", "one-to-many"), ("422ManyToMany", "many-to-many")])
    func updateRelationshipsUpdatesButDoesNotInsert(model: String, kind: String) throws {
        let store = try Self.store422(model, kind, option: "update")
        try store.sync("422-\(kind)-update-option-update", into: "User", operations: [.insert, .update, .delete, .updateRelationships])
        #expect(try [store.count("User"), store.count("Message")] == [1, 1])
        #expect(try store.value("text", of: "Message", 101) as? String == "updated-101")
        #expect(try store.related("messages", of: "User", 1) == ["101"])
    }

    @Test(arguments: [("422OneToMany", "one-to-many"), ("422ManyToMany", "many-to-many")])
    func deleteRelationshipsRemovesButNeitherInsertsNorUpdates(model: String, kind: String) throws {
        let store = try Self.store422(model, kind, option: "delete")
        #expect(try store.count("Message") == 2)
        try store.sync("422-\(kind)-delete-option-update", into: "User", operations: [.insert, .update, .delete, .deleteRelationships])
        #expect(try store.count("User") == 1)
        #expect(try store.related("messages", of: "User", 1) == ["102"])
        #expect(try store.value("text", of: "Message", 102) as? String == "102")
        #expect(try store.count("Message", NSPredicate(format: "id == 103")) == 0)
        // One-to-many drops are deleted; many-to-many ones only unlinked.
        #expect(try store.count("Message") == (kind == "one-to-many" ? 1 : 2))
    }

    // MARK: - Partial nested objects (457)

    @Test func partialNestedObjectKeepsItsOwnRelationships() throws {
        let store = try PeerStore("457")
        try store.sync("457-subcategories", into: "Subcategory")
        #expect(try [store.count("Subcategory"), store.count("Category")] == [1, 1])
        let changes = try store.sync("457-products", into: "Product")
        #expect(changes == ChangedKeys(inserted: ["0prod"], updated: [], deleted: []))
        #expect(try [store.count("Product"), store.count("Subcategory"), store.count("Category")] == [1, 1, 1])
        #expect(try store.value("subcategory", of: "Product", "0prod") as? String == "0subcat")
        #expect(try store.value("category", of: "Subcategory", "0subcat") as? String == "0cat")
    }

    // MARK: - Remote keys

    @Test func syncAndHyperRemoteKeysAreBothHonoured() throws {
        let store = try PeerStore("RemoteKey")
        let changes = try store.sync("remote_key", into: "Entity")
        #expect(changes == ChangedKeys(inserted: ["1"], updated: [], deleted: []))
        #expect(try store.count("Entity") == 1)
        #expect(try store.value("old", of: "Entity", 1) as? String == "old")
        #expect(try store.value("current", of: "Entity", 1) as? String == "current")
    }

    @Test func nestedNotesUnderRemoteKeyGoToTheirOwnUsers() throws {
        let store = try PeerStore("Notes")
        let changes = try store.sync("users_notes", into: "SuperUser")
        #expect(changes == ChangedKeys(inserted: ["6", "7", "8", "9"], updated: [], deleted: []))
        #expect(try [store.count("SuperUser"), store.count("SuperNote")] == [4, 11])
        #expect(try store.related("superNotes", of: "SuperUser", 6) == ["0", "6", "7", "8", "9"])
        #expect(try store.related("superNotes", of: "SuperUser", 7) == ["1", "2", "3", "4", "5"])
        #expect(try store.related("superNotes", of: "SuperUser", 8) == ["10"])
        #expect(try store.related("superNotes", of: "SuperUser", 9).isEmpty)
        #expect(try store.value("text", of: "SuperNote", 6) as? String == "Shawn Merril's diary, episode 2")
        #expect(try store.value("superUser.name", of: "SuperNote", 10) as? String == "Dodson Vaughan")
    }
}
#endif
