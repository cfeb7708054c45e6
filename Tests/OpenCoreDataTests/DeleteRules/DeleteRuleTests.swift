#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Delete rules (NSDeleteRule), applied when pending changes are processed and at save:
// nullify "nullifies the inverse relationship of the referenced managed objects", cascade
// "deletes the referenced managed objects", deny "prevents the deletion of the owning managed
// object if the relationship has references to other objects" (save fails with
// NSValidationRelationshipDeniedDeleteError, 1600), no action leaves the references alone.

private func make(_ entityName: String, _ name: String, in context: NSManagedObjectContext) -> NSManagedObject {
    let object = NSManagedObject(entity: TestModel.shared.entitiesByName[entityName]!, insertInto: context)
    object.setValue(name, forKey: "name")
    return object
}

/// An owner whose `relationship` holds `count` new items.
private func ownerWithItems(_ relationship: String, count: Int, in context: NSManagedObjectContext) -> (NSManagedObject, [NSManagedObject]) {
    let owner = make("Owner", "owner", in: context)
    let items = (0..<count).map { make("Item", "item\($0)", in: context) }
    owner.setValue(NSSet(array: items), forKey: relationship)
    return (owner, items)
}

@Suite("Delete rules: nullify")
struct NullifyDeleteRuleTests {
    @Test func deletingOwnerNullifiesItemsInverse() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("nullifyItems", count: 2, in: context)
            try context.save()
            context.delete(owner)
            context.processPendingChanges()
            for item in items {
                #expect(item.value(forKey: "nullifyOwner") == nil)
                #expect(item.isDeleted == false)
            }
            try context.save()
            #expect(try count("Item", in: context) == 2)
            #expect(try count("Owner", in: context) == 0)
        }
    }

    @Test func nullifiedInverseIsSaved() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, _) = ownerWithItems("nullifyItems", count: 1, in: context)
            try context.save()
            context.delete(owner)
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let item = try #require(try fetchAll("Item", in: reader).first)
            #expect(item.value(forKey: "nullifyOwner") == nil)
        }
    }

    @Test func deletingToOneSideRemovesFromToMany() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("nullifyItems", count: 2, in: context)
            try context.save()
            context.delete(items[0])
            context.processPendingChanges()
            #expect(names(owner.value(forKey: "nullifyItems")) == ["item1"])
            try context.save()
            #expect(names(owner.value(forKey: "nullifyItems")) == ["item1"])
        }
    }

    @Test func deletingCountryNullifiesPeople() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let country = Country(context: context)
            let person = Person(context: context)
            person.country = country
            try context.save()
            context.delete(country)
            try context.save()
            #expect(person.country == nil)
            #expect(person.isDeleted == false)
            #expect(try count("Person", in: context) == 1)
        }
    }

    @Test func deletingPersonRemovesFromManyToMany() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let tag = Tag(context: context)
            person.tags = [tag]
            try context.save()
            context.delete(person)
            try context.save()
            #expect(tag.people.isEmpty)
            #expect(try count("Tag", in: context) == 1)
        }
    }
}

@Suite("Delete rules: cascade")
struct CascadeDeleteRuleTests {
    @Test func deletingOwnerDeletesItems() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("cascadeItems", count: 2, in: context)
            try context.save()
            context.delete(owner)
            context.processPendingChanges()
            for item in items {
                #expect(item.isDeleted == true)
                #expect(context.deletedObjects.contains(item))
            }
            try context.save()
            #expect(try count("Item", in: context) == 0)
        }
    }

    @Test func cascadeIsRecursive() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("cascadeItems", count: 1, in: context)
            let parts = (0..<3).map { make("Part", "part\($0)", in: context) }
            items[0].setValue(NSSet(array: parts), forKey: "parts")
            try context.save()
            #expect(try count("Part", in: context) == 3)
            context.delete(owner)
            try context.save()
            #expect(try count("Item", in: context) == 0)
            #expect(try count("Part", in: context) == 0)
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Part", in: reader) == 0)
            #expect(try count("Item", in: reader) == 0)
        }
    }

    @Test func cascadeLeavesUnrelatedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, _) = ownerWithItems("cascadeItems", count: 2, in: context)
            _ = make("Item", "unrelated", in: context)
            try context.save()
            context.delete(owner)
            try context.save()
            let remaining = try fetchAll("Item", in: context)
            #expect(remaining.compactMap { $0.value(forKey: "name") as? String } == ["unrelated"])
        }
    }

    @Test func deletingPersonDeletesNotes() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.notes = NSOrderedSet(array: [Note(context: context), Note(context: context)])
            try context.save()
            context.delete(person)
            try context.save()
            #expect(try count("Note", in: context) == 0)
        }
    }

    @Test func cascadeOnUnsavedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, _) = ownerWithItems("cascadeItems", count: 2, in: context)
            context.delete(owner)
            try context.save()
            #expect(try count("Item", in: context) == 0)
            #expect(try count("Owner", in: context) == 0)
        }
    }
}

@Suite("Delete rules: deny")
struct DenyDeleteRuleTests {
    @Test func denyWithReferencesFailsSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, _) = ownerWithItems("denyItems", count: 1, in: context)
            try context.save()
            context.delete(owner)
            let error = try #require(saveError(context))
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSValidationRelationshipDeniedDeleteError)
            #expect(error.code == 1600)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "denyItems")
            #expect(error.userInfo[NSValidationObjectErrorKey] as? NSManagedObject === owner)
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Owner", in: reader) == 1)
            #expect(try count("Item", in: reader) == 1)
        }
    }

    @Test func denyWithoutReferencesAllowsDelete() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, _) = ownerWithItems("denyItems", count: 0, in: context)
            try context.save()
            context.delete(owner)
            try context.save()
            #expect(try count("Owner", in: context) == 0)
        }
    }

    @Test func denyIsLiftedOnceReferencesAreRemoved() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("denyItems", count: 1, in: context)
            try context.save()
            context.delete(items[0])
            context.delete(owner)
            try context.save()
            #expect(try count("Owner", in: context) == 0)
            #expect(try count("Item", in: context) == 0)
        }
    }

    @Test func deniedDeleteLeavesItemsLinked() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("denyItems", count: 2, in: context)
            try context.save()
            context.delete(owner)
            #expect(saveError(context) != nil)
            for item in items {
                #expect(item.value(forKey: "denyOwner") as? NSManagedObject === owner)
            }
        }
    }
}

@Suite("Delete rules: no action")
struct NoActionDeleteRuleTests {
    @Test func noActionLeavesInverseReference() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("noActionItems", count: 1, in: context)
            try context.save()
            context.delete(owner)
            context.processPendingChanges()
            #expect(items[0].value(forKey: "noActionOwner") as? NSManagedObject === owner)
            #expect(items[0].isDeleted == false)
        }
    }

    @Test func noActionDoesNotDeleteItems() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let (owner, items) = ownerWithItems("noActionItems", count: 2, in: context)
            try context.save()
            context.delete(owner)
            context.processPendingChanges()
            #expect(items.allSatisfy { !$0.isDeleted })
            #expect(!context.deletedObjects.contains(items[0]))
        }
    }
}

@Suite("Delete rules: related objects not loaded in the deleting context")
struct UnloadedDeleteRuleTests {
    /// Saves an owner with two items in `relationship`, each with a part; returns nothing.
    private func seedOwner(_ relationship: String, in stack: TestStack) throws {
        let context = stack.newContext()
        try context.performAndWait {
            let (_, items) = ownerWithItems(relationship, count: 2, in: context)
            for item in items {
                let part = make("Part", "part", in: context)
                part.setValue(item, forKey: "item")
            }
            try context.save()
        }
    }

    /// Deletes the only owner from a fresh context that loads nothing else, then saves.
    private func deleteOwnerFromFreshContext(in stack: TestStack) throws -> NSError? {
        let context = stack.newContext()
        return try context.performAndWait {
            let owner = try #require(try fetchAll("Owner", in: context).first)
            context.delete(owner)
            return saveError(context)
        }
    }

    @Test func cascadeReachesUnloadedObjects() throws {
        let stack = try TestStack()
        try seedOwner("cascadeItems", in: stack)
        #expect(try deleteOwnerFromFreshContext(in: stack) == nil)
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Item", in: reader) == 0)
            #expect(try count("Part", in: reader) == 0)
        }
    }

    @Test func nullifyReachesUnloadedObjects() throws {
        let stack = try TestStack()
        try seedOwner("nullifyItems", in: stack)
        #expect(try deleteOwnerFromFreshContext(in: stack) == nil)
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let items = try fetchAll("Item", in: reader)
            #expect(items.count == 2)
            #expect(items.allSatisfy { $0.value(forKey: "nullifyOwner") == nil })
        }
    }

    @Test func denySeesUnloadedObjects() throws {
        let stack = try TestStack()
        try seedOwner("denyItems", in: stack)
        let error = try deleteOwnerFromFreshContext(in: stack)
        #expect(error?.code == 1600)
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Owner", in: reader) == 1)
        }
    }
}
