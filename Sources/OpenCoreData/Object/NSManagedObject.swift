import Foundation
import Synchronization

/// An object of a Core Data object graph: an instance of an entity, living in a context.
///
/// Subclass it and declare properties with `@Managed` (the Linux stand-in for `@NSManaged`):
///
/// ```swift
/// final class Person: NSManagedObject {
///     @Managed var name: String?
///     @Managed var country: Country?
/// }
/// ```
open class NSManagedObject: NSObject, ManagedPropertyContainer {
    /// The object's entity.
    public let entity: NSEntityDescription
    /// The object's identifier; temporary until the object is saved.
    ///
    /// A new object's temporary ID is made on first use: most inserted objects are saved, and get
    /// their permanent ID, before anyone asks.
    public internal(set) var objectID: NSManagedObjectID {
        get { assignedObjectID ?? makeTemporaryObjectID() }
        set { assignObjectID(newValue) }
    }
    /// The object ID once made or assigned, retained, as the bits of its address; before that, the
    /// serial number of the temporary ID to make, shifted left, with the low bit set (see
    /// `NSManagedObject+Identity.swift`). Atomic, so that threads reading a new object's ID for the
    /// first time at once agree on one instance.
    let objectIDBits: Atomic<UInt>
    /// The context the object lives in, nil once it is deleted and saved, or before it is inserted.
    public internal(set) var managedObjectContext: NSManagedObjectContext? {
        get { contextToken?.context }
        set { contextToken = newValue?.token }
    }
    /// The token of the context the object lives in, compared on hot paths (see `ContextToken`).
    @exclusivity(unchecked)
    var contextToken: ContextToken?

    let layout: EntityLayout
    // The object's state is only touched inside its context's `performAndWait`, which serializes
    // access; dynamic exclusivity checks on these hot properties would cost without protecting anything.

    /// Current values by slot; to-one slots hold the object, to-many slots a `ToManyStorage`.
    @exclusivity(unchecked)
    var slots: [Any?]
    /// Values as last saved or fetched, kept from the first change on (nil when unchanged or inserted).
    @exclusivity(unchecked)
    var committedSlots: [Any?]?
    /// Slots changed since the last save.
    @exclusivity(unchecked)
    var changedSlots: SlotMask
    /// The version of the store row the values came from.
    @exclusivity(unchecked)
    var rowVersion: Int64 = 0

    // The small properties last, together: with the serial number of a new object's temporary ID kept
    // in `objectIDBits` and the position in 32 bits, an object takes 16 bytes less of the allocator
    // (a note of the README benchmark 128 instead of 144 bytes): its first import of 100k people
    // peaked 4 MB lower (318 MB against 322 MB).

    /// Whether the object's values are not loaded yet; touching any property loads them.
    @exclusivity(unchecked)
    public internal(set) var isFault: Bool = false
    /// Whether the object was inserted and not saved yet.
    @exclusivity(unchecked)
    public internal(set) var isInserted: Bool = false
    /// Whether the object was deleted and the deletion not saved yet.
    @exclusivity(unchecked)
    public internal(set) var isDeleted: Bool = false
    /// Whether delete rules have run for this deletion.
    @exclusivity(unchecked)
    var deletionPropagated = false
    /// How the object changed since its context last posted `didChangeObjectsNotification` (see `ChangeJournal`).
    @exclusivity(unchecked)
    var changeNotes = ChangeJournal.Note()
    /// The object's index in its context's changed objects, -1 when not there (see `ChangedObjects`).
    @exclusivity(unchecked)
    var changedPosition: Int32 = -1

    /// Creates an object of `entity` and inserts it into `context` (when not nil).
    ///
    /// Default values of the entity's attributes are set before `awakeFromInsert()` runs.
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        let layout = entity.layout
        self.layout = layout
        changedSlots = SlotMask()
        if let seed = ObjectMaterialization.pending.value, seed.entity === entity {
            ObjectMaterialization.pending.value = nil
            objectIDBits = Atomic(0)
            slots = []
            isFault = true
            super.init()
            assignObjectID(seed.objectID)
            return
        }
        objectIDBits = Atomic(Self.unmadeIDBits(serial: NSManagedObjectID.nextTemporarySerial()))
        slots = layout.initialSlots()
        super.init()
        context?.insert(self)
    }

    deinit {
        Self.objectID(inBits: objectIDBits.load(ordering: .acquiring))?.release()
    }

    /// Creates an object of the entity whose class is this class and inserts it into `context`.
    public convenience init(context: NSManagedObjectContext) {
        guard let entity = context.managedObjectModel?.entity(for: Self.self) else {
            preconditionFailure("Failed to find a unique match for an NSEntityDescription to a managed object subclass \(Self.self) in the context's model")
        }
        self.init(entity: entity, insertInto: context)
    }

    /// The entity whose objects are instances of this class, looked up in the models in use.
    open class func entity() -> NSEntityDescription {
        guard let entity = ModelRegistry.shared.entity(for: self) else {
            preconditionFailure("No NSEntityDescription in any loaded model uses the class \(self)")
        }
        return entity
    }

    /// A fetch request for this class's entity.
    open class func fetchRequest() -> NSFetchRequest<any NSFetchRequestResult> {
        NSFetchRequest(entityName: entity().name ?? "")
    }

    // MARK: - State

    /// Whether the object has unsaved changes to its values (and is neither inserted nor deleted).
    open var isUpdated: Bool {
        !isInserted && !isDeleted && !changedSlots.isEmpty && managedObjectContext != nil
    }

    /// Whether the object is inserted, updated or deleted.
    open var hasChanges: Bool {
        isInserted || isDeleted || isUpdated
    }

    /// Whether any persistent (non-transient) property has changed.
    open var hasPersistentChangedValues: Bool {
        changedSlots.slots.contains { !layout.properties[$0].isTransient }
    }

    // MARK: - Lifecycle hooks

    /// Called once, when the object is first inserted into a context. Override to set initial values.
    open func awakeFromInsert() {}
    /// Called after the object's values are loaded from a store.
    open func awakeFromFetch() {}
    /// Called before the object's changes are saved; changes made here are saved too.
    open func willSave() {}
    /// Called after the object's changes are saved.
    open func didSave() {}
    /// Called when the object is about to be deleted (delete rules not yet applied).
    open func prepareForDeletion() {}
    /// Called before the object turns back into a fault.
    open func willTurnIntoFault() {}
    /// Called after the object turned back into a fault.
    open func didTurnIntoFault() {}

    // MARK: - Validation

    /// Checks the object before its insertion is saved: mandatory properties and relationship counts.
    /// Override to add rules; call `super` to keep Core Data's.
    open func validateForInsert() throws {
        try validateProperties()
    }

    /// Checks the object before its changes are saved: mandatory properties and relationship counts.
    open func validateForUpdate() throws {
        try validateProperties()
    }

    /// Checks the object before its deletion is saved: deny delete rules.
    open func validateForDelete() throws {
        try validateDeleteRules()
    }

    override open var description: String {
        let values = isFault ? "<fault>" : layout.properties.indices.map { slot in
            "\(layout.properties[slot].name) = \(describeSlot(slot))"
        }.joined(separator: "; ")
        return "<\(type(of: self)): entity: \(entity.name ?? "?"); id: \(objectID.uriRepresentation().absoluteString); data: {\(values)}>"
    }

    private func describeSlot(_ slot: Int) -> String {
        switch slots[slot] {
        case let storage as ToManyStorage: "<\(storage.objects.count) objects>"
        case let object as NSManagedObject: object.objectID.uriRepresentation().absoluteString
        case let value?: "\(value)"
        case nil: "nil"
        }
    }
}

/// The fault an object initializer should become instead of a new inserted object (see `NSManagedObjectContext`).
final class ObjectMaterialization {
    static let pending = ThreadLocal<ObjectMaterialization>()

    let entity: NSEntityDescription
    let objectID: NSManagedObjectID

    init(objectID: NSManagedObjectID) {
        self.entity = objectID.entity
        self.objectID = objectID
    }

    /// Makes a fault object for `objectID`, an instance of its entity's class.
    static func makeFault(for objectID: NSManagedObjectID) -> NSManagedObject {
        let seed = ObjectMaterialization(objectID: objectID)
        return pending.with(seed) {
            objectID.entity.layout.objectClass.init(entity: objectID.entity, insertInto: nil)
        }
    }
}

extension EntityLayout {
    /// The values of a new object: defaults for attributes, empty to-many relationships.
    func initialSlots() -> [Any?] {
        var slots = defaults
        for slot in relationshipSlots {
            if case .toMany(let ordered) = kinds[slot] { slots[slot] = ToManyStorage(isOrdered: ordered) }
        }
        return slots
    }
}
