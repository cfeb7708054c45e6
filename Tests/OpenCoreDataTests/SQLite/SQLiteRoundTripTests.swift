#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// An `NSCoding` value for transformable attributes (archived with `NSKeyedArchiver`).
final class SQLiteTestPoint: NSObject, NSCoding, @unchecked Sendable {
    let x: Int
    let y: Int

    init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    init?(coder: NSCoder) {
        x = coder.decodeInteger(forKey: "x")
        y = coder.decodeInteger(forKey: "y")
    }

    func encode(with coder: NSCoder) {
        coder.encode(x, forKey: "x")
        coder.encode(y, forKey: "y")
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? SQLiteTestPoint else { return false }
        return other.x == x && other.y == y
    }

    override var hash: Int { x ^ y }
}

/// Values and relationships survive save, close and reopen of a store file.
@Suite("SQLite store: round trip")
struct SQLiteRoundTripTests {
    let directory: URL
    let url: URL

    init() throws {
        directory = try SQLiteTestSupport.temporaryDirectory()
        url = directory.appendingPathComponent("Store.sqlite")
    }

    /// Runs `write` on a fresh store at `url`, saves, then hands a context on a newly opened store to `check`.
    private func roundTrip(_ write: (NSManagedObjectContext) throws -> Void, check: (NSManagedObjectContext) throws -> Void) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = SQLiteTestSupport.model()
        do {
            let container = try SQLiteTestSupport.container(at: url, model: model)
            try write(container.viewContext)
            try container.viewContext.save()
        }
        let reopened = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        try check(reopened.viewContext)
    }

    @Test func everyAttributeTypeRoundTripsExactly() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7)
        let uuid = UUID()
        let decimal = try #require(Decimal(string: "12345678901234567890.123456789"))
        try roundTrip({ context in
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
            item.setValue(Int16.min, forKey: "int16")
            item.setValue(Int32.max, forKey: "int32")
            item.setValue(Int64.min, forKey: "int64")
            item.setValue(decimal, forKey: "decimal")
            item.setValue(Double.pi, forKey: "double")
            item.setValue(Float(0.1), forKey: "float")
            item.setValue("héllo\u{0}wörld 'quoted' %_", forKey: "string")
            item.setValue(true, forKey: "flag")
            item.setValue(date, forKey: "date")
            item.setValue(Data([0, 1, 2, 255]), forKey: "data")
            item.setValue(uuid, forKey: "uuid")
            item.setValue(URL(string: "https://example.com/a?b=c#d"), forKey: "url")
            item.setValue(["list": [1, 2], "name": "x"] as [String: Any], forKey: "plist")
        }, check: { context in
            let item = try #require(try SQLiteTestSupport.fetch("Item", in: context).first)
            #expect((item.value(forKey: "int16") as? Int16) == Int16.min)
            #expect((item.value(forKey: "int32") as? Int32) == Int32.max)
            #expect((item.value(forKey: "int64") as? Int64) == Int64.min)
            #expect((item.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == decimal)
            #expect((item.value(forKey: "double") as? Double) == Double.pi)
            #expect((item.value(forKey: "float") as? Float) == Float(0.1))
            #expect((item.value(forKey: "string") as? String)?.utf8.elementsEqual("héllo\u{0}wörld 'quoted' %_".utf8) == true)
            #expect((item.value(forKey: "flag") as? Bool) == true)
            #expect((item.value(forKey: "date") as? Date) == date)
            #expect((item.value(forKey: "data") as? Data) == Data([0, 1, 2, 255]))
            #expect((item.value(forKey: "uuid") as? UUID) == uuid)
            #expect((item.value(forKey: "url") as? URL) == URL(string: "https://example.com/a?b=c#d"))
            let plist = try #require(item.value(forKey: "plist") as? [String: Any])
            #expect((plist["list"] as? [Int]) == [1, 2])
            #expect((plist["name"] as? String) == "x")
        })
    }

    @Test func codingObjectsInTransformableAttributesRoundTrip() throws {
        try roundTrip({ context in
            NSEntityDescription.insertNewObject(forEntityName: "Item", into: context).setValue(SQLiteTestPoint(x: 3, y: -4), forKey: "plist")
        }, check: { context in
            let item = try #require(try SQLiteTestSupport.fetch("Item", in: context).first)
            #expect((item.value(forKey: "plist") as? SQLiteTestPoint) == SQLiteTestPoint(x: 3, y: -4))
        })
    }

    @Test func unstorableTransformableValueFailsTheWholeSave() throws {
        struct Opaque {}
        defer { try? FileManager.default.removeItem(at: directory) }
        let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
        NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context).setValue("kept out", forKey: "name")
        NSEntityDescription.insertNewObject(forEntityName: "Item", into: context).setValue(Opaque(), forKey: "plist")
        #expect { try context.save() } throws: { ($0 as NSError).code == NSPersistentStoreSaveError }
        let reopened = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
        #expect(try SQLiteTestSupport.fetch("Owner", in: reopened).isEmpty)
    }

    @Test func readOnlyStoreReadsButRefusesSaves() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
            NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context).setValue("Ann", forKey: "name")
            try context.save()
        }
        let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()) { $0.isReadOnly = true }.viewContext
        #expect(try SQLiteTestSupport.fetch("Owner", in: context).compactMap { $0.value(forKey: "name") as? String } == ["Ann"])
        NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context).setValue("Bob", forKey: "name")
        #expect { try context.save() } throws: { ($0 as NSError).code == NSPersistentStoreSaveError }
    }

    @Test func devNullOpensAPrivateInMemoryDatabase() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SQLiteTestSupport.container(at: URL(fileURLWithPath: "/dev/null"), model: SQLiteTestSupport.model()).viewContext
        let second = try SQLiteTestSupport.container(at: URL(fileURLWithPath: "/dev/null"), model: SQLiteTestSupport.model()).viewContext
        NSEntityDescription.insertNewObject(forEntityName: "Owner", into: first).setValue("Ann", forKey: "name")
        try first.save()
        #expect(try SQLiteTestSupport.fetch("Owner", in: first).count == 1)
        #expect(try SQLiteTestSupport.fetch("Owner", in: second).isEmpty)
        #expect(first.persistentStoreCoordinator?.persistentStores.first?.type == NSSQLiteStoreType)
    }

    @Test func objectURIsSurviveReopening() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let uri: URL
        do {
            let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            owner.setValue("Ann", forKey: "name")
            try context.save()
            uri = owner.objectID.uriRepresentation()
        }
        let container = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        let objectID = try #require(container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri))
        let owner = try container.viewContext.existingObject(with: objectID)
        #expect((owner.value(forKey: "name") as? String) == "Ann")
        #expect(owner.objectID.uriRepresentation() == uri)
    }

    @Test func nilValuesStayNil() throws {
        try roundTrip({ context in
            _ = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
        }, check: { context in
            let item = try #require(try SQLiteTestSupport.fetch("Item", in: context).first)
            for key in ["int16", "int64", "decimal", "double", "string", "flag", "date", "data", "uuid", "url", "plist", "owner"] {
                #expect(item.value(forKey: key) == nil, "\(key)")
            }
        })
    }

    @Test func nanAndInfinitiesRoundTrip() throws {
        try roundTrip({ context in
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
            item.setValue(Double.nan, forKey: "double")
            item.setValue(-Float.infinity, forKey: "float")
        }, check: { context in
            let item = try #require(try SQLiteTestSupport.fetch("Item", in: context).first)
            #expect((item.value(forKey: "double") as? Double)?.isNaN == true)
            #expect((item.value(forKey: "float") as? Float) == -Float.infinity)
        })
    }

    @Test func toOneAndOneToManyRoundTrip() throws {
        try roundTrip({ context in
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            owner.setValue("Ann", forKey: "name")
            for name in ["a", "b", "c"] {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                item.setValue(name, forKey: "string")
                item.setValue(owner, forKey: "owner")
            }
        }, check: { context in
            let owner = try #require(try SQLiteTestSupport.fetch("Owner", in: context).first)
            let names = (owner.value(forKey: "items") as? Set<NSManagedObject>)?.compactMap { $0.value(forKey: "string") as? String }
            #expect(names?.sorted() == ["a", "b", "c"])
            let item = try #require(try SQLiteTestSupport.fetch("Item", in: context, sortedBy: "string").first)
            #expect((item.value(forKey: "owner") as? NSManagedObject) === owner)
        })
    }

    @Test func orderedOneToManyKeepsItsOrder() throws {
        try roundTrip({ context in
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            let ranked = owner.mutableOrderedSetValue(forKey: "ranked")
            for name in ["z", "a", "m", "b"] {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                item.setValue(name, forKey: "string")
                ranked.add(item)
            }
        }, check: { context in
            let owner = try #require(try SQLiteTestSupport.fetch("Owner", in: context).first)
            let ranked = try #require(owner.value(forKey: "ranked") as? NSOrderedSet)
            #expect(ranked.array.compactMap { ($0 as? NSManagedObject)?.value(forKey: "string") as? String } == ["z", "a", "m", "b"])
        })
    }

    @Test func oneToOneRoundTrips() throws {
        try roundTrip({ context in
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            let profile = NSEntityDescription.insertNewObject(forEntityName: "Profile", into: context)
            profile.setValue("bio", forKey: "bio")
            owner.setValue(profile, forKey: "profile")
        }, check: { context in
            let owner = try #require(try SQLiteTestSupport.fetch("Owner", in: context).first)
            let profile = try #require(owner.value(forKey: "profile") as? NSManagedObject)
            #expect((profile.value(forKey: "bio") as? String) == "bio")
            #expect((profile.value(forKey: "owner") as? NSManagedObject) === owner)
        })
    }

    @Test func manyToManyRoundTripsFromBothSides() throws {
        try roundTrip({ context in
            let tags = ["red", "blue"].map { label in
                let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
                tag.setValue(label, forKey: "label")
                return tag
            }
            for name in ["one", "two"] {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                item.setValue(name, forKey: "string")
                item.mutableSetValue(forKey: "tags").addObjects(from: name == "one" ? tags : [tags[0]])
            }
        }, check: { context in
            let items = try SQLiteTestSupport.fetch("Item", in: context, sortedBy: "string")
            let labels = items.map { (($0.value(forKey: "tags") as? Set<NSManagedObject>) ?? []).compactMap { $0.value(forKey: "label") as? String }.sorted() }
            #expect(labels == [["blue", "red"], ["red"]])
            let red = try #require(try SQLiteTestSupport.fetch("Tag", in: context, predicate: NSPredicate(format: "label == 'red'")).first)
            #expect((red.value(forKey: "items") as? Set<NSManagedObject>)?.count == 2)
        })
    }

    /// Join rows are written once per save from one side: changes made from either side, to new and saved
    /// objects, and in a later context that loads the relationships lazily, all persist.
    @Test func manyToManyChangedFromEitherSidePersists() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        func labels(of item: NSManagedObject) -> [String] {
            ((item.value(forKey: "tags") as? Set<NSManagedObject>) ?? []).compactMap { $0.value(forKey: "label") as? String }.sorted()
        }
        do {
            let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
            let tags = ["red", "blue", "green"].map { label in
                let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
                tag.setValue(label, forKey: "label")
                return tag
            }
            let items = ["one", "two"].map { name in
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                item.setValue(name, forKey: "string")
                return item
            }
            tags[0].mutableSetValue(forKey: "items").addObjects(from: items)
            items[1].mutableSetValue(forKey: "tags").add(tags[1])
            try context.save()
            tags[1].mutableSetValue(forKey: "items").add(items[0])
            tags[0].mutableSetValue(forKey: "items").remove(items[1])
            let late = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
            late.setValue("three", forKey: "string")
            tags[2].mutableSetValue(forKey: "items").add(late)
            try context.save()
        }
        do {
            let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
            let green = try #require(try SQLiteTestSupport.fetch("Tag", in: context, predicate: NSPredicate(format: "label == 'green'")).first)
            let one = try #require(try SQLiteTestSupport.fetch("Item", in: context, predicate: NSPredicate(format: "string == 'one'")).first)
            green.mutableSetValue(forKey: "items").add(one)
            try context.save()
        }
        let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
        let items = try SQLiteTestSupport.fetch("Item", in: context, sortedBy: "string")
        #expect(items.map(labels) == [["blue", "green", "red"], ["green"], ["blue"]])
        let tags = try SQLiteTestSupport.fetch("Tag", in: context, sortedBy: "label")
        let itemNames = tags.map { ((($0.value(forKey: "items") as? Set<NSManagedObject>) ?? []).compactMap { $0.value(forKey: "string") as? String }).sorted() }
        #expect(itemNames == [["one", "two"], ["one", "three"], ["one"]])
    }

    @Test func orderedManyToManyAndInverselessToManyRoundTrip() throws {
        try roundTrip({ context in
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            let tags = ["c", "a", "b"].map { label in
                let tag = NSEntityDescription.insertNewObject(forEntityName: label == "a" ? "SpecialTag" : "Tag", into: context)
                tag.setValue(label, forKey: "label")
                return tag
            }
            owner.mutableOrderedSetValue(forKey: "playlist").addObjects(from: tags)
            owner.mutableSetValue(forKey: "favorites").add(tags[1])
        }, check: { context in
            let owner = try #require(try SQLiteTestSupport.fetch("Owner", in: context).first)
            let playlist = try #require(owner.value(forKey: "playlist") as? NSOrderedSet)
            let playlistObjects = playlist.array.compactMap { $0 as? NSManagedObject }
            #expect(playlistObjects.compactMap { $0.value(forKey: "label") as? String } == ["c", "a", "b"])
            #expect(playlistObjects.map { $0.entity.name } == ["Tag", "SpecialTag", "Tag"])
            let favorites = try #require(owner.value(forKey: "favorites") as? Set<NSManagedObject>)
            #expect(favorites.compactMap { $0.value(forKey: "label") as? String } == ["a"])
        })
    }

    @Test func updatesAndDeletesPersist() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let container = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
            let context = container.viewContext
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            let tags = ["x", "y", "z"].map { label in
                let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
                tag.setValue(label, forKey: "label")
                return tag
            }
            owner.mutableOrderedSetValue(forKey: "playlist").addObjects(from: tags)
            try context.save()
            tags[0].setValue("x2", forKey: "label")
            context.delete(tags[1])
            let playlist = owner.mutableOrderedSetValue(forKey: "playlist")
            playlist.remove(tags[2])
            playlist.insert(tags[2], at: 0)
            try context.save()
        }
        let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
        #expect(try SQLiteTestSupport.fetch("Tag", in: context, sortedBy: "label").compactMap { $0.value(forKey: "label") as? String } == ["x2", "z"])
        let owner = try #require(try SQLiteTestSupport.fetch("Owner", in: context).first)
        let playlist = (owner.value(forKey: "playlist") as? NSOrderedSet)?.array.compactMap { ($0 as? NSManagedObject)?.value(forKey: "label") as? String }
        #expect(playlist == ["z", "x2"])
    }

    @Test func toManyRelationshipsLoadLazily() throws {
        try roundTrip({ context in
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
            item.setValue(owner, forKey: "owner")
        }, check: { context in
            let owner = try #require(try SQLiteTestSupport.fetch("Owner", in: context).first)
            #expect(context.registeredObjects.count == 1)
            #expect((owner.value(forKey: "items") as? Set<NSManagedObject>)?.count == 1)
            #expect(context.registeredObjects.count == 2)
        })
    }

    @Test func relationshipChangesPersist() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
            let (ann, bob) = (NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context), NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context))
            ann.setValue("Ann", forKey: "name")
            bob.setValue("Bob", forKey: "name")
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
            item.setValue(ann, forKey: "owner")
            let tags = ["t1", "t2"].map { label in
                let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
                tag.setValue(label, forKey: "label")
                return tag
            }
            item.mutableSetValue(forKey: "tags").addObjects(from: tags)
            try context.save()
        }
        do {
            let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
            let bob = try #require(try SQLiteTestSupport.fetch("Owner", in: context, predicate: NSPredicate(format: "name == 'Bob'")).first)
            let item = try #require(try SQLiteTestSupport.fetch("Item", in: context).first)
            item.setValue(bob, forKey: "owner")
            let t1 = try #require(try SQLiteTestSupport.fetch("Tag", in: context, predicate: NSPredicate(format: "label == 't1'")).first)
            item.mutableSetValue(forKey: "tags").remove(t1)
            try context.save()
        }
        let context = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model()).viewContext
        let owners = try SQLiteTestSupport.fetch("Owner", in: context, sortedBy: "name")
        #expect(owners.map { ($0.value(forKey: "items") as? Set<NSManagedObject>)?.count } == [0, 1])
        let item = try #require(try SQLiteTestSupport.fetch("Item", in: context).first)
        #expect(((item.value(forKey: "owner") as? NSManagedObject)?.value(forKey: "name") as? String) == "Bob")
        #expect((item.value(forKey: "tags") as? Set<NSManagedObject>)?.compactMap { $0.value(forKey: "label") as? String } == ["t2"])
        let t1 = try #require(try SQLiteTestSupport.fetch("Tag", in: context, predicate: NSPredicate(format: "label == 't1'")).first)
        #expect((t1.value(forKey: "items") as? Set<NSManagedObject>)?.isEmpty == true)
    }

    @Test func subentitiesComeBackWithTheirOwnEntityAndAttributes() throws {
        try roundTrip({ context in
            NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context).setValue("plain", forKey: "label")
            let special = NSEntityDescription.insertNewObject(forEntityName: "SpecialTag", into: context)
            special.setValue("special", forKey: "label")
            special.setValue(7, forKey: "level")
        }, check: { context in
            let tags = try SQLiteTestSupport.fetch("Tag", in: context, sortedBy: "label")
            #expect(tags.map { $0.entity.name } == ["Tag", "SpecialTag"])
            #expect((tags.last?.value(forKey: "level") as? Int) == 7)
            #expect(try SQLiteTestSupport.fetch("SpecialTag", in: context).count == 1)
            let request = NSFetchRequest<NSManagedObject>(entityName: "Tag")
            request.includesSubentities = false
            #expect(try context.fetch(request).compactMap { $0.value(forKey: "label") as? String } == ["plain"])
        })
    }
}
