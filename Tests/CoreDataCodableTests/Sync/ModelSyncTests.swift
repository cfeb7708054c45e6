import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The fixture is an Xcode model file, which OpenCoreData reads as it is; Core Data reads compiled models.
@Suite("Sync by the model (entity name)")
struct ModelSyncTests {
    private static let model: NSManagedObjectModel? = {
        guard let url = Bundle.module.url(forResource: "Sync", withExtension: "xcdatamodeld", subdirectory: "Fixtures") else { return nil }
        return try? NSManagedObjectModel(validatingContentsOf: url)
    }()

    private static func payload(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/Sync") else {
            throw Fixture.FixtureError.notFound(name)
        }
        return try Data(contentsOf: url)
    }

    /// A stack with the tags stored and saved, then `fixtures` synced into `User` in turn and saved.
    private static func stack(syncing fixtures: String...) throws -> TestStack {
        let stack = try TestStack(model: try #require(model))
        try stack.read {
            try stack.context.sync(payload("tags"), inEntityNamed: "Tag")
            try stack.context.save()
            for fixture in fixtures {
                try stack.context.sync(payload(fixture), inEntityNamed: "User")
                try stack.context.save()
            }
        }
        return stack
    }

    private static func user(_ id: Int64, in stack: TestStack) throws -> NSManagedObject? {
        try stack.context.object(entityNamed: "User", withPrimaryKey: id)
    }

    /// The value of `key` of user `id`, read on the context's queue.
    private static func value(_ key: String, ofUser id: Int64, in stack: TestStack) throws -> Any? {
        try stack.read { try user(id, in: stack)?.value(forKey: key) }
    }

    @Test func attributesMapBySnakeCaseCustomKeysAndReservedWords() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            let ada = try #require(try Self.user(1, in: stack))
            #expect(ada.value(forKey: "firstName") as? String == "Ada")
            #expect(ada.value(forKey: "contractID") as? String == "C-1")
            #expect(ada.value(forKey: "age") as? Int16 == 36)
            #expect(ada.value(forKey: "userDescription") as? String == "Engineer")
            #expect(ada.value(forKey: "active") as? Bool == true)
            #expect(ada.value(forKey: "createdAt") as? Date == Date(timeIntervalSince1970: 1_388_653_200))
        }
    }

    @Test func camelCaseKeysAreAcceptedToo() throws {
        let stack = try Self.stack(syncing: "users")
        #expect(try Self.value("firstName", ofUser: 2, in: stack) as? String == "Alan")
    }

    @Test func nestedToOneIsUniquedAcrossElements() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            let ada = try #require(try Self.user(1, in: stack))
            let alan = try #require(try Self.user(2, in: stack))
            let company = try #require(ada.value(forKey: "company") as? NSManagedObject)
            #expect(alan.value(forKey: "company") as? NSManagedObject === company)
            #expect(company.value(forKey: "name") as? String == "Analytical")
        }
        #expect(try stack.count("Company") == 1)
    }

    @Test func idsLinkStoredObjectsAndIgnoreUnknownOnes() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            let ada = try #require(try Self.user(1, in: stack))
            let tags = (ada.value(forKey: "tags") as? Set<NSManagedObject>) ?? []
            #expect(tags.compactMap { $0.value(forKey: "code") as? String } == ["math"])
        }
        #expect(try stack.count("Tag") == 2)
    }

    @Test func firstSyncReportsInsertsInPayloadOrder() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let changes = try stack.read { try stack.context.sync(Self.payload("users"), inEntityNamed: "User") }
        stack.read {
            let ids = changes.inserted.compactMap { try? stack.context.existingObject(with: $0).value(forKey: "remoteID") as? Int64 }
            #expect(ids == [1, 2])
        }
        #expect(changes.updated.isEmpty)
        #expect(changes.deleted.isEmpty)
    }

    @Test func secondSyncUpdatesInsertsAndDeletesWhatThePayloadOmits() throws {
        let stack = try Self.stack(syncing: "users")
        let changes = try stack.read { try stack.context.sync(Self.payload("usersUpdate"), inEntityNamed: "User") }
        #expect(changes.updated.count == 2)
        #expect(changes.inserted.count == 1)
        #expect(changes.deleted.isEmpty)
        #expect(try Self.value("firstName", ofUser: 2, in: stack) as? String == "Alan M. Turing")
        #expect(try Self.value("firstName", ofUser: 3, in: stack) as? String == "Grace")
    }

    @Test func storedObjectsThePayloadOmitsAreDeleted() throws {
        let stack = try Self.stack(syncing: "users")
        let changes = try stack.read { try stack.context.sync(Self.payload("notesOfUser"), inEntityNamed: "Note") }
        #expect(changes.deleted.count == 2)
        try stack.read { try stack.context.save() }
        #expect(try stack.count("Note") == 1)
    }

    @Test func predicateLimitsWhatIsDeleted() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            try stack.context.sync(Self.payload("notesOfUser"), inEntityNamed: "Note", predicate: NSPredicate(format: "remoteID == 100"))
            try stack.context.save()
        }
        #expect(try stack.count("Note") == 2)
    }

    @Test func insertOnlyLeavesStoredObjectsAlone() throws {
        let stack = try Self.stack(syncing: "users")
        let changes = try stack.read {
            try stack.context.sync(Self.payload("usersUpdate"), inEntityNamed: "User", operations: [.insert])
        }
        #expect(changes.inserted.count == 1)
        #expect(changes.updated.isEmpty)
        #expect(try Self.value("firstName", ofUser: 2, in: stack) as? String == "Alan")
        #expect(try stack.count("User") == 3)
    }

    @Test func oneToManyChildrenMissingFromANestedArrayAreDeleted() throws {
        let stack = try Self.stack(syncing: "users", "usersUpdate")
        try stack.read {
            let ada = try #require(try Self.user(1, in: stack))
            let notes = (ada.value(forKey: "notes") as? Set<NSManagedObject>) ?? []
            #expect(notes.compactMap { $0.value(forKey: "text") as? String } == ["second, edited"])
        }
        #expect(try stack.count("Note") == 1)
    }

    @Test func oneToManyChildrenDroppedFromIdentifiersAreOnlyUnlinked() throws {
        let stack = try Self.stack(syncing: "users", "usersNoteIds")
        #expect(try stack.count("Note") == 2)
        let owner = try stack.read { try stack.context.object(entityNamed: "Note", withPrimaryKey: Int64(100))?.value(forKey: "user") }
        #expect(owner == nil)
    }

    @Test func manyToManyChildrenAreOnlyUnlinked() throws {
        let stack = try Self.stack(syncing: "users", "usersUpdate")
        try stack.read {
            let ada = try #require(try Self.user(1, in: stack))
            #expect(((ada.value(forKey: "tags") as? Set<NSManagedObject>) ?? []).isEmpty)
        }
        #expect(try stack.count("Tag") == 2)
    }

    @Test func nestedToOneWithoutPrimaryKeyUpdatesTheCurrentObject() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            try stack.context.sync(Self.payload("usersCompanyWithoutId"), inEntityNamed: "User", operations: [.insert, .update])
            try stack.context.save()
        }
        let company = try #require(try Self.value("company", ofUser: 1, in: stack) as? NSManagedObject)
        stack.read {
            #expect(company.value(forKey: "remoteID") as? Int64 == 10)
            #expect(company.value(forKey: "name") as? String == "Renamed")
        }
    }

    @Test func nestedToOneWithoutPrimaryKeyIsInsertedWhenThereIsNone() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            try stack.context.sync(Self.payload("usersCompanyWithoutId"), inEntityNamed: "User", operations: [.insert, .update])
            try stack.context.save()
        }
        let company = try #require(try Self.value("company", ofUser: 3, in: stack) as? NSManagedObject)
        stack.read { #expect(company.value(forKey: "name") as? String == "Navy") }
        #expect(try stack.count("Company") == 2)
    }

    @Test func nullClearsAToOne() throws {
        let stack = try Self.stack(syncing: "users", "usersUpdate")
        #expect(try Self.value("company", ofUser: 1, in: stack) == nil)
    }

    @Test func elementsWithoutPrimaryKeyAreSkipped() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let changes = try stack.read { try stack.context.sync(Self.payload("usersWithoutIds"), inEntityNamed: "User") }
        #expect(changes.inserted.count == 1)
        #expect(try stack.count("User") == 1)
    }

    @Test func bareIdentifiersOfThePayloadInsertTheirObjects() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let changes = try stack.read { try stack.context.sync(Self.payload("userIdentifiers"), inEntityNamed: "User") }
        #expect(changes.inserted.count == 2)
        #expect(try stack.count("User") == 2)
    }

    @Test func primaryKeyOfTheWrongJSONTypeThrowsAndChangesNothing() throws {
        let stack = try TestStack(model: try #require(Self.model))
        stack.read {
            #expect(throws: DecodingError.self) { try stack.context.sync(Self.payload("usersObjectId"), inEntityNamed: "User") }
            #expect(!stack.context.hasChanges)
        }
    }

    @Test func identicalPayloadLeavesNoChanges() throws {
        let stack = try Self.stack(syncing: "usersUpdate")
        try stack.read {
            try stack.context.sync(Self.payload("usersUpdate"), inEntityNamed: "User")
            #expect(!stack.context.hasChanges)
        }
    }

    @Test func parentScopesDeletionsAndAttachesObjects() throws {
        let stack = try Self.stack(syncing: "users")
        try stack.read {
            let alan = try #require(try Self.user(2, in: stack))
            try stack.context.sync(Self.payload("notesOfUser"), inEntityNamed: "Note", parent: alan)
            try stack.context.save()
            let notes = (alan.value(forKey: "notes") as? Set<NSManagedObject>) ?? []
            #expect(notes.compactMap { $0.value(forKey: "remoteID") as? Int64 } == [200])
        }
        #expect(try stack.count("Note") == 3)
    }

    @Test func containerSyncSavesInTheBackground() async throws {
        let stack = try TestStack(model: try #require(Self.model))
        let changes = try await stack.container.sync(Self.payload("tags"), inEntityNamed: "Tag")
        #expect(changes.inserted.count == 2)
        let reader = stack.container.newBackgroundContext()
        let stored = try reader.performAndWait { try reader.count(for: NSFetchRequest<NSManagedObject>(entityName: "Tag")) }
        #expect(stored == 2)
    }

    @Test func cancelledContainerSyncSavesNothing() async throws {
        let stack = try TestStack(model: try #require(Self.model))
        let container = stack.container
        let data = try Self.payload("tags")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await container.sync(data, inEntityNamed: "Tag")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let reader = container.newBackgroundContext()
        let stored = try reader.performAndWait { try reader.count(for: NSFetchRequest<NSManagedObject>(entityName: "Tag")) }
        #expect(stored == 0)
    }

    @Test func stringsWithQuotesBackslashesAndControlCharactersSurvive() throws {
        let stack = try Self.stack(syncing: "usersEscapes")
        #expect(try Self.value("firstName", ofUser: 9, in: stack) as? String == "Ada \"the\" \\ Countess\n\u{fc}\u{1}")
    }

    @Test func severalEntitiesSyncInOneCallWithRelationshipsInAnyOrder() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let changes = try stack.read { try stack.context.sync(Self.payload("bandsMusiciansAlbums")) }
        #expect(changes.keys.sorted() == ["Album", "Band", "Musician"])
        #expect(changes.mapValues(\.inserted.count) == ["Album": 2, "Band": 2, "Musician": 2])
        let band = try stack.read { try stack.context.object(entityNamed: "Album", withPrimaryKey: Int64(100))?.value(forKeyPath: "band.name") }
        #expect(band as? String == "The Beatles")
        let musicianBand = try stack.read { try stack.context.object(entityNamed: "Musician", withPrimaryKey: Int64(11))?.value(forKeyPath: "band.name") }
        #expect(musicianBand as? String == "The Beach Boys")
    }

    @Test func severalEntitiesWithAnUnknownKeyThrow() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.read { try stack.context.sync(Data(#"{"planets": []}"#.utf8)) }
        }
        #expect(error?.code == CoreDataCodableError.unknownEntity)
    }

    @Test func unknownEntityThrows() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.read { try stack.context.sync(Self.payload("users"), inEntityNamed: "Nope") }
        }
        #expect(error?.code == CoreDataCodableError.unknownEntity)
    }

    @Test func payloadThatIsNeitherArrayNorObjectThrows() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.read { try stack.context.sync(Data("42".utf8), inEntityNamed: "User") }
        }
        #expect(error?.code == CoreDataCodableError.invalidSyncPayload)
    }
}
#endif
