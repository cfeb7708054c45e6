#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Batch requests change the store's rows directly: they last in the file, objects deleted by one are
// gone for every context, and a context still holding an object a batch update changed sees a merge
// conflict when it saves its own change of that object.

@Suite("Batch requests: stores and contexts")
struct BatchRequestStoreTests {
    @Test func changesLastInTheSQLiteFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("BatchRequests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("store.sqlite")
        func open() throws -> NSManagedObjectContext {
            let coordinator = NSPersistentStoreCoordinator(managedObjectModel: BatchModel.shared)
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
            let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            context.persistentStoreCoordinator = coordinator
            return context
        }
        let writer = try open()
        try writer.performAndWait {
            _ = try writer.execute(NSBatchInsertRequest(entityName: "Item", objects: [["name": "a"], ["name": "b"], ["name": "c"]]))
            let update = NSBatchUpdateRequest(entityName: "Item")
            update.propertiesToUpdate = ["score": 3]
            _ = try writer.execute(update)
            _ = try writer.execute(NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "name == %@", "b")))
        }
        let reader = try open()
        let rows = try reader.performAndWait {
            let request = NSFetchRequest<NSManagedObject>(entityName: "Item")
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            return try reader.fetch(request).map { "\($0.value(forKey: "name") ?? "") \($0.value(forKey: "score") ?? "")" }
        }
        #expect(rows == ["a 3", "c 3"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func deletedObjectsAreGoneForOtherContexts(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(1)
        _ = try stack.execute(NSBatchDeleteRequest(objectIDs: ids))
        let context = stack.newContext()
        let found = context.performAndWait { try? context.existingObject(with: ids[0]) }
        #expect(found == nil)
    }

    @Test(arguments: BatchModel.storeTypes)
    func savingAnObjectABatchUpdateChangedIsAMergeConflict(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(1)
        let context = stack.newContext()
        try context.performAndWait {
            let item = try context.existingObject(with: ids[0])
            #expect(item.value(forKey: "name") as? String == "item0")
            let update = NSBatchUpdateRequest(entityName: "Item")
            update.propertiesToUpdate = ["score": 5]
            _ = try context.execute(update)
            item.setValue("mine", forKey: "name")
            do {
                try context.save()
                Issue.record("The save succeeded")
            } catch let error as NSError {
                #expect(error.code == NSManagedObjectMergeError)
            }
        }
    }
}
