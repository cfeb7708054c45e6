#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// A batch delete follows the delete rules of the deleted objects' relationships in the store: cascade
// deletes the destinations, nullify clears the inverse relationship of the objects that stay, deny makes
// the request fail while the relationship is not empty; a required to-one inverse cannot be nullified.

/// Saves an owner named `owner` with one object named `name` in each of `relationships`; returns nothing.
private func saveOwner(_ stack: BatchStack, relationships: [String: String]) throws {
    let context = stack.newContext()
    try context.performAndWait {
        let model = BatchModel.shared
        let owner = NSManagedObject(entity: model.entitiesByName["Owner"]!, insertInto: context)
        owner.setValue("owner", forKey: "name")
        for (relationship, name) in relationships {
            guard let entity = model.entitiesByName["Owner"]!.relationshipsByName[relationship]?.destinationEntity else { continue }
            let related = NSManagedObject(entity: entity, insertInto: context)
            related.setValue(name, forKey: "name")
            owner.mutableSetValue(forKey: relationship).add(related)
        }
        try context.save()
    }
}

private func deleteOwners(_ stack: BatchStack) throws -> NSBatchDeleteResult? {
    let request = NSBatchDeleteRequest(fetchRequest: batchFetch("Owner"))
    request.resultType = .resultTypeCount
    return try stack.execute(request) as? NSBatchDeleteResult
}

@Suite("Batch delete: delete rules")
struct BatchDeleteRuleTests {
    @Test(arguments: BatchModel.storeTypes)
    func nullifyClearsTheInverseOfObjectsThatStay(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["parts": "part"])
        _ = try deleteOwners(stack)
        #expect(try stack.names(of: "Owner") == [])
        #expect(try stack.names(of: "Part") == ["part"])
        #expect(try stack.values("owner", of: "Part").count == 1)
        #expect(try stack.values("owner", of: "Part")[0] == nil)
    }

    @Test(arguments: BatchModel.storeTypes)
    func cascadeDeletesTheDestinations(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["pieces": "piece", "parts": "part"])
        _ = try deleteOwners(stack)
        #expect(try stack.names(of: "Piece") == [])
        #expect(try stack.names(of: "Part") == ["part"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func manyToManyInverseLosesTheDeletedObject(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["labels": "label"])
        _ = try deleteOwners(stack)
        let owners = try stack.values("owners", of: "Label")
        #expect(owners.count == 1)
        #expect((owners[0] as? Set<NSManagedObject>)?.count == 0)
    }

    // NSDeleteRule.denyDeleteRule: "prevents the deletion of the owning managed object if the relationship
    // has references to other objects".
    @Test(arguments: BatchModel.storeTypes)
    func denyFailsWhileTheRelationshipIsNotEmpty(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["tickets": "ticket", "pieces": "piece"])
        #expect(throws: (any Error).self) { try deleteOwners(stack) }
        #expect(try stack.names(of: "Owner") == ["owner"])
        #expect(try stack.names(of: "Piece") == ["piece"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func requiredToOneInverseFailsTheRequest(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["bolts": "bolt"])
        #expect(throws: (any Error).self) { try deleteOwners(stack) }
        #expect(try stack.names(of: "Owner") == ["owner"])
        #expect(try stack.names(of: "Bolt") == ["bolt"])
    }

    @Test(arguments: BatchModel.storeTypes)
    func ownerWithEmptyDenyRelationshipIsDeleted(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["parts": "part"])
        #expect(try deleteOwners(stack)?.result as? Int == 1)
        #expect(try stack.names(of: "Owner") == [])
    }

    #if !canImport(CoreData)
    @Test(arguments: BatchModel.storeTypes)
    func denyFailsWithDeniedDeleteError(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["tickets": "ticket"])
        #expect(try #require(deleteError(stack)).code == NSValidationRelationshipDeniedDeleteError)
    }

    @Test(arguments: BatchModel.storeTypes)
    func requiredInverseFailsWithSaveError(storeType: String) throws {
        let stack = try BatchStack(storeType: storeType)
        try saveOwner(stack, relationships: ["bolts": "bolt"])
        #expect(try #require(deleteError(stack)).code == NSPersistentStoreSaveError)
    }

    private func deleteError(_ stack: BatchStack) -> NSError? {
        do {
            _ = try deleteOwners(stack)
            return nil
        } catch {
            return error as NSError
        }
    }
    #endif
}
