import Foundation

/// What a fetch asks a store for.
struct FetchPlan {
    /// The entities whose objects qualify (the requested entity and, usually, its subentities).
    let entities: [NSEntityDescription]
    let predicate: NSPredicate?
    let sortDescriptors: [NSSortDescriptor]
    let offset: Int
    /// The maximum number of results; 0 for no limit.
    let limit: Int
    /// Whether registered objects take the values of the rows fetched again.
    var refreshesRegisteredObjects = false

    /// The same plan without sorting, offset and limit (when pending changes must be merged first).
    var unbounded: FetchPlan {
        var plan = FetchPlan(entities: entities, predicate: predicate, sortDescriptors: [], offset: 0, limit: 0)
        plan.refreshesRegisteredObjects = refreshesRegisteredObjects
        return plan
    }
}

/// The values of one object as a store (or a parent context) hands them to a context.
///
/// Values are by slot of the entity's layout: attributes in canonical form, to-one relationships as
/// `NSManagedObjectID?`, to-many relationships as `[NSManagedObjectID]`, or nil when the store loads
/// them lazily (see `NSManagedObjectContext.loadToMany(of:slot:)`).
struct ObjectSnapshot {
    var values: [Any?]
    /// The store's version of the row, to notice rows that changed since an object loaded them.
    var version: Int64
    /// Whether objects take the to-many relationships in `values`; when false they load them on first use.
    var holdsToMany = true
}

/// A row a store found: its object ID and values.
struct StoredRow {
    let objectID: NSManagedObjectID
    let snapshot: ObjectSnapshot
}

/// The changes one save writes to a store, applied all or nothing.
struct StoreSaveRequest {
    /// One changed object, whose values the store reads as it writes them (in the form of `ObjectSnapshot`),
    /// and which slots changed.
    struct Change {
        /// Where the values come from: the object itself (read as written), or values given up front.
        private enum Source {
            case object(NSManagedObject)
            case values([Any?])
        }

        let objectID: NSManagedObjectID
        /// The changed slots of an updated object; an inserted object's every slot is written.
        let changedSlots: [Int]
        private let source: Source
        /// The values written of attributes with a custom value transformer, in the form the store holds, by slot.
        private var storedForms: [Int: Any?] = [:]

        /// A change whose values are read from `object` when the store writes them (custom-transformed attributes
        /// transformed now, which throws when their transformer is not registered).
        init(_ object: NSManagedObject, changedSlots: [Int] = []) throws {
            objectID = object.objectID
            self.changedSlots = changedSlots
            source = .object(object)
            let layout = object.layout
            for slot in layout.transformerNames.keys where changedSlots.isEmpty || changedSlots.contains(slot) {
                storedForms[slot] = try AttributeTransform.storedForm(of: object.snapshotValue(at: slot, includingTransient: false), slot: slot, layout: layout)
            }
        }

        /// A change with its values (as in `ObjectSnapshot`).
        init(objectID: NSManagedObjectID, values: [Any?], changedSlots: [Int]) {
            self.objectID = objectID
            self.changedSlots = changedSlots
            source = .values(values)
        }

        /// The value of `slot` as a snapshot holds it (transient attributes as nil).
        func value(at slot: Int) -> Any? {
            if !storedForms.isEmpty, let stored = storedForms[slot] { return stored }
            return switch source {
            case .object(let object): object.snapshotValue(at: slot, includingTransient: false)
            case .values(let values): values[slot]
            }
        }

        /// The destinations of the loaded to-many relationship at `slot`; nil when it is not loaded.
        func relatedObjectIDs(at slot: Int) -> RelatedObjectIDs? {
            switch source {
            case .object(let object): (object.slots[slot] as? ToManyStorage).map { .objects($0.objects.elements) }
            case .values(let values): (values[slot] as? [NSManagedObjectID]).map(RelatedObjectIDs.ids)
            }
        }

        /// What the save changes in the unordered to-many relationship at `slot`, as objects added and
        /// removed: the changes made while it was not loaded, or the difference between its loaded
        /// objects and those it had before its first change. Nil where a store writes the whole
        /// relationship: an ordered one, or one whose objects before the change are not known.
        ///
        /// Stores apply these to what they hold, so that another context's changes saved in between
        /// are kept, as when the relationship is derived from its inverse's foreign keys.
        func toManyChanges(at slot: Int) -> PendingToManyChanges? {
            guard case .object(let object) = source else { return nil }
            if let pending = object.slots[slot] as? PendingToManyChanges { return pending }
            guard let storage = object.slots[slot] as? ToManyStorage, !storage.isOrdered,
                  let before = object.committedSlots?[slot] as? ToManyStorage
            else { return nil }
            return PendingToManyChanges(from: before.objects, to: storage.objects)
        }

        /// All the values, as a snapshot holds them.
        var values: [Any?] {
            var values = switch source {
            case .object(let object): object.snapshot(includingTransient: false).values
            case .values(let values): values
            }
            for (slot, stored) in storedForms { values[slot] = stored }
            return values
        }
    }

    /// The destination IDs of a to-many relationship, read from the objects without copying them out.
    enum RelatedObjectIDs: RandomAccessCollection {
        case objects([NSManagedObject])
        case ids([NSManagedObjectID])

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch self {
            case .objects(let objects): objects.count
            case .ids(let ids): ids.count
            }
        }

        subscript(position: Int) -> NSManagedObjectID {
            switch self {
            case .objects(let objects): objects[position].objectID
            case .ids(let ids): ids[position]
            }
        }

        /// Whether the destination at `position` is saved with its relationship `inverseSlot` in the same save
        /// (inserted, or changed there), so its side writes what the two objects share.
        func isSavedWithInverse(at position: Int, inverseSlot: Int) -> Bool {
            guard case .objects(let objects) = self else { return false }
            return objects[position].isSavedWithRelationship(at: inverseSlot)
        }
    }

    var inserted: [Change] = []
    var updated: [Change] = []
    var deleted: [NSManagedObjectID] = []

    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}

extension NSManagedObject {
    /// Whether a save that includes this object writes its relationship at `slot`: it is inserted, or
    /// changed that relationship, and is not deleted.
    func isSavedWithRelationship(at slot: Int) -> Bool {
        !isDeleted && (isInserted || changedSlots.contains(slot))
    }
}
