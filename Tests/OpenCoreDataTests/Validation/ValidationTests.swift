#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Save-time validation: errors in NSCocoaErrorDomain with Core Data's codes and userInfo keys.
// NSValidationMissingMandatoryPropertyError (1570): "a non-optional property with a nil value".
// NSValidationRelationshipLacksMinimumCountError (1580), ...ExceedsMaximumCountError (1590),
// NSValidationMultipleErrorsError (1560) with the individual errors under NSDetailedErrorsKey.

private func makeAccount(in context: NSManagedObjectContext, email: String? = "a@b.c", owner: String? = "Ada") -> NSManagedObject {
    let entity = TestModel.shared.entitiesByName["Account"]!
    let account = NSManagedObject(entity: entity, insertInto: context)
    account.setValue(email, forKey: "email")
    account.setValue(owner, forKey: "owner")
    return account
}

private func makeTeam(members count: Int, in context: NSManagedObjectContext) -> (team: NSManagedObject, members: [NSManagedObject]) {
    let team = NSManagedObject(entity: TestModel.shared.entitiesByName["Team"]!, insertInto: context)
    team.setValue("Team", forKey: "name")
    var members: [NSManagedObject] = []
    for index in 0..<count {
        let member = NSManagedObject(entity: TestModel.shared.entitiesByName["Member"]!, insertInto: context)
        member.setValue("m\(index)", forKey: "name")
        member.setValue(team, forKey: "team")
        members.append(member)
    }
    return (team, members)
}

@Suite("Validation: save-time errors")
struct ValidationTests {
    @Test func validObjectSaves() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = makeAccount(in: context)
            try context.save()
            #expect(try count("Account", in: context) == 1)
        }
    }

    @Test func missingMandatoryAttribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let account = makeAccount(in: context, email: nil)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSValidationMissingMandatoryPropertyError)
            #expect(error.code == 1570)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "email")
            #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === account)
        }
    }

    @Test func failedSaveKeepsChangesAndWritesNothing() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let account = makeAccount(in: context, email: nil)
            #expect(saveError(context) != nil)
            #expect(context.hasChanges == true)
            #expect(account.isInserted == true)
            #expect(account.objectID.isTemporaryID == true)
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Account", in: reader) == 0)
        }
    }

    @Test func fixingTheValueLetsTheSaveSucceed() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let account = makeAccount(in: context, email: nil)
            #expect(saveError(context) != nil)
            account.setValue("fixed@example.com", forKey: "email")
            try context.save()
            #expect(account.objectID.isTemporaryID == false)
        }
    }

    @Test func clearingMandatoryAttributeOfSavedObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let account = makeAccount(in: context)
            try context.save()
            account.setValue(nil, forKey: "owner")
            let error = try #require(saveError(context))
            #expect(error.code == 1570)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "owner")
        }
    }

    @Test func nonOptionalAttributeWithDefaultIsValid() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            // "balance" is non-optional but has a default value.
            let account = makeAccount(in: context)
            #expect(account.value(forKey: "balance") as? Int == 0)
            try context.save()
        }
    }

    @Test func multipleErrorsAreCombined() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let account = makeAccount(in: context, email: nil, owner: nil)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSValidationMultipleErrorsError)
            #expect(error.code == 1560)
            let detailed = try #require(error.userInfo[NSDetailedErrorsKey] as? [NSError])
            #expect(detailed.count == 2)
            #expect(Set(detailed.map(\.code)) == [1570])
            #expect(Set(detailed.compactMap { $0.userInfo[NSValidationKeyErrorKey] as? String }) == ["email", "owner"])
            for error in detailed {
                #expect(error.domain == NSCocoaErrorDomain)
                #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === account)
            }
        }
    }

    @Test func errorsFromSeveralObjectsAreCombined() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let first = makeAccount(in: context, email: nil)
            let second = makeAccount(in: context, owner: nil)
            let error = try #require(saveError(context))
            #expect(error.code == 1560)
            let detailed = try #require(error.userInfo[NSDetailedErrorsKey] as? [NSError])
            #expect(detailed.count == 2)
            let objects = detailed.compactMap { $0.userInfo[NSValidationObjectErrorKey] as? NSManagedObject }
            #expect(objects.contains { $0 === first })
            #expect(objects.contains { $0 === second })
        }
    }

    @Test func missingMandatoryToOneRelationship() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let member = NSManagedObject(entity: TestModel.shared.entitiesByName["Member"]!, insertInto: context)
            member.setValue("alone", forKey: "name")
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == 1570)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "team")
            #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === member)
        }
    }

    @Test func toManyWithinBoundsSaves() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = makeTeam(members: 2, in: context)
            try context.save()
            _ = makeTeam(members: 3, in: context)
            try context.save()
            #expect(try count("Team", in: context) == 2)
        }
    }

    @Test func toManyBelowMinimumCount() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (team, _) = makeTeam(members: 1, in: context)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSValidationRelationshipLacksMinimumCountError)
            #expect(error.code == 1580)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "members")
            #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === team)
        }
    }

    @Test func toManyAboveMaximumCount() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (team, _) = makeTeam(members: 4, in: context)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSValidationRelationshipExceedsMaximumCountError)
            #expect(error.code == 1590)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "members")
            #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === team)
        }
    }

    // Deleting a member nullifies it out of the team's members, which then lacks its minimum.
    @Test func deletingAMemberBelowMinimumOfSavedTeam() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (team, members) = makeTeam(members: 2, in: context)
            try context.save()
            context.delete(members[0])
            let error = try #require(saveError(context))
            #expect(error.code == 1580)
            #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === team)
        }
    }

    @Test func relationshipAndAttributeErrorsTogether() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = makeTeam(members: 1, in: context)
            _ = makeAccount(in: context, email: nil)
            let error = try #require(saveError(context))
            #expect(error.code == 1560)
            let detailed = try #require(error.userInfo[NSDetailedErrorsKey] as? [NSError])
            #expect(Set(detailed.map(\.code)) == [1570, 1580])
        }
    }

    @Test func deletedInvalidObjectIsNotValidated() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let account = makeAccount(in: context)
            try context.save()
            account.setValue(nil, forKey: "email")
            context.delete(account)
            try context.save()
            #expect(try count("Account", in: context) == 0)
        }
    }
}
