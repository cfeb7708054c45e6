#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSBatchDeleteRequest (https://developer.apple.com/documentation/coredata/nsbatchdeleterequest) deletes
// at the store's level, without loading objects; contexts are not updated until the deletions are
// merged, which is what `resultTypeObjectIDs` is for
// (https://developer.apple.com/documentation/coredata/nsbatchdeleterequestresulttype/resulttypeobjectids).

@Suite("Batch delete: requests and results")
struct BatchDeleteRequestTests {
    @Test func requestAndResultTypesHaveApplesRawValues() {
        let request = NSBatchDeleteRequest(fetchRequest: batchFetch("Item"))
        #expect(request.requestType == .batchDeleteRequestType)
        #expect(request.requestType.rawValue == 7)
        #expect(request.resultType == .resultTypeStatusOnly)
        #expect(NSBatchDeleteRequestResultType.resultTypeStatusOnly.rawValue == 0)
        #expect(NSBatchDeleteRequestResultType.resultTypeObjectIDs.rawValue == 1)
        #expect(NSBatchDeleteRequestResultType.resultTypeCount.rawValue == 2)
    }

    @Test(arguments: BatchModel.storeTypes)
    func statusOnlyResultIsTrueAndMatchingRowsAreGone(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(5)
        let result = try #require(try stack.execute(NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "score < %d", 3))) as? NSBatchDeleteResult)
        #expect(result.resultType == .resultTypeStatusOnly)
        #expect(result.result as? Bool == true)
        #expect(try stack.names(of: "Item") == ["item3", "item4"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func countResultIsTheNumberOfDeletedObjects(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(10)
        let request = NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "score >= %d", 4))
        request.resultType = .resultTypeCount
        let result = try #require(try stack.execute(request) as? NSBatchDeleteResult)
        #expect(result.result as? Int == 6)
        #expect(try stack.names(of: "Item").count == 4)
    }

    @Test(arguments: BatchModel.storeTypes)
    func objectIDsResultListsTheDeletedObjects(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(4)
        let request = NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "name IN %@", ["item1", "item3"]))
        request.resultType = .resultTypeObjectIDs
        let result = try #require(try stack.execute(request) as? NSBatchDeleteResult)
        let deleted = try #require(result.result as? [NSManagedObjectID])
        #expect(Set(deleted) == [ids[1], ids[3]])
    }

    @Test(arguments: BatchModel.storeTypes)
    func objectIDsInitializerDeletesThoseObjects(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(4)
        let request = NSBatchDeleteRequest(objectIDs: [ids[0], ids[2]])
        request.resultType = .resultTypeCount
        let result = try #require(try stack.execute(request) as? NSBatchDeleteResult)
        #expect(result.result as? Int == 2)
        #expect(try stack.names(of: "Item") == ["item1", "item3"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func noMatchDeletesNothing(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(3)
        let request = NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "score > %d", 100))
        request.resultType = .resultTypeCount
        #expect((try stack.execute(request) as? NSBatchDeleteResult)?.result as? Int == 0)
        #expect(try stack.names(of: "Item").count == 3)
    }

    // "mixing entity types results in an error when you execute the request"
    // (https://developer.apple.com/documentation/coredata/nsbatchdeleterequest/init(objectids:)).
    @Test(arguments: BatchModel.storeTypes)
    func objectIDsOfSeveralEntitiesFail(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let items = try stack.saveItems(1)
        let context = stack.newContext()
        let tagID = try context.performAndWait {
            let tag = NSManagedObject(entity: BatchModel.shared.entitiesByName["Tag"]!, insertInto: context)
            tag.setValue("a", forKey: "code")
            try context.save()
            return tag.objectID
        }
        #expect(throws: (any Error).self) { try stack.execute(NSBatchDeleteRequest(objectIDs: [items[0], tagID])) }
        #expect(try stack.names(of: "Item") == ["item0"])
    }

    // "the changes enacted on the persistent store are not reflected in the objects that are currently in
    // memory" (Core Data batch guide, Implementing Batch Deletes).
    @Test(arguments: BatchModel.storeTypes)
    func registeredObjectsKeepTheirValuesAndFetchesSkipDeletedRows(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(2)
        let context = stack.newContext()
        try context.performAndWait {
            let item = try context.existingObject(with: ids[0])
            #expect(item.value(forKey: "name") as? String == "item0")
            _ = try context.execute(NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "score == 0")))
            #expect(item.value(forKey: "name") as? String == "item0")
            #expect(item.isDeleted == false)
            let fetched = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Item"))
            #expect(fetched.map(\.objectID) == [ids[1]])
        }
    }

    @Test(arguments: BatchModel.storeTypes)
    func predicateComparingTwoAttributesSelectsTheRows(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        _ = try stack.execute(NSBatchInsertRequest(entityName: "Item", objects: [
            ["name": "a", "score": 1, "small": 1], ["name": "b", "score": 2, "small": 3], ["name": "c", "score": 4, "small": 4],
        ]))
        let request = NSBatchDeleteRequest(fetchRequest: batchFetch("Item", "score == small"))
        request.resultType = .resultTypeCount
        #expect((try stack.execute(request) as? NSBatchDeleteResult)?.result as? Int == 2)
        #expect(try stack.names(of: "Item") == ["b"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func fetchRequestWithoutSubentitiesKeepsThem(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(2)
        _ = try stack.execute(NSBatchInsertRequest(entityName: "SpecialItem", objects: [["name": "special", "grade": 1]]))
        let fetch = batchFetch("Item")
        fetch.includesSubentities = false
        let request = NSBatchDeleteRequest(fetchRequest: fetch)
        request.resultType = .resultTypeCount
        #expect((try stack.execute(request) as? NSBatchDeleteResult)?.result as? Int == 2)
        #expect(try stack.names(of: "Item") == ["special"])
    }
}
