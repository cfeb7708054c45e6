#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/mergechanges(fromcontextdidsave:)
// "This method refreshes any objects which have been updated in the other context, faults in any
// newly-inserted objects, and invokes delete(_:) on those which have been deleted."
@Suite("Notifications: merging saved changes")
struct MergeChangesTests {
    /// Saves in a context of its own what `change` does, and returns the did-save notification of `name`.
    private func save(in stack: TestStack, notification name: Notification.Name, _ change: (NSManagedObjectContext) throws -> Void) throws -> Notification {
        let writer = stack.newContext()
        let recorder = NotificationRecorder(name, from: writer)
        try writer.performAndWait {
            try change(writer)
            try writer.save()
        }
        return try #require(recorder.notifications.first)
    }

    @Test(arguments: [NSManagedObjectContext.didSaveObjectsNotification, NSManagedObjectContext.didSaveObjectIDsNotification])
    func updatedObjectsAreRefreshed(_ name: Notification.Name) throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let reader = stack.newContext()
        let person = try reader.performAndWait { try #require(try reader.existingObject(with: id) as? Person) }
        #expect(reader.performAndWait { person.name } == "Ann")
        let notification = try save(in: stack, notification: name) { writer in
            (try writer.existingObject(with: id) as? Person)?.name = "Anna"
        }
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: reader)
        reader.performAndWait { reader.mergeChanges(fromContextDidSave: notification) }
        #expect(reader.performAndWait { person.name } == "Anna")
        #expect(recorder.objects(NSRefreshedObjectsKey) == [person])
    }

    @Test(arguments: [NSManagedObjectContext.didSaveObjectsNotification, NSManagedObjectContext.didSaveObjectIDsNotification])
    func insertedObjectsAreRegisteredWithoutPendingChanges(_ name: Notification.Name) throws {
        let stack = try TestStack()
        let reader = stack.newContext()
        var id: NSManagedObjectID?
        let notification = try save(in: stack, notification: name) { writer in
            let person = Person(context: writer)
            person.name = "Cid"
            try writer.obtainPermanentIDs(for: [person])
            id = person.objectID
        }
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: reader)
        reader.performAndWait { reader.mergeChanges(fromContextDidSave: notification) }
        let objectID = try #require(id)
        let registered = try #require(reader.registeredObject(for: objectID) as? Person)
        #expect(recorder.objects(NSInsertedObjectsKey) == [registered])
        #expect(reader.performAndWait { registered.name } == "Cid")
        #expect(reader.hasChanges == false)
    }

    @Test(arguments: [NSManagedObjectContext.didSaveObjectsNotification, NSManagedObjectContext.didSaveObjectIDsNotification])
    func deletedObjectsLeaveTheContext(_ name: Notification.Name) throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let reader = stack.newContext()
        let person = try reader.performAndWait { try reader.existingObject(with: id) }
        let notification = try save(in: stack, notification: name) { writer in
            writer.delete(try writer.existingObject(with: id))
        }
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: reader)
        reader.performAndWait { reader.mergeChanges(fromContextDidSave: notification) }
        #expect(recorder.objects(NSDeletedObjectsKey) == [person])
        #expect(reader.registeredObject(for: id) == nil)
        #expect(try reader.performAndWait { try count("Person", in: reader) } == 0)
    }

    // https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/mergechanges(fromremotecontextsave:into:)
    @Test func remoteSaveWithObjectIDsRefreshesUpdatedObjects() throws {
        let stack = try TestStack()
        let id = try stack.savedPerson(named: "Ann")
        let reader = stack.newContext()
        let person = try reader.performAndWait { try #require(try reader.existingObject(with: id) as? Person) }
        _ = try save(in: stack, notification: NSManagedObjectContext.didSaveObjectsNotification) { writer in
            (try writer.existingObject(with: id) as? Person)?.name = "Anna"
        }
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: reader)
        NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSUpdatedObjectsKey: [id]], into: [reader])
        #expect(reader.performAndWait { person.name } == "Anna")
        #expect(recorder.objects(NSRefreshedObjectsKey) == [person])
    }

    @Test func remoteSaveWithURIsInsertsAndDeletes() throws {
        let stack = try TestStack()
        let goneID = try stack.savedPerson(named: "Ann")
        let reader = stack.newContext()
        let gone = try reader.performAndWait { try reader.existingObject(with: goneID) }
        var newID: NSManagedObjectID?
        _ = try save(in: stack, notification: NSManagedObjectContext.didSaveObjectsNotification) { writer in
            writer.delete(try writer.existingObject(with: goneID))
            let person = Person(context: writer)
            person.name = "Cid"
            try writer.obtainPermanentIDs(for: [person])
            newID = person.objectID
        }
        let insertedID = try #require(newID)
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: reader)
        NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [
            NSInsertedObjectsKey: [insertedID.uriRepresentation()],
            NSDeletedObjectsKey: [goneID.uriRepresentation()],
        ], into: [reader])
        let inserted = try #require(reader.registeredObject(for: insertedID) as? Person)
        #expect(recorder.objects(NSInsertedObjectsKey) == [inserted])
        #expect(recorder.objects(NSDeletedObjectsKey) == [gone])
        #expect(reader.registeredObject(for: goneID) == nil)
        #expect(reader.performAndWait { inserted.name } == "Cid")
    }

    @Test func automaticMergingPostsTheMergedChanges() async throws {
        let stack = try TestStack()
        let observer = stack.newContext()
        observer.automaticallyMergesChangesFromParent = true
        let recorder = NotificationRecorder(NSManagedObjectContext.didChangeObjectsNotification, from: observer)
        let id = try stack.savedPerson(named: "Ann")
        for _ in 0..<100 where recorder.notifications.isEmpty {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(recorder.objects(NSInsertedObjectsKey).map(\.objectID) == [id])
    }

    @Test func automaticMergingFollowsSiblingSavesToTheParent() async throws {
        let stack = try TestStack()
        let parent = stack.newContext()
        let writer = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        writer.parent = parent
        let reader = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        reader.parent = parent
        reader.automaticallyMergesChangesFromParent = true
        let id = try parent.performAndWait {
            let person = Person(context: parent)
            person.name = "Ann"
            try parent.save()
            return person.objectID
        }
        let person = Unchecked(try reader.performAndWait { try #require(try reader.existingObject(with: id) as? Person) })
        try writer.performAndWait {
            (try writer.existingObject(with: id) as? Person)?.name = "Anna"
            try writer.save()
        }
        let box = Unchecked(reader)
        var name: String?
        for _ in 0..<100 {
            name = await box.value.perform { person.value.name }
            if name == "Anna" { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(name == "Anna")
    }
}
