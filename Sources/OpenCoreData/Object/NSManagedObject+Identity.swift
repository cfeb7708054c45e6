import Foundation
import Synchronization

/// How an object holds its object ID: made on first use for a new object, assigned otherwise.
///
/// `objectIDBits` holds either the ID, retained, as its address (whose low bit is 0), or, while a new
/// object's temporary ID is not made yet, the ID's serial number shifted left with the low bit set.
extension NSManagedObject {
    /// The bits of a new object whose temporary ID, of serial number `serial`, is not made yet.
    static func unmadeIDBits(serial: UInt64) -> UInt {
        UInt(truncatingIfNeeded: serial) << 1 | 1
    }

    /// The object ID whose address `bits` holds, nil when they hold a serial number (or nothing).
    static func objectID(inBits bits: UInt) -> Unmanaged<NSManagedObjectID>? {
        guard bits & 1 == 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<NSManagedObjectID>.fromOpaque(pointer)
    }

    /// The object ID if made or assigned already.
    var assignedObjectID: NSManagedObjectID? {
        Self.objectID(inBits: objectIDBits.load(ordering: .acquiring))?.takeUnretainedValue()
    }

    /// What the object ID names, without making a temporary ID that was not made yet.
    var objectIDReference: NSManagedObjectID.Reference {
        let bits = objectIDBits.load(ordering: .acquiring)
        if let assigned = Self.objectID(inBits: bits) { return assigned.takeUnretainedValue().reference }
        return .temporary(UInt64(bits >> 1))
    }

    /// Whether the object has a temporary ID (made or not yet).
    var hasTemporaryObjectID: Bool {
        assignedObjectID?.isTemporaryID ?? true
    }

    /// Makes and publishes the temporary ID; when another thread published one first, returns that one.
    func makeTemporaryObjectID() -> NSManagedObjectID {
        let unmade = objectIDBits.load(ordering: .acquiring)
        if let assigned = Self.objectID(inBits: unmade) { return assigned.takeUnretainedValue() }
        let made = NSManagedObjectID(entity: entity, reference: .temporary(UInt64(unmade >> 1)), store: nil)
        let bits = UInt(bitPattern: Unmanaged.passRetained(made).toOpaque())
        let (exchanged, original) = objectIDBits.compareExchange(expected: unmade, desired: bits, ordering: .acquiringAndReleasing)
        guard !exchanged, let published = Self.objectID(inBits: original) else { return made }
        Unmanaged.passUnretained(made).release()
        return published.takeUnretainedValue()
    }

    /// Replaces the object ID (a permanent one at save, a row's one when adopting a stored row).
    func assignObjectID(_ objectID: NSManagedObjectID) {
        let bits = UInt(bitPattern: Unmanaged.passRetained(objectID).toOpaque())
        Self.objectID(inBits: objectIDBits.exchange(bits, ordering: .acquiringAndReleasing))?.release()
    }
}
