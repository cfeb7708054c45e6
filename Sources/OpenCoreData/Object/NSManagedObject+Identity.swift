import Foundation
import Synchronization

/// How an object holds its object ID: made on first use for a new object, assigned otherwise.
extension NSManagedObject {
    /// The object ID if made or assigned already.
    var assignedObjectID: NSManagedObjectID? {
        UnsafeRawPointer(bitPattern: objectIDBits.load(ordering: .acquiring)).map {
            Unmanaged<NSManagedObjectID>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// What the object ID names, without making a temporary ID that was not made yet.
    var objectIDReference: NSManagedObjectID.Reference {
        assignedObjectID?.reference ?? .temporary(temporarySerial)
    }

    /// Whether the object has a temporary ID (made or not yet).
    var hasTemporaryObjectID: Bool {
        assignedObjectID?.isTemporaryID ?? true
    }

    /// Makes and publishes the temporary ID; when another thread published one first, returns that one.
    func makeTemporaryObjectID() -> NSManagedObjectID {
        let made = NSManagedObjectID(entity: entity, reference: .temporary(temporarySerial), store: nil)
        let bits = UInt(bitPattern: Unmanaged.passRetained(made).toOpaque())
        let (exchanged, original) = objectIDBits.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        guard !exchanged, let pointer = UnsafeRawPointer(bitPattern: original) else { return made }
        Unmanaged.passUnretained(made).release()
        return Unmanaged<NSManagedObjectID>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Replaces the object ID (a permanent one at save, a row's one when adopting a stored row).
    func assignObjectID(_ objectID: NSManagedObjectID) {
        let bits = UInt(bitPattern: Unmanaged.passRetained(objectID).toOpaque())
        if let old = UnsafeRawPointer(bitPattern: objectIDBits.exchange(bits, ordering: .acquiringAndReleasing)) {
            Unmanaged<NSManagedObjectID>.fromOpaque(old).release()
        }
    }
}
