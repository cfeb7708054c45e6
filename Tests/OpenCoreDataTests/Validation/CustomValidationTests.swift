#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// validateForInsert() / validateForUpdate() overrides take part in save-time validation, and the
// stack reports stores it cannot add.

@Suite("Validation: custom validation methods")
struct CustomValidationTests {
    @Test func validateForInsertOverrideFailsTheSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            event.rejectsValidation = true
            let error = try #require(saveError(context))
            #expect(error.domain == "OpenCoreDataTests.Event")
            #expect(error.code == 42)
            event.rejectsValidation = false
            try context.save()
        }
    }

    @Test func validateForUpdateOverrideFailsTheSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            try context.save()
            event.rejectsValidation = true
            event.title = "changed"
            let error = try #require(saveError(context))
            #expect(error.code == 42)
        }
    }

    @Test func customErrorIsCombinedWithModelErrors() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            Event(context: context).rejectsValidation = true
            let account = NSManagedObject(entity: try #require(TestModel.shared.entitiesByName["Account"]), insertInto: context)
            account.setValue("owner", forKey: "owner")
            let error = try #require(saveError(context))
            #expect(error.code == 1560)
            let detailed = try #require(error.userInfo[NSDetailedErrorsKey] as? [NSError])
            #expect(Set(detailed.map(\.code)) == [42, 1570])
        }
    }
}

@Suite("Stack: stores that cannot be added")
struct StoreLoadingErrorTests {
    @Test func unknownStoreTypeIsReportedToTheCompletionHandler() {
        let container = NSPersistentContainer(name: "Bogus", managedObjectModel: TestModel.shared)
        let description = NSPersistentStoreDescription()
        description.type = "NoSuchStoreType"
        container.persistentStoreDescriptions = [description]
        let result = LoadResult()
        container.loadPersistentStores { description, error in
            result.descriptions.append(description)
            if let error { result.errors.append(error) }
        }
        #expect(result.descriptions.count == 1)
        #expect(result.errors.count == 1)
        #expect((result.errors.first as NSError?)?.domain == NSCocoaErrorDomain)
        #expect(container.persistentStoreCoordinator.persistentStores.isEmpty)
    }

    @Test func unknownStoreTypeMakesAddPersistentStoreThrow() {
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: TestModel.shared)
        #expect(throws: (any Error).self) {
            try coordinator.addPersistentStore(ofType: "NoSuchStoreType", configurationName: nil, at: nil, options: nil)
        }
        #expect(coordinator.persistentStores.isEmpty)
    }
}

@Suite("Validation: willSave runs first")
struct WillSaveBeforeValidationTests {
    // willSave() runs before validation, so a value it sets satisfies a mandatory attribute.
    @Test func valueSetInWillSaveSatisfiesValidation() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let stamp = Stamp(context: context)
            try context.save()
            #expect(stamp.code == "from willSave")
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try fetchAll("Stamp", as: Stamp.self, in: reader).first?.code == "from willSave")
        }
    }
}
