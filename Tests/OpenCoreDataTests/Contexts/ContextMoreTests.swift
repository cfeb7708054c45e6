#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// More context behaviour: deleted objects after save, child validation, live proxies, queues.

@Suite("Contexts: after a deletion is saved")
struct DeletedAfterSaveTests {
    @Test func savedDeletionDetachesTheObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            context.delete(person)
            try context.save()
            #expect(person.managedObjectContext == nil)
            #expect(!context.registeredObjects.contains(person))
        }
    }

    // didSave(): "The sense of 'save' in the method name is that of a database commit statement and
    // so applies to deletions as well as to updates to objects."
    @Test func didSaveRunsForDeletedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let event = Event(context: context)
            try context.save()
            let before = event.didSaveCount
            context.delete(event)
            try context.save()
            #expect(event.didSaveCount == before + 1)
        }
    }

    @Test func fetchedObjectsStartClean() throws {
        let stack = try TestStack()
        let writer = stack.newContext()
        try writer.performAndWait {
            Person(context: writer).name = "Clean"
            try writer.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            let person = try #require(try fetchAll("Person", as: Person.self, in: reader).first)
            #expect(person.name == "Clean")
            #expect(person.isInserted == false)
            #expect(person.isUpdated == false)
            #expect(person.hasChanges == false)
            #expect(person.changedValues().isEmpty)
            #expect(reader.hasChanges == false)
        }
    }
}

@Suite("Contexts: child validation")
struct ChildValidationTests {
    @Test func childSaveValidates() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        try child.performAndWait {
            let entity = try #require(TestModel.shared.entitiesByName["Account"])
            let account = NSManagedObject(entity: entity, insertInto: child)
            account.setValue("owner", forKey: "owner")
            let error = try #require(saveError(child))
            #expect(error.code == 1570)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "email")
        }
        parent.performAndWait {
            #expect(parent.hasChanges == false)
        }
    }

    // Nullify leaves a non-optional to-one empty, which validation then reports.
    @Test func nullifiedMandatoryToOneFailsValidation() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let team = NSManagedObject(entity: try #require(TestModel.shared.entitiesByName["Team"]), insertInto: context)
            for index in 0..<2 {
                let member = NSManagedObject(entity: try #require(TestModel.shared.entitiesByName["Member"]), insertInto: context)
                member.setValue("m\(index)", forKey: "name")
                member.setValue(team, forKey: "team")
            }
            try context.save()
            context.delete(team)
            let error = try #require(saveError(context))
            #expect(error.code == 1560)
            let detailed = try #require(error.userInfo[NSDetailedErrorsKey] as? [NSError])
            #expect(detailed.count == 2)
            #expect(Set(detailed.map(\.code)) == [1570])
            #expect(Set(detailed.compactMap { $0.userInfo[NSValidationKeyErrorKey] as? String }) == ["team"])
        }
    }
}

@Suite("Objects: mutable set proxies are live")
struct LiveProxyTests {
    @Test func mutableSetProxyReadsCurrentValue() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let proxy = person.mutableSetValue(forKey: "tags")
            #expect(proxy.count == 0)
            let tag = Tag(context: context)
            person.tags = [tag]
            #expect(proxy.count == 1)
            #expect(proxy.contains(tag))
        }
    }

    @Test func mutableOrderedSetProxyReadsCurrentValue() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let person = Person(context: context)
            let proxy = person.mutableOrderedSetValue(forKey: "notes")
            let note = Note(context: context)
            note.person = person
            #expect(proxy.count == 1)
            #expect(proxy.firstObject as? Note === note)
        }
    }

    @Test func proxyMutationsAreChanges() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let person = Person(context: context)
            try context.save()
            person.mutableSetValue(forKey: "tags").add(Tag(context: context))
            #expect(person.isUpdated)
            #expect(person.changedValues()["tags"] != nil)
        }
    }
}

@Suite("Contexts: more queue behaviour")
struct MoreQueueTests {
    @Test func manyTasksPerformOnOneContext() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    await context.value.perform {
                        Person(context: context.value).age = Int64(index)
                    }
                }
            }
        }
        let inserted = await context.value.perform { context.value.insertedObjects.count }
        #expect(inserted == 100)
    }

    #if canImport(CoreData)
    // A main-queue context's performAndWait runs its block on the main queue, even when called
    // from another thread.
    @Test func mainQueuePerformAndWaitRunsOnTheMainQueue() async throws {
        let marker = MainQueueMarker.shared
        let stack = try TestStack()
        let viewContext = Unchecked(stack.container.viewContext)
        let onMain = await Task.detached {
            viewContext.value.performAndWait { marker.isOnMainQueue }
        }.value
        #expect(onMain == true)
    }
    #else
    // OpenCoreData (documented difference): a main-queue context does not need a main run loop;
    // performAndWait runs its block on the calling thread.
    @Test func mainQueuePerformAndWaitRunsOnTheCallingThread() async throws {
        let stack = try TestStack()
        let viewContext = Unchecked(stack.container.viewContext)
        let sameThread = await Task.detached {
            sameThreadAsCaller(viewContext.value)
        }.value
        #expect(sameThread == true)
    }
    #endif
}

#if !canImport(CoreData)
/// Whether `context.performAndWait` runs its block on the calling thread.
private func sameThreadAsCaller(_ context: NSManagedObjectContext) -> Bool {
    let caller = Thread.current
    return context.performAndWait { Thread.current === caller }
}
#endif

@Suite("Fetching: sorting by a to-one key path")
struct KeyPathSortTests {
    @Test func sortByToOneAttribute() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            for (person, country) in [("p1", "Chile"), ("p2", "Austria"), ("p3", "Brazil")] {
                let object = Person(context: context)
                object.name = person
                let place = Country(context: context)
                place.name = country
                object.country = place
            }
            try context.save()
            let request = NSFetchRequest<Person>(entityName: "Person")
            request.sortDescriptors = [NSSortDescriptor(key: "country.name", ascending: true)]
            #expect(try context.fetch(request).map(\.name) == ["p2", "p3", "p1"])
        }
    }
}

@Suite("Contexts: user info")
struct ContextUserInfoTests {
    @Test func userInfoKeepsWhatIsSetInIt() {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.userInfo.setObject(NSNumber(value: 7), forKey: "answer" as NSString)
        #expect(context.userInfo.object(forKey: "answer") as? NSNumber == NSNumber(value: 7))
        #expect(context.userInfo.count == 1)
    }

    @Test func userInfoIsReleasedWithTheContext() {
        let tracker = ReleaseTracker()
        do {
            let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            let value = NSMutableArray()
            context.userInfo.setObject(value, forKey: "value" as NSString)
            tracker.track(value, as: "value")
            tracker.track(context, as: "context")
        }
        #expect(tracker.alive == [])
    }
}
