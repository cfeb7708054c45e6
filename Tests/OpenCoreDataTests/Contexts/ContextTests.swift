#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSManagedObjectContext: creation, queues, save, rollback, reset, refresh, merge policy.

@Suite("Contexts: creation and queues")
struct ContextCreationTests {
    @Test func privateQueueContext() throws {
        let stack = try TestStack()
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = stack.coordinator
        #expect(context.concurrencyType == .privateQueueConcurrencyType)
        #expect(context.persistentStoreCoordinator === stack.coordinator)
        #expect(context.parent == nil)
        try context.performAndWait {
            _ = Person(context: context)
            try context.save()
            #expect(try count("Person", in: context) == 1)
        }
    }

    @Test func mainQueueContext() {
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        #expect(context.concurrencyType == .mainQueueConcurrencyType)
    }

    @Test func backgroundContextOfContainer() throws {
        let stack = try TestStack()
        let context = stack.container.newBackgroundContext()
        #expect(context.concurrencyType == .privateQueueConcurrencyType)
        #expect(context.persistentStoreCoordinator === stack.container.persistentStoreCoordinator)
        #expect(context.parent == nil)
    }

    @Test func eachBackgroundContextIsNew() throws {
        let stack = try TestStack()
        #expect(stack.container.newBackgroundContext() !== stack.container.newBackgroundContext())
    }

    @Test func performAndWaitReturnsTheBlockResult() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let value = context.performAndWait { 21 * 2 }
        #expect(value == 42)
    }

    @Test func performAndWaitRethrows() throws {
        struct Expected: Error {}
        let stack = try TestStack()
        let context = stack.newContext()
        #expect(throws: Expected.self) {
            try context.performAndWait { () throws -> Void in throw Expected() }
        }
    }

    // performAndWait is reentrant: a nested call on the same context runs inline.
    @Test func performAndWaitIsReentrant() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        var steps: [Int] = []
        context.performAndWait {
            steps.append(1)
            context.performAndWait {
                steps.append(2)
                context.performAndWait {
                    steps.append(3)
                }
            }
            steps.append(4)
        }
        #expect(steps == [1, 2, 3, 4])
    }

    @Test func asyncPerformReturnsValue() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let count = try await context.value.perform {
            _ = Person(context: context.value)
            _ = Person(context: context.value)
            try context.value.save()
            return try context.value.count(for: NSFetchRequest<Person>(entityName: "Person"))
        }
        #expect(count == 2)
    }

    @Test func asyncPerformRethrows() async throws {
        struct Expected: Error {}
        let stack = try TestStack()
        let context = stack.newContext()
        await #expect(throws: Expected.self) {
            try await context.perform { () throws -> Void in throw Expected() }
        }
    }

    @Test func performRunsTheBlockLater() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let name: String? = await withCheckedContinuation { continuation in
            context.value.perform {
                let person = Person(context: context.value)
                person.setValue("queued", forKey: "name")
                continuation.resume(returning: person.value(forKey: "name") as? String)
            }
        }
        #expect(name == "queued")
    }

    @Test func viewContextIsMainQueue() throws {
        let stack = try TestStack()
        let viewContext = stack.container.viewContext
        #expect(viewContext.concurrencyType == .mainQueueConcurrencyType)
        #expect(viewContext.persistentStoreCoordinator === stack.container.persistentStoreCoordinator)
        #expect(stack.container.viewContext === viewContext)
    }

    @Test func viewContextSeesRowsSavedInBackground() throws {
        let stack = try TestStack()
        let background = stack.newContext()
        try background.performAndWait {
            _ = Person(context: background)
            try background.save()
        }
        let viewContext = stack.container.viewContext
        let total = try viewContext.performAndWait {
            try count("Person", in: viewContext)
        }
        #expect(total == 1)
    }

    @MainActor
    @Test func viewContextOnTheMainActor() throws {
        let stack = try TestStack()
        let viewContext = stack.container.viewContext
        let person = Person(context: viewContext)
        person.name = "Main"
        try viewContext.save()
        #expect(try count("Person", in: viewContext) == 1)
        #expect(person.objectID.isTemporaryID == false)
    }
}

@Suite("Contexts: insert, delete, save")
struct ContextSaveTests {
    @Test func saveWithoutChangesSucceeds() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            try context.save()
            #expect(context.hasChanges == false)
        }
    }

    @Test func savedRowsAreVisibleToOtherContexts() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            person.setValue("Visible", forKey: "name")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let people = try fetchAll("Person", in: reader)
            #expect(people.count == 1)
            #expect(people.first?.value(forKey: "name") as? String == "Visible")
        }
    }

    @Test func unsavedRowsAreInvisibleToOtherContexts() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        writer.performAndWait {
            _ = Person(context: writer)
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Person", in: reader) == 0)
        }
    }

    @Test func updatesAreSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            person.setValue("First", forKey: "name")
            try writer.save()
            person.setValue("Second", forKey: "name")
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try fetchAll("Person", in: reader).first?.value(forKey: "name") as? String == "Second")
        }
    }

    @Test func deletionsAreSaved() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let keep = Person(context: writer)
            keep.setValue("keep", forKey: "name")
            let drop = Person(context: writer)
            drop.setValue("drop", forKey: "name")
            try writer.save()
            writer.delete(drop)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let people = try fetchAll("Person", in: reader)
            #expect(people.count == 1)
            #expect(people.first?.value(forKey: "name") as? String == "keep")
        }
    }

    @Test func fetchedObjectIsTheInsertedInstanceAfterSave() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            let fetched = try fetchAll("Person", in: context)
            #expect(fetched.count == 1)
            #expect(fetched.first === person)
        }
    }
}

@Suite("Contexts: rollback, reset, refresh")
struct ContextRollbackResetRefreshTests {
    // rollback(): "discards all insertions and deletions, and restores updated objects to their
    // last committed values."
    @Test func rollbackRestoresUpdatedValues() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Saved", forKey: "name")
            try context.save()
            person.setValue("Unsaved", forKey: "name")
            context.rollback()
            #expect(person.value(forKey: "name") as? String == "Saved")
            #expect(person.isUpdated == false)
            #expect(context.hasChanges == false)
        }
    }

    @Test func rollbackRestoresALargeToManyThatLaterChangesApplyTo() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            let tags = (0..<20).map { index in
                let tag = Tag(context: context)
                tag.name = "tag \(index)"
                return tag
            }
            person.tags = Set(tags)
            try context.save()
            person.mutableSetValue(forKey: "tags").remove(tags[3])
            context.rollback()
            #expect(person.tags.count == 20)
            person.mutableSetValue(forKey: "tags").remove(tags[3])
            #expect(person.tags.count == 19)
            #expect(!person.tags.contains(tags[3]))
        }
    }

    @Test func rollbackDiscardsInsertions() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait { () throws -> Void in
            let person = Person(context: context)
            context.rollback()
            #expect(context.insertedObjects.isEmpty)
            #expect(context.hasChanges == false)
            #expect(!context.registeredObjects.contains(person))
            #expect(try count("Person", in: context) == 0)
        }
    }

    @Test func rollbackUndoesDeletions() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            context.delete(person)
            context.rollback()
            #expect(person.isDeleted == false)
            #expect(context.deletedObjects.isEmpty)
            let fetched = try fetchAll("Person", in: context)
            #expect(fetched.count == 1)
            #expect(fetched.first === person)
        }
    }

    @Test func rollbackRestoresRelationshipsAndInverses() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let france = Country(context: context)
            let spain = Country(context: context)
            let person = Person(context: context)
            person.country = france
            try context.save()
            person.country = spain
            context.rollback()
            #expect(person.country === france)
            #expect(france.people.contains(person))
            #expect(!spain.people.contains(person))
        }
    }

    // reset(): "All the receiver's managed objects are 'forgotten.'"
    @Test func resetForgetsRegisteredObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = Person(context: context)
            try context.save()
            _ = Person(context: context)
            #expect(!context.registeredObjects.isEmpty)
            context.reset()
            #expect(context.registeredObjects.isEmpty)
            #expect(context.hasChanges == false)
            #expect(context.insertedObjects.isEmpty)
        }
    }

    @Test func resetDiscardsUnsavedInsertsButKeepsSavedRows() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            _ = Person(context: context)
            try context.save()
            _ = Person(context: context)
            context.reset()
            #expect(try count("Person", in: context) == 1)
        }
    }

    @Test func fetchAfterResetGivesNewInstances() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Ada", forKey: "name")
            try context.save()
            context.reset()
            let fetched = try #require(try fetchAll("Person", in: context).first)
            #expect(fetched !== person)
            #expect(fetched.objectID == person.objectID)
            #expect(fetched.value(forKey: "name") as? String == "Ada")
        }
    }

    // refresh(_:mergeChanges: false): "the context discards pending changes and the managed
    // object becomes a fault. Upon next access, the context reloads the object's values."
    @Test func refreshWithoutMergeDiscardsChanges() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Saved", forKey: "name")
            try context.save()
            person.setValue("Pending", forKey: "name")
            context.refresh(person, mergeChanges: false)
            #expect(person.value(forKey: "name") as? String == "Saved")
            #expect(person.hasChanges == false)
            #expect(context.hasChanges == false)
        }
    }

    // refresh(_:mergeChanges: true): "the context reloads the object's property values ... Then
    // the context applies local changes over the newly loaded values."
    @Test func refreshWithMergeKeepsLocalChanges() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            person.setValue("Saved", forKey: "name")
            try context.save()
            person.setValue("Pending", forKey: "name")
            context.refresh(person, mergeChanges: true)
            #expect(person.value(forKey: "name") as? String == "Pending")
            #expect(person.isUpdated == true)
        }
    }

    @Test func refreshLoadsValuesSavedElsewhere() throws {
        let stack = try TestStack()
        let first = stack.newContext()
        let (id, person) = try first.performAndWait {
            let person = Person(context: first)
            person.setValue("Original", forKey: "name")
            try first.save()
            return (person.objectID, Unchecked(person))
        }
        let second = stack.newContext()
        try second.performAndWait {
            let other = try second.existingObject(with: id)
            other.setValue("Elsewhere", forKey: "name")
            try second.save()
        }
        first.performAndWait {
            first.refresh(person.value, mergeChanges: false)
            #expect(person.value.value(forKey: "name") as? String == "Elsewhere")
        }
    }
}

@Suite("Contexts: merge policy")
struct ContextMergePolicyTests {
    // NSMergePolicy.error: "The default merge policy for all managed object contexts."
    @Test func defaultMergePolicyIsError() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let policy = context.mergePolicy as? NSMergePolicy
        #expect(policy?.mergeType == .errorMergePolicyType)
    }

    @Test func mergePolicyCanBeChanged() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        #expect((context.mergePolicy as? NSMergePolicy)?.mergeType == .mergeByPropertyObjectTrumpMergePolicyType)
        context.mergePolicy = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
        #expect((context.mergePolicy as? NSMergePolicy)?.mergeType == .mergeByPropertyStoreTrumpMergePolicyType)
    }

    @Test func sharedPolicyTypes() {
        #expect(NSMergePolicy.error.mergeType == .errorMergePolicyType)
        #expect(NSMergePolicy.mergeByPropertyStoreTrump.mergeType == .mergeByPropertyStoreTrumpMergePolicyType)
        #expect(NSMergePolicy.mergeByPropertyObjectTrump.mergeType == .mergeByPropertyObjectTrumpMergePolicyType)
        #expect(NSMergePolicy.overwrite.mergeType == .overwriteMergePolicyType)
        #expect(NSMergePolicy.rollback.mergeType == .rollbackMergePolicyType)
    }
}

@Suite("Contexts: parent and child")
struct ParentChildContextTests {
    private func child(of parent: NSManagedObjectContext) -> NSManagedObjectContext {
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        return child
    }

    @Test func childHasParent() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        #expect(child.parent === parent)
    }

    // A child's save pushes its changes into its parent, not into the store.
    @Test func childSavePushesToParentNotStore() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = child(of: parent)
        try child.performAndWait {
            let person = Person(context: child)
            person.setValue("From child", forKey: "name")
            try child.save()
            #expect(child.hasChanges == false)
        }
        try parent.performAndWait {
            #expect(parent.hasChanges == true)
            #expect(parent.insertedObjects.count == 1)
            let people = try fetchAll("Person", in: parent)
            #expect(people.count == 1)
            #expect(people.first?.value(forKey: "name") as? String == "From child")
        }
        let outsider = stack.newContext()
        try outsider.performAndWait { () throws -> Void in
            #expect(try count("Person", in: outsider) == 0)
        }
        try parent.performAndWait {
            try parent.save()
        }
        try outsider.performAndWait { () throws -> Void in
            #expect(try count("Person", in: outsider) == 1)
        }
    }

    @Test func childSavePushesUpdatesToParent() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let id = try parent.performAndWait {
            let person = Person(context: parent)
            person.setValue("Before", forKey: "name")
            try parent.save()
            return person.objectID
        }
        let child = child(of: parent)
        try child.performAndWait {
            let person = try child.existingObject(with: id)
            #expect(person.value(forKey: "name") as? String == "Before")
            person.setValue("After", forKey: "name")
            try child.save()
        }
        parent.performAndWait {
            let person = parent.object(with: id)
            #expect(person.value(forKey: "name") as? String == "After")
            #expect(person.isUpdated == true)
        }
    }

    @Test func childSavePushesDeletesToParent() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let id = try parent.performAndWait {
            let person = Person(context: parent)
            try parent.save()
            return person.objectID
        }
        let child = child(of: parent)
        try child.performAndWait {
            child.delete(try child.existingObject(with: id))
            try child.save()
        }
        try parent.performAndWait {
            #expect(parent.deletedObjects.count == 1)
            #expect(try count("Person", in: parent) == 0)
            try parent.save()
        }
        let outsider = stack.newContext()
        try outsider.performAndWait { () throws -> Void in
            #expect(try count("Person", in: outsider) == 0)
        }
    }

    @Test func childSeesParentsSavedRows() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        try parent.performAndWait {
            _ = Person(context: parent)
            try parent.save()
        }
        let child = child(of: parent)
        try child.performAndWait { () throws -> Void in
            #expect(try count("Person", in: child) == 1)
        }
    }

    @Test func childObjectsAreDistinctInstances() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let (id, original) = try parent.performAndWait {
            let person = Person(context: parent)
            try parent.save()
            return (person.objectID, Unchecked(person))
        }
        let child = child(of: parent)
        try child.performAndWait {
            let object = try child.existingObject(with: id)
            #expect(object !== original.value)
            #expect(object.objectID == id)
            #expect(object.managedObjectContext === child)
        }
    }
}

@Suite("Contexts: uniquing")
struct UniquingTests {
    // One object per row per context: "This identifier forms the basis for uniquing."
    @Test func fetchingTwiceGivesTheSameInstance() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            _ = Person(context: writer)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let first = try #require(try fetchAll("Person", in: reader).first)
            let second = try #require(try fetchAll("Person", in: reader).first)
            #expect(first === second)
        }
    }

    @Test func fetchingAndLookingUpByIDGiveTheSameInstance() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        let id = try writer.performAndWait {
            let person = Person(context: writer)
            try writer.save()
            return person.objectID
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let byID = reader.object(with: id)
            let fetched = try #require(try fetchAll("Person", in: reader).first)
            #expect(byID === fetched)
            #expect(try reader.existingObject(with: id) === fetched)
        }
    }

    @Test func relationshipTraversalGivesTheRegisteredInstance() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            let person = Person(context: writer)
            person.country = Country(context: writer)
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let country = try #require(try fetchAll("Country", in: reader).first)
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(person.country === country)
        }
    }

    @Test func differentContextsGiveDifferentInstances() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            _ = Person(context: writer)
            try writer.save()
        }
        let first = stack.newContext()
        let second = stack.newContext()
        let a = try first.performAndWait { Unchecked(try fetchAll("Person", in: first).first) }
        let b = try second.performAndWait { Unchecked(try fetchAll("Person", in: second).first) }
        #expect(a.value != nil)
        #expect(a.value !== b.value)
        #expect(a.value?.objectID == b.value?.objectID)
    }
}

@Suite("Stack: container and coordinator")
struct StackTests {
    @Test func containerKeepsNameAndModel() throws {
        let stack = try TestStack(name: "Named")
        #expect(stack.container.name == "Named")
        #expect(stack.container.managedObjectModel === TestModel.shared)
        #expect(stack.container.persistentStoreCoordinator.managedObjectModel === TestModel.shared)
    }

    @Test func loadPersistentStoresReportsEachDescription() throws {
        let stack = try TestStack()
        #expect(stack.loadResult.errors.isEmpty)
        #expect(stack.loadResult.descriptions.count == 1)
        #expect(stack.loadResult.descriptions.first?.type == NSInMemoryStoreType)
        #expect(stack.coordinator.persistentStores.count == 1)
        #expect(stack.coordinator.persistentStores.first?.type == NSInMemoryStoreType)
    }

    @Test func storeDescriptionProperties() {
        let description = NSPersistentStoreDescription()
        description.type = NSInMemoryStoreType
        #expect(description.type == NSInMemoryStoreType)
        let url = URL(fileURLWithPath: "/dev/null")
        let withURL = NSPersistentStoreDescription(url: url)
        #expect(withURL.url == url)
    }

    @Test func containersAreIndependent() throws {
        let first = try TestStack()
        let second = try TestStack()
        let context = first.newContext()
        try context.performAndWait {
            _ = Person(context: context)
            try context.save()
        }
        let other = second.newContext()
        try other.performAndWait { () throws -> Void in
            #expect(try count("Person", in: other) == 0)
        }
    }

    @Test func coordinatorWithInMemoryStore() throws {
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: TestModel.shared)
        #expect(coordinator.managedObjectModel === TestModel.shared)
        let store = try coordinator.addPersistentStore(ofType: NSInMemoryStoreType, configurationName: nil, at: nil, options: nil)
        #expect(store.type == NSInMemoryStoreType)
        #expect(coordinator.persistentStores.count == 1)
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
        try context.performAndWait {
            let person = Person(context: context)
            person.name = "Manual"
            try context.save()
            #expect(person.objectID.isTemporaryID == false)
        }
        let reader = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        reader.persistentStoreCoordinator = coordinator
        try reader.performAndWait { () throws -> Void in
            #expect(try fetchAll("Person", as: Person.self, in: reader).first?.name == "Manual")
        }
    }

    @Test func performBackgroundTaskAsyncReturnsValue() async throws {
        let stack = try TestStack()
        let total = try await stack.container.performBackgroundTask { context in
            #expect(context.concurrencyType == .privateQueueConcurrencyType)
            for _ in 0..<3 { _ = Person(context: context) }
            try context.save()
            return try context.count(for: NSFetchRequest<Person>(entityName: "Person"))
        }
        #expect(total == 3)
    }

    @Test func performBackgroundTaskWithCompletion() async throws {
        let stack = try TestStack()
        let container = Unchecked(stack.container)
        let saved: Bool = await withCheckedContinuation { continuation in
            container.value.performBackgroundTask { context in
                _ = Person(context: context)
                continuation.resume(returning: (try? context.save()) != nil)
            }
        }
        #expect(saved)
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Person", in: reader) == 1)
        }
    }
}
