#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Composite constraints and the conflicts reported with NSErrorMergePolicy
// (NSPersistentStoreSaveConflictsErrorKey: "The key for the array of merge conflict objects").

private func seat(_ row: String, _ number: Int64, holder: String, in context: NSManagedObjectContext) -> NSManagedObject {
    let seat = NSManagedObject(entity: TestModel.shared.entitiesByName["Seat"]!, insertInto: context)
    seat.setValue(row, forKey: "row")
    seat.setValue(number, forKey: "number")
    seat.setValue(holder, forKey: "holder")
    return seat
}

@Suite("Constraints: composite constraints")
struct CompositeConstraintTests {
    @Test func rowsDifferingInOneAttributeDoNotConflict() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = seat("A", 1, holder: "x", in: context)
            _ = seat("A", 2, holder: "y", in: context)
            _ = seat("B", 1, holder: "z", in: context)
            try context.save()
            #expect(try count("Seat", in: context) == 3)
        }
    }

    @Test func rowsEqualInEveryAttributeConflict() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = seat("A", 1, holder: "x", in: context)
            try context.save()
            _ = seat("A", 1, holder: "y", in: context)
            let error = try #require(saveError(context))
            #expect(error.code == 133021)
        }
    }

    @Test func compositeUpsert() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        try context.performAndWait {
            _ = seat("A", 1, holder: "old", in: context)
            _ = seat("A", 2, holder: "other", in: context)
            try context.save()
        }
        let second = stack.newContext()
        second.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        try second.performAndWait {
            _ = seat("A", 1, holder: "new", in: second)
            try second.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let request = NSFetchRequest<NSManagedObject>(entityName: "Seat")
            request.sortDescriptors = [NSSortDescriptor(key: "number", ascending: true)]
            let seats = try reader.fetch(request)
            #expect(seats.compactMap { $0.value(forKey: "holder") as? String } == ["new", "other"])
        }
    }
}

@Suite("Constraints: conflict details")
struct ConstraintConflictDetailTests {
    @Test func inContextConflictIsListed() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let first = Product(context: context)
            first.sku = "A"
            let second = Product(context: context)
            second.sku = "A"
            let error = try #require(saveError(context))
            let conflicts = try #require(error.userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSConstraintConflict])
            #expect(conflicts.count == 1)
            let conflict = try #require(conflicts.first)
            #expect(conflict.constraint == ["sku"])
            #expect(conflict.constraintValues["sku"] as? String == "A")
            #expect(conflict.databaseObject == nil)
            #expect(conflict.conflictingObjects.contains { $0 === first })
            #expect(conflict.conflictingObjects.contains { $0 === second })
        }
    }

    @Test func storeConflictNamesTheDatabaseObject() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            Product(context: writer).sku = "A"
            try writer.save()
        }
        let context = stack.newContext()
        try context.performAndWait {
            let duplicate = Product(context: context)
            duplicate.sku = "A"
            let error = try #require(saveError(context))
            let conflicts = try #require(error.userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSConstraintConflict])
            let conflict = try #require(conflicts.first)
            #expect(conflict.databaseObject != nil)
            #expect(conflict.databaseObject !== duplicate)
            #expect(conflict.conflictingObjects.contains { $0 === duplicate })
        }
    }
}

@Suite("Delete rules: more propagation")
struct MoreDeletePropagationTests {
    @Test func deletingANoteKeepsItsPerson() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let note = Note(context: context)
            note.person = person
            try context.save()
            context.delete(note)
            try context.save()
            #expect(try count("Person", in: context) == 1)
            #expect(person.notes.count == 0)
        }
    }

    @Test func processPendingChangesNullifiesToManySide() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let country = Country(context: context)
            let person = Person(context: context)
            person.country = country
            try context.save()
            context.delete(person)
            context.processPendingChanges()
            #expect(country.people.count == 0)
        }
    }

    @Test func cascadeFollowsToOneChains() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let notes = (0..<3).map { _ in Note(context: context) }
            person.notes = NSOrderedSet(array: notes)
            try context.save()
            context.delete(person)
            context.processPendingChanges()
            #expect(notes.allSatisfy { $0.isDeleted })
            #expect(context.deletedObjects.count == 4)
        }
    }
}
