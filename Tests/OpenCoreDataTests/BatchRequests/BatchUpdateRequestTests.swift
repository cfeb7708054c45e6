#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSBatchUpdateRequest (https://developer.apple.com/documentation/coredata/nsbatchupdaterequest) updates
// rows in the store without loading them. `propertiesToUpdate` maps property names (or descriptions) to
// constants or expressions
// (https://developer.apple.com/documentation/coredata/nsbatchupdaterequest/propertiestoupdate).

@Suite("Batch update")
struct BatchUpdateRequestTests {
    @Test func requestAndResultTypesHaveApplesRawValues() {
        let request = NSBatchUpdateRequest(entityName: "Item")
        #expect(request.requestType == .batchUpdateRequestType)
        #expect(request.requestType.rawValue == 6)
        #expect(request.resultType == .statusOnlyResultType)
        #expect(request.includesSubentities)
        #expect(request.entityName == "Item")
        #expect(request.entity.name == "Item")
        #expect(NSBatchUpdateRequestResultType.statusOnlyResultType.rawValue == 0)
        #expect(NSBatchUpdateRequestResultType.updatedObjectIDsResultType.rawValue == 1)
        #expect(NSBatchUpdateRequestResultType.updatedObjectsCountResultType.rawValue == 2)
    }

    @Test(arguments: BatchModel.storeTypes)
    func countResultAndNewValuesOfMatchingRows(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(5)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.predicate = NSPredicate(format: "score >= %d", 3)
        request.propertiesToUpdate = ["flag": true]
        request.resultType = .updatedObjectsCountResultType
        let result = try #require(try stack.execute(request) as? NSBatchUpdateResult)
        #expect(result.resultType == .updatedObjectsCountResultType)
        #expect(result.result as? Int == 2)
        #expect(try stack.values("flag", of: "Item").map { $0 as? Bool } == [false, false, false, true, true])
    }

    @Test(arguments: BatchModel.storeTypes)
    func statusOnlyResultIsTrue(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(2)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.propertiesToUpdate = ["name": "same"]
        #expect((try stack.execute(request) as? NSBatchUpdateResult)?.result as? Bool == true)
        #expect(try stack.names(of: "Item") == ["same", "same"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func objectIDsResultListsTheUpdatedObjects(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(4)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.predicate = NSPredicate(format: "score IN %@", [0, 2])
        request.propertiesToUpdate = ["ratio": 0.5]
        request.resultType = .updatedObjectIDsResultType
        let result = try #require(try stack.execute(request) as? NSBatchUpdateResult)
        #expect(Set(try #require(result.result as? [NSManagedObjectID])) == [ids[0], ids[2]])
    }

    @Test(arguments: BatchModel.storeTypes)
    func valuesAreStoredAsASaveStoresThem(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(1)
        let uid = UUID()
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.propertiesToUpdate = [
            "when": BatchModel.referenceDate, "uid": uid, "price": Decimal(string: "12.345")!,
            "flag": NSNumber(value: true), "small": 12, "ratio": NSNumber(value: 2.25),
        ]
        _ = try stack.execute(request)
        #expect(try stack.values("when", of: "Item")[0] as? Date == BatchModel.referenceDate)
        #expect(try stack.values("uid", of: "Item")[0] as? UUID == uid)
        #expect((try stack.values("price", of: "Item")[0] as? NSDecimalNumber)?.decimalValue == Decimal(string: "12.345")!)
        #expect(try stack.values("flag", of: "Item")[0] as? Bool == true)
        #expect((try stack.values("small", of: "Item")[0] as? NSNumber)?.int16Value == 12)
        #expect(try stack.values("ratio", of: "Item")[0] as? Double == 2.25)
    }

    @Test(arguments: BatchModel.storeTypes)
    func propertyDescriptionKeysAndNullClearAValue(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(1)
        let score = try #require(BatchModel.shared.entitiesByName["Item"]?.propertiesByName["score"])
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.propertiesToUpdate = [score: NSNull()]
        _ = try stack.execute(request)
        #expect(try stack.values("score", of: "Item")[0] == nil)
    }

    @Test(arguments: BatchModel.storeTypes)
    func expressionsGiveConstantsOrAnotherAttribute(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(3)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.propertiesToUpdate = ["ratio": NSExpression(forConstantValue: 1.5), "small": NSExpression(forKeyPath: "score")]
        _ = try stack.execute(request)
        #expect(try stack.values("ratio", of: "Item").map { $0 as? Double } == [1.5, 1.5, 1.5])
        #expect(try stack.values("small", of: "Item").map { ($0 as? NSNumber)?.intValue } == [0, 1, 2])
    }

    @Test(arguments: BatchModel.storeTypes)
    func unknownPropertyFailsAndChangesNothing(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(1)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.propertiesToUpdate = ["name": "changed", "nickname": "x"]
        #expect(throws: (any Error).self) { try stack.execute(request) }
        #expect(try stack.names(of: "Item") == ["item0"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func valueOfTheWrongTypeFailsAndChangesNothing(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(1)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.propertiesToUpdate = ["name": "changed", "when": "yesterday"]
        #expect(throws: (any Error).self) { try stack.execute(request) }
        #expect(try stack.names(of: "Item") == ["item0"])
    }

    // Registered objects keep their values until they are refreshed (or the IDs merged).
    @Test(arguments: BatchModel.storeTypes)
    func registeredObjectSeesNewValueAfterRefresh(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        let ids = try stack.saveItems(1)
        let context = stack.newContext()
        try context.performAndWait {
            let item = try context.existingObject(with: ids[0])
            #expect(item.value(forKey: "name") as? String == "item0")
            let request = NSBatchUpdateRequest(entityName: "Item")
            request.propertiesToUpdate = ["name": "renamed"]
            _ = try context.execute(request)
            #expect(item.value(forKey: "name") as? String == "item0")
            context.refresh(item, mergeChanges: false)
            #expect(item.value(forKey: "name") as? String == "renamed")
        }
    }

    @Test(arguments: BatchModel.storeTypes)
    func laterFetchSeesTheNewValues(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(2)
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.predicate = NSPredicate(format: "name == %@", "item1")
        request.propertiesToUpdate = ["score": 42]
        _ = try stack.execute(request)
        #expect(try stack.values("score", of: "Item").map { ($0 as? NSNumber)?.intValue } == [0, 42])
    }

    @Test(arguments: BatchModel.storeTypes)
    func predicateComparingTwoAttributesSelectsTheRows(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        _ = try stack.execute(NSBatchInsertRequest(entityName: "Item", objects: [
            ["name": "a", "score": 1, "small": 1], ["name": "b", "score": 2, "small": 3], ["name": "c", "score": 4, "small": 4],
        ]))
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.predicate = NSPredicate(format: "score == small")
        request.propertiesToUpdate = ["flag": true]
        request.resultType = .updatedObjectsCountResultType
        #expect((try stack.execute(request) as? NSBatchUpdateResult)?.result as? Int == 2)
        #expect(try stack.values("flag", of: "Item").map { $0 as? Bool } == [true, false, true])
    }

    @Test(arguments: BatchModel.storeTypes)
    func subentitiesAreUpdatedUnlessExcluded(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try stack.saveItems(1)
        _ = try stack.execute(NSBatchInsertRequest(entityName: "SpecialItem", objects: [["name": "special", "grade": 1]]))
        let request = NSBatchUpdateRequest(entityName: "Item")
        request.includesSubentities = false
        request.propertiesToUpdate = ["score": 10]
        request.resultType = .updatedObjectsCountResultType
        #expect((try stack.execute(request) as? NSBatchUpdateResult)?.result as? Int == 1)
        request.includesSubentities = true
        request.propertiesToUpdate = ["ratio": 0.25]
        #expect((try stack.execute(request) as? NSBatchUpdateResult)?.result as? Int == 2)
        #expect(try stack.values("score", of: "Item").map { ($0 as? NSNumber)?.intValue } == [10, 7])
        #expect(try stack.values("ratio", of: "Item").map { $0 as? Double } == [0.25, 0.25])
    }
}
