#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// `relationshipKeyPathsForPrefetching` loads to-many relationships with the fetched objects, with
/// the same contents as loading them on first access.
@Suite("SQLite store: prefetching relationships")
struct SQLitePrefetchTests {
    typealias S = SQLiteTestSupport

    /// Saves 600 owners (more than one batch of keys): owner `n` has items named `n-a`, `n-b`
    /// (a to-many by foreign key), ranked items `n-b`, `n-a` (ordered), a playlist of tags `z`,
    /// `special` (ordered many-to-many, a subentity included) and favorite tag `z` (no inverse).
    /// One more owner has none of these. Returns the file's URL.
    private func seed(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("Prefetch.sqlite")
        let context = try S.container(at: url, model: S.model()).viewContext
        let plain = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
        plain.setValue("z", forKey: "label")
        let special = NSEntityDescription.insertNewObject(forEntityName: "SpecialTag", into: context)
        special.setValue("special", forKey: "label")
        for index in 0..<600 {
            let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
            owner.setValue("owner \(index)", forKey: "name")
            let items = ["a", "b"].map { suffix in
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                item.setValue("\(index)-\(suffix)", forKey: "string")
                item.setValue(owner, forKey: "owner")
                return item
            }
            owner.mutableOrderedSetValue(forKey: "ranked").addObjects(from: items.reversed())
            owner.mutableOrderedSetValue(forKey: "playlist").addObjects(from: [plain, special])
            owner.mutableSetValue(forKey: "favorites").add(plain)
        }
        NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context).setValue("empty", forKey: "name")
        try context.save()
        return url
    }

    /// The owners of a new container on the file, fetched with `prefetching`, by name, with their
    /// container (which must outlive them).
    private func owners(at url: URL, prefetching keyPaths: [String]?) throws -> (NSPersistentContainer, [String: NSManagedObject]) {
        let container = try S.container(at: url, model: S.model())
        let request = NSFetchRequest<NSManagedObject>(entityName: "Owner")
        request.relationshipKeyPathsForPrefetching = keyPaths
        let owners = try container.viewContext.fetch(request)
        return (container, Dictionary(owners.map { ($0.value(forKey: "name") as? String ?? "", $0) }) { first, _ in first })
    }

    private func names(_ objects: [Any], key: String) -> [String] {
        objects.compactMap { ($0 as? NSManagedObject)?.value(forKey: key) as? String }
    }

    @Test func prefetchedRelationshipsAreLoadedWithTheFetch() throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (container, owners) = try owners(at: try seed(in: directory), prefetching: ["items", "ranked", "playlist", "favorites"])
        defer { withExtendedLifetime(container) {} }
        #expect(owners.count == 601)
        let faulted = owners.values.filter { owner in
            ["items", "ranked", "playlist", "favorites"].contains { owner.hasFault(forRelationshipNamed: $0) }
        }
        #expect(faulted.count == 0)
    }

    @Test func relationshipsNotNamedStayFaults() throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (container, owners) = try owners(at: try seed(in: directory), prefetching: ["items"])
        defer { withExtendedLifetime(container) {} }
        let owner = try #require(owners["owner 7"])
        #expect(!owner.hasFault(forRelationshipNamed: "items"))
        #expect(owner.hasFault(forRelationshipNamed: "ranked"))
    }

    @Test func prefetchedRelationshipsHoldTheStoredObjectsInOrder() throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (container, owners) = try owners(at: try seed(in: directory), prefetching: ["items", "ranked", "playlist", "favorites"])
        defer { withExtendedLifetime(container) {} }
        let owner = try #require(owners["owner 543"])
        #expect(names((owner.value(forKey: "items") as? NSSet)?.allObjects ?? [], key: "string").sorted() == ["543-a", "543-b"])
        #expect(names((owner.value(forKey: "ranked") as? NSOrderedSet)?.array ?? [], key: "string") == ["543-b", "543-a"])
        let playlist = (owner.value(forKey: "playlist") as? NSOrderedSet)?.array ?? []
        #expect(names(playlist, key: "label") == ["z", "special"])
        #expect(playlist.compactMap { ($0 as? NSManagedObject)?.entity.name } == ["Tag", "SpecialTag"])
        #expect(names((owner.value(forKey: "favorites") as? NSSet)?.allObjects ?? [], key: "label") == ["z"])
    }

    @Test func anOwnerWithoutRelatedRowsGetsEmptyRelationships() throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (container, owners) = try owners(at: try seed(in: directory), prefetching: ["items", "ranked", "playlist"])
        defer { withExtendedLifetime(container) {} }
        let owner = try #require(owners["empty"])
        #expect(!owner.hasFault(forRelationshipNamed: "items"))
        #expect((owner.value(forKey: "items") as? NSSet)?.count == 0)
        #expect((owner.value(forKey: "ranked") as? NSOrderedSet)?.count == 0)
        #expect((owner.value(forKey: "playlist") as? NSOrderedSet)?.count == 0)
    }

    @Test func prefetchingMatchesLoadingOnFirstAccess() throws {
        let directory = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try seed(in: directory)
        let (prefetchingContainer, prefetched) = try owners(at: url, prefetching: ["items", "playlist"])
        let (lazyContainer, lazy) = try owners(at: url, prefetching: nil)
        defer { withExtendedLifetime((prefetchingContainer, lazyContainer)) {} }
        func contents(_ owner: NSManagedObject?) -> [String] {
            let items = names((owner?.value(forKey: "items") as? NSSet)?.allObjects ?? [], key: "string").sorted()
            return items + names((owner?.value(forKey: "playlist") as? NSOrderedSet)?.array ?? [], key: "label")
        }
        let differing = prefetched.keys.filter { contents(prefetched[$0]) != contents(lazy[$0]) }
        #expect(differing.isEmpty)
        #expect(contents(prefetched["owner 0"]) == ["0-a", "0-b", "z", "special"])
    }
}
