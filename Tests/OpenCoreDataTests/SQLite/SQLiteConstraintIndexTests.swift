#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// The store's own enforcement of uniqueness constraints, below the context; no Apple counterpart to call.
#if !canImport(CoreData)
@testable import OpenCoreDataCore

@Suite("SQLite store: uniqueness constraints in the file")
struct SQLiteConstraintIndexTests {
    /// A save request inserting one `Owner` per name, as a context would send it.
    private static func inserts(_ names: [String], store: NSPersistentStore, owner: NSEntityDescription) throws -> StoreSaveRequest {
        var request = StoreSaveRequest()
        let slot = owner.layout.slot(forKey: "name")
        for (objectID, name) in zip(try store.newObjectIDs(for: owner, count: names.count), names) {
            var values = [Any?](repeating: nil, count: owner.layout.kinds.count)
            values[slot] = name
            request.inserted.append(.init(objectID: objectID, values: values, changedSlots: Array(values.indices)))
        }
        return request
    }

    @Test func duplicateFromAnotherSaverFailsWithConstraintMergeErrorAndWritesNothing() throws {
        let container = try SQLiteTestSupport.container(at: nil, model: SQLiteTestSupport.model())
        let store = try #require(container.persistentStoreCoordinator.persistentStores.first)
        let owner = try #require(container.managedObjectModel.entitiesByName["Owner"])
        _ = try store.save(Self.inserts(["Ann"], store: store, owner: owner))
        #expect {
            _ = try store.save(Self.inserts(["Bob", "Ann"], store: store, owner: owner))
        } throws: { ($0 as NSError).code == NSManagedObjectConstraintMergeError }
        let names = try SQLiteTestSupport.fetch("Owner", in: container.viewContext, sortedBy: "name").compactMap { $0.value(forKey: "name") as? String }
        #expect(names == ["Ann"])
    }

    @Test func constraintOnASubentityOnlyConstrainsItsRows() throws {
        typealias S = SQLiteTestSupport
        let tag = S.entity("Tag", [S.attribute("label", .stringAttributeType)])
        let special = S.entity("SpecialTag", [])
        special.uniquenessConstraints = [["label"]]
        tag.subentities = [special]
        let model = NSManagedObjectModel()
        model.entities = [tag, special]
        let context = try S.container(at: nil, model: model).viewContext
        for entity in ["Tag", "Tag", "SpecialTag"] {
            NSEntityDescription.insertNewObject(forEntityName: entity, into: context).setValue("x", forKey: "label")
        }
        try context.save()
        #expect(try S.fetch("Tag", in: context).count == 3)
        NSEntityDescription.insertNewObject(forEntityName: "SpecialTag", into: context).setValue("x", forKey: "label")
        #expect { try context.save() } throws: { ($0 as NSError).code == NSManagedObjectConstraintMergeError }
    }
}
#endif
