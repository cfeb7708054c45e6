#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

@Suite("Notifications: save")
struct SaveNotificationTests {
    @Test func saveNotificationNamesAreTheContextNotificationNames() {
        #expect(NSManagedObjectContext.willSaveObjectsNotification == .NSManagedObjectContextWillSave)
        #expect(NSManagedObjectContext.didSaveObjectsNotification == .NSManagedObjectContextDidSave)
        #expect(NSManagedObjectContext.didSaveObjectIDsNotification == .NSManagedObjectContextDidSaveObjectIDs)
    }

    /// A context holding a saved Ann and Bob, and Cid inserted; Ann renamed and Bob deleted.
    private func changedContext(in stack: TestStack) throws -> (context: NSManagedObjectContext, ann: Person, bob: Person, cid: Person) {
        let annID = try stack.savedPerson(named: "Ann")
        let bobID = try stack.savedPerson(named: "Bob")
        let context = stack.newContext()
        return try context.performAndWait {
            let ann = try #require(try context.existingObject(with: annID) as? Person)
            let bob = try #require(try context.existingObject(with: bobID) as? Person)
            ann.name = "Anna"
            context.delete(bob)
            let cid = Person(context: context)
            cid.name = "Cid"
            return (context, ann, bob, cid)
        }
    }

    @Test func didSaveObjectsHoldsTheSavedObjects() throws {
        let stack = try TestStack()
        let (context, ann, bob, cid) = try changedContext(in: stack)
        let recorder = NotificationRecorder(NSManagedObjectContext.didSaveObjectsNotification, from: context)
        try context.performAndWait { try context.save() }
        #expect(recorder.notifications.count == 1)
        #expect(recorder.objects(NSInsertedObjectsKey) == [cid])
        #expect(recorder.objects(NSUpdatedObjectsKey) == [ann])
        #expect(recorder.objects(NSDeletedObjectsKey) == [bob])
    }

    // https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/didsaveobjectidsnotification
    @Test func didSaveObjectIDsHoldsTheSavedObjectsIDs() throws {
        let stack = try TestStack()
        let (context, ann, bob, cid) = try changedContext(in: stack)
        let bobID = bob.objectID
        let recorder = NotificationRecorder(NSManagedObjectContext.didSaveObjectIDsNotification, from: context)
        try context.performAndWait { try context.save() }
        #expect(recorder.notifications.count == 1)
        #expect(recorder.objectIDs(NSInsertedObjectIDsKey) == [cid.objectID])
        #expect(recorder.objectIDs(NSInsertedObjectIDsKey).first?.isTemporaryID == false)
        #expect(recorder.objectIDs(NSUpdatedObjectIDsKey) == [ann.objectID])
        #expect(recorder.objectIDs(NSDeletedObjectIDsKey) == [bobID])
    }

    @Test func willSaveIsPostedOncePerSave() throws {
        let stack = try TestStack()
        let (context, _, _, _) = try changedContext(in: stack)
        let recorder = NotificationRecorder(NSManagedObjectContext.willSaveObjectsNotification, from: context)
        try context.performAndWait { try context.save() }
        #expect(recorder.notifications.count == 1)
    }
}
