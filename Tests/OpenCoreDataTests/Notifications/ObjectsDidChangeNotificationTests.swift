#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/didchangeobjectsnotification
// "This notification posts only when there are changes to the context's registered managed objects.
// It doesn't post when a fetch adds managed objects to the context."
@Suite("Notifications: objects did change")
struct ObjectsDidChangeNotificationTests {
    @Test func nameIsTheObjectsDidChangeName() {
        #expect(NSManagedObjectContext.didChangeObjectsNotification == .NSManagedObjectContextObjectsDidChange)
    }

    @Test func processPendingChangesPostsTheInsertedObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        context.performAndWait {
            let person = Person(context: context)
            #expect(recorder.notifications.isEmpty)
            context.processPendingChanges()
            #expect(recorder.notifications.count == 1)
            #expect(recorder.notifications.first?.object as? NSManagedObjectContext === context)
            #expect(recorder.objects(NSInsertedObjectsKey) == [person])
            #expect(recorder.objects(NSUpdatedObjectsKey).isEmpty)
            #expect(recorder.objects(NSDeletedObjectsKey).isEmpty)
        }
    }

    @Test func nothingIsPostedWhenNothingChanged() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        context.performAndWait {
            _ = Person(context: context)
            context.processPendingChanges()
            context.processPendingChanges()
            context.processPendingChanges()
        }
        #expect(recorder.notifications.count == 1)
    }

    @Test func fetchingObjectsPostsNothing() throws {
        let stack = try TestStack()
        _ = try stack.savedPerson(named: "Ann")
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        let fetched = try context.performAndWait { try fetchAll("Person", as: Person.self, in: context) }
        context.performAndWait { context.processPendingChanges() }
        #expect(fetched.count == 1)
        #expect(recorder.notifications.isEmpty)
    }

    @Test func changingASavedObjectPostsItAsUpdated() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        try context.performAndWait {
            let person = try #require(try context.existingObject(with: id) as? Person)
            person.name = "Anna"
            context.processPendingChanges()
            #expect(recorder.objects(NSUpdatedObjectsKey) == [person])
            #expect(recorder.objects(NSInsertedObjectsKey).isEmpty)
        }
    }

    @Test func deletingASavedObjectPostsItAsDeleted() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        try context.performAndWait {
            let person = try context.existingObject(with: id)
            context.delete(person)
            context.processPendingChanges()
            #expect(recorder.objects(NSDeletedObjectsKey) == [person])
            #expect(recorder.objects(NSUpdatedObjectsKey).isEmpty)
        }
    }

    @Test func anObjectInsertedAndDeletedBeforeProcessingIsNotPosted() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        context.performAndWait {
            let person = Person(context: context)
            context.delete(person)
            context.processPendingChanges()
        }
        #expect(recorder.notifications.isEmpty)
    }

    @Test func eachNotificationHoldsTheChangesSinceThePreviousOne() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        context.performAndWait {
            let ann = Person(context: context)
            context.processPendingChanges()
            let bob = Person(context: context)
            ann.name = "Ann"
            context.processPendingChanges()
            #expect(recorder.notifications.count == 2)
            #expect(recorder.objects(NSInsertedObjectsKey, at: 0) == [ann])
            #expect(recorder.objects(NSInsertedObjectsKey, at: 1) == [bob])
            #expect(recorder.objects(NSUpdatedObjectsKey, at: 1) == [ann])
        }
    }

    @Test func saveProcessesPendingChangesBeforeItSaves() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let order = NotificationOrder()
        let changed = NotificationCenter.default.addObserver(forName: NSManagedObjectContext.didChangeObjectsNotification, object: context, queue: nil) { _ in order.append("change") }
        let willSave = NotificationCenter.default.addObserver(forName: NSManagedObjectContext.willSaveObjectsNotification, object: context, queue: nil) { _ in order.append("will save") }
        let didSave = NotificationCenter.default.addObserver(forName: NSManagedObjectContext.didSaveObjectsNotification, object: context, queue: nil) { _ in order.append("did save") }
        defer { [changed, willSave, didSave].forEach(NotificationCenter.default.removeObserver) }
        try context.performAndWait {
            _ = Person(context: context)
            try context.save()
        }
        #expect(order.names == ["change", "will save", "did save"])
    }

    // https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/perform(_:)
    // "This method encapsulates an autorelease pool and a call to processPendingChanges()."
    @Test func aPerformBlockProcessesPendingChangesWhenItEnds() async throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        let box = Unchecked(context)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            box.value.perform {
                _ = Person(context: box.value)
                box.value.perform { continuation.resume() }
            }
        }
        #expect(recorder.notifications.count == 1)
        #expect(recorder.objects(NSInsertedObjectsKey).count == 1)
    }

    @Test func refreshingAnObjectPostsItAsRefreshed() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        try context.performAndWait {
            let person = try context.existingObject(with: id)
            context.refresh(person, mergeChanges: false)
            context.processPendingChanges()
            #expect(recorder.objects(NSRefreshedObjectsKey) == [person])
            #expect(recorder.objects(NSUpdatedObjectsKey).isEmpty)
        }
    }

    @Test func aChildSaveIsPostedByTheParentAsItsChanges() throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: parent)
        let id = try child.performAndWait {
            let person = Person(context: child)
            person.name = "Ann"
            try child.save()
            return person.objectID
        }
        let inserted = recorder.objects(NSInsertedObjectsKey)
        #expect(inserted.map(\.objectID) == [id])
        #expect(inserted.first?.managedObjectContext === parent)
    }

    #if !canImport(CoreData)
    @Test func resetPostsTheForgottenObjectsAsAllInvalidated() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        let person = try context.performAndWait { try context.existingObject(with: id) }
        context.reset()
        let invalidated = recorder.notifications.first?.userInfo?[NSInvalidatedAllObjectsKey] as? [NSManagedObject]
        #expect(invalidated == [person])
    }

    @Test func rollbackPostsTheInsertedObjectsItDropsAsDeleted() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: context)
        context.performAndWait {
            let person = Person(context: context)
            context.processPendingChanges()
            context.rollback()
            context.processPendingChanges()
            #expect(recorder.objects(NSDeletedObjectsKey, at: 1) == [person])
        }
    }
    #endif
}

/// The names of notifications in the order they arrived.
final class NotificationOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func append(_ name: String) {
        lock.withLock { recorded.append(name) }
    }

    var names: [String] {
        lock.withLock { recorded }
    }
}
