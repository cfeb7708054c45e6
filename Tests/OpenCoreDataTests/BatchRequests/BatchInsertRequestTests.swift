#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSBatchInsertRequest (https://developer.apple.com/documentation/coredata/nsbatchinsertrequest) writes
// dictionaries of attribute values as rows; the handlers are called until they return true
// (https://developer.apple.com/documentation/coredata/nsbatchinsertrequest/init(entityname:dictionaryhandler:)).
// With uniqueness constraints, a matching row is updated instead of duplicated.

@Suite("Batch insert")
struct BatchInsertRequestTests {
    @Test func requestAndResultTypesHaveApplesRawValues() {
        let request = NSBatchInsertRequest(entityName: "Item", objects: [])
        #expect(request.requestType == .batchInsertRequestType)
        #expect(request.requestType.rawValue == 5)
        #expect(request.resultType == .statusOnly)
        #expect(NSBatchInsertRequestResultType.statusOnly.rawValue == 0)
        #expect(NSBatchInsertRequestResultType.objectIDs.rawValue == 1)
        #expect(NSBatchInsertRequestResultType.count.rawValue == 2)
    }

    @Test(arguments: BatchModel.storeTypes)
    func objectsAreInsertedAndCounted(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let request = NSBatchInsertRequest(entityName: "Item", objects: [["name": "a", "score": 1], ["name": "b", "score": 2]])
        request.resultType = .count
        let result = try #require(try stack.execute(request) as? NSBatchInsertResult)
        #expect(result.resultType == .count)
        #expect(result.result as? Int == 2)
        #expect(try stack.names(of: "Item") == ["a", "b"])
        #expect(try stack.values("score", of: "Item").map { ($0 as? NSNumber)?.intValue } == [1, 2])
    }

    @Test(arguments: BatchModel.storeTypes)
    func statusOnlyResultIsTrue(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let result = try stack.execute(NSBatchInsertRequest(entityName: "Item", objects: [["name": "a"]]))
        #expect((result as? NSBatchInsertResult)?.result as? Bool == true)
    }

    @Test(arguments: BatchModel.storeTypes)
    func objectIDsResultNamesTheNewObjects(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let entity = try #require(BatchModel.shared.entitiesByName["Item"])
        let request = NSBatchInsertRequest(entity: entity, objects: [["name": "a"], ["name": "b"]])
        request.resultType = .objectIDs
        let ids = try #require((try stack.execute(request) as? NSBatchInsertResult)?.result as? [NSManagedObjectID])
        let context = stack.newContext()
        let names = try context.performAndWait { try ids.map { try context.existingObject(with: $0).value(forKey: "name") as? String } }
        #expect(names == ["a", "b"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func missingAttributesTakeTheirDefaultValues(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        _ = try stack.execute(NSBatchInsertRequest(entityName: "Item", objects: [["name": "a"]]))
        #expect((try stack.values("score", of: "Item")[0] as? NSNumber)?.intValue == 7)
        #expect(try stack.values("flag", of: "Item")[0] as? Bool == false)
        #expect(try stack.values("when", of: "Item")[0] == nil)
    }

    @Test(arguments: BatchModel.storeTypes)
    func valuesAreStoredAsASaveStoresThem(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let uid = UUID()
        let object: [String: Any] = ["name": "a", "when": BatchModel.referenceDate, "uid": uid, "price": NSDecimalNumber(string: "0.1"), "small": NSNumber(value: 3)]
        _ = try stack.execute(NSBatchInsertRequest(entityName: "Item", objects: [object]))
        #expect(try stack.values("when", of: "Item")[0] as? Date == BatchModel.referenceDate)
        #expect(try stack.values("uid", of: "Item")[0] as? UUID == uid)
        #expect((try stack.values("price", of: "Item")[0] as? NSDecimalNumber)?.decimalValue == Decimal(string: "0.1")!)
        #expect((try stack.values("small", of: "Item")[0] as? NSNumber)?.intValue == 3)
    }

    @Test(arguments: BatchModel.storeTypes)
    func dictionaryHandlerIsCalledUntilItReturnsTrue(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let names = Unchecked(NSMutableArray(array: ["c", "b", "a"]))
        let request = NSBatchInsertRequest(entityName: "Item", dictionaryHandler: { dictionary in
            guard let name = names.value.lastObject else { return true }
            names.value.removeLastObject()
            dictionary["name"] = name
            return false
        })
        request.resultType = .count
        #expect((try stack.execute(request) as? NSBatchInsertResult)?.result as? Int == 3)
        #expect(try stack.names(of: "Item") == ["a", "b", "c"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func managedObjectHandlerIsCalledUntilItReturnsTrue(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let counter = Unchecked(NSMutableArray())
        let request = NSBatchInsertRequest(entityName: "Item", managedObjectHandler: { object in
            guard counter.value.count < 2 else { return true }
            object.setValue("made\(counter.value.count)", forKey: "name")
            counter.value.add(1)
            return false
        })
        _ = try stack.execute(request)
        #expect(try stack.names(of: "Item") == ["made0", "made1"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func constrainedObjectsUpdateMatchingRows(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        _ = try stack.execute(NSBatchInsertRequest(entityName: "Tag", objects: [["code": "x", "label": "old", "uses": 1], ["code": "y", "label": "why", "uses": 2]]))
        _ = try stack.execute(NSBatchInsertRequest(entityName: "Tag", objects: [["code": "x", "label": "new"], ["code": "z", "label": "zed"]]))
        #expect(try stack.values("code", of: "Tag", sortedBy: "code").map { $0 as? String } == ["x", "y", "z"])
        #expect(try stack.values("label", of: "Tag", sortedBy: "code").map { $0 as? String } == ["new", "why", "zed"])
        #expect(try stack.values("uses", of: "Tag", sortedBy: "code").map { ($0 as? NSNumber)?.intValue } == [1, 2, 0])
    }

    @Test(arguments: BatchModel.storeTypes)
    func valueOfTheWrongTypeFailsAndInsertsNothing(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let request = NSBatchInsertRequest(entityName: "Item", objects: [["name": "a"], ["name": "b", "when": "today"]])
        #expect(throws: (any Error).self) { try stack.execute(request) }
        #expect(try stack.names(of: "Item") == [])
    }

    #if !canImport(CoreData)
    @Test(arguments: BatchModel.storeTypes)
    func constrainedDuplicatesInOneRequestMakeOneRow(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let request = NSBatchInsertRequest(entityName: "Tag", objects: [["code": "x", "label": "first"], ["code": "x", "label": "second"]])
        request.resultType = .count
        #expect((try stack.execute(request) as? NSBatchInsertResult)?.result as? Int == 1)
        #expect(try stack.values("label", of: "Tag").map { $0 as? String } == ["second"])
    }

    @Test func otherRequestsFail() throws {
        let stack = try BatchStack(storeType: NSSQLiteStoreType)
        #expect(throws: (any Error).self) { try stack.execute(NSFetchRequest<NSManagedObject>(entityName: "Item")) }
    }
    #endif
}
