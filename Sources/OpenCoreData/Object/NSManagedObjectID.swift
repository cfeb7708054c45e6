import Foundation
import Synchronization

/// A stable identifier of a managed object, valid across contexts.
///
/// An inserted object has a temporary ID until it is saved (or `obtainPermanentIDs(for:)` runs);
/// then it gets a permanent one that names its row in the store.
open class NSManagedObjectID: NSObject, NSCopying, @unchecked Sendable {
    enum Reference: Hashable {
        case temporary(UInt64)
        case permanent(Int64)
    }

    /// The entity of the identified object.
    public let entity: NSEntityDescription
    /// The store that holds the object, nil while the ID is temporary.
    public private(set) weak var persistentStore: NSPersistentStore?
    let storeIdentifier: String?
    let reference: Reference
    /// The hash, computed once: IDs are dictionary keys on every hot path.
    private let precomputedHash: Int

    init(entity: NSEntityDescription, reference: Reference, store: NSPersistentStore?) {
        self.entity = entity
        self.reference = reference
        persistentStore = store
        storeIdentifier = store?.identifier
        precomputedHash = Self.hash(of: reference, entity: entity)
        super.init()
    }

    /// The serial number of a new temporary ID.
    static func nextTemporarySerial() -> UInt64 {
        temporaryIDSerial.add(1, ordering: .relaxed).newValue
    }

    /// A well-mixed hash of what an ID names (SplitMix64's finalizer over the key and the entity's address):
    /// cheaper than a `Hasher`, and dictionaries hash it again anyway.
    private static func hash(of reference: Reference, entity: NSEntityDescription) -> Int {
        var value: UInt64
        switch reference {
        case .temporary(let serial): value = serial << 1
        case .permanent(let key): value = UInt64(bitPattern: key) << 1 | 1
        }
        value ^= UInt64(UInt(bitPattern: Unmanaged.passUnretained(entity).toOpaque()))
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: value ^ (value >> 31))
    }

    /// Whether the ID is temporary (the object has not been saved yet).
    open var isTemporaryID: Bool {
        if case .temporary = reference { return true }
        return false
    }

    /// The row number of a permanent ID.
    var primaryKey: Int64? {
        if case .permanent(let key) = reference { return key }
        return nil
    }

    /// A URL that names the object: `x-coredata://<store>/<Entity>/p<key>`, or `x-coredata:///<Entity>/t<id>` while temporary.
    public func uriRepresentation() -> URL {
        let entityName = entity.name ?? "_"
        let text: String
        switch reference {
        case .temporary(let serial):
            text = "x-coredata:///\(entityName)/t\(temporaryIDSession)-\(serial)"
        case .permanent(let key):
            text = "x-coredata://\(storeIdentifier ?? "")/\(entityName)/p\(key)"
        }
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// Returns the ID itself: IDs are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSManagedObjectID else { return false }
        return identifiesSameObject(as: other)
    }

    override open var hash: Int { precomputedHash }

    /// Whether `other` names the same object (equality without a dynamic cast).
    func identifiesSameObject(as other: NSManagedObjectID) -> Bool {
        other === self || (other.precomputedHash == precomputedHash && other.reference == reference
            && other.entity === entity && other.storeIdentifier == storeIdentifier)
    }

    override open var description: String {
        "<\(type(of: self)): \(uriRepresentation().absoluteString)>"
    }
}

private let temporaryIDSerial = Atomic<UInt64>(0)
private let temporaryIDSession = UUID().uuidString
