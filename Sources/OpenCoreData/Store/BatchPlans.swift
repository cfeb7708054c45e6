import Foundation

/// The objects a batch delete selects: those a fetch plan matches, or those of given IDs (of one entity).
enum BatchSelection {
    case fetch(FetchPlan)
    case objectIDs([NSManagedObjectID])
}

/// What a batch delete asks a store to delete.
struct BatchDeletePlan {
    let selection: BatchSelection
    /// Whether the outcome lists the deleted object IDs.
    let wantsObjectIDs: Bool
}

/// What a batch update asks a store to change.
struct BatchUpdatePlan {
    /// A new value of one attribute of the updated rows.
    enum Value {
        /// A value in the form the store holds (nil for NULL).
        case constant(Any?)
        /// The value of another attribute of the same row, at this slot.
        case attribute(slot: Int)
    }

    let fetch: FetchPlan
    /// The new values, by slot of the request's entity (a subentity's inherited slots are the same).
    let values: [(slot: Int, value: Value)]
    let wantsObjectIDs: Bool
}

/// What a batch insert asks a store to write: attribute values by slot, in the form stores hold.
struct BatchInsertPlan {
    let entity: NSEntityDescription
    /// Each object's given values, by slot.
    let objects: [[Int: Any?]]
    let wantsObjectIDs: Bool
}

/// What a store reports after a batch request: how many objects it changed and, when asked, their IDs.
struct BatchOutcome {
    var count = 0
    var objectIDs: [NSManagedObjectID] = []

    static func + (lhs: BatchOutcome, rhs: BatchOutcome) -> BatchOutcome {
        BatchOutcome(count: lhs.count + rhs.count, objectIDs: lhs.objectIDs + rhs.objectIDs)
    }
}

/// Attribute values given to batch requests, checked and converted to the form stores hold, as a save
/// converts an object's values.
enum BatchValues {
    /// The slot and kind of the attribute `key` (its name or description) of `layout`; throws for a key that
    /// names no attribute (relationships included).
    static func attribute(_ key: Any, of layout: EntityLayout) throws -> (slot: Int, kind: AttributeKind) {
        let name = (key as? String) ?? (key as? NSPropertyDescription)?.name ?? "\(key)"
        guard let slot = layout.slot(named: name), case .attribute(let kind) = layout.kinds[slot], !layout.transientSlots[slot] else {
            throw CoreDataError.make(NSCoreDataError, "\(name) is not a persistent attribute of \(layout.entity.name ?? "?"): batch requests set attributes only.")
        }
        return (slot, kind)
    }

    /// `value` for the attribute at `slot` in the form stores hold; `NSNull` is nil. Throws when its type is wrong.
    static func storedValue(_ value: Any?, slot: Int, kind: AttributeKind, layout: EntityLayout) throws -> Any? {
        guard case .some(let canonical) = kind.canonicalValue(value) else {
            let name = layout.properties[slot].name
            throw CoreDataError.make(NSManagedObjectValidationError, "A \(type(of: value ?? NSNull())) cannot be stored in \(layout.entity.name ?? "?").\(name), an attribute of type \(kind.expectedClassName).", [NSValidationKeyErrorKey: name])
        }
        return try AttributeTransform.storedForm(of: canonical, slot: slot, layout: layout)
    }

    /// Whether values of attributes of kind `source` are stored as those of kind `target` (the same kind, or
    /// integers of any size), so that a batch update can copy one into the other.
    static func storesAlike(_ source: AttributeKind, _ target: AttributeKind) -> Bool {
        switch (source, target) {
        case (.integer16, .integer16), (.integer16, .integer32), (.integer16, .integer64),
             (.integer32, .integer16), (.integer32, .integer32), (.integer32, .integer64),
             (.integer64, .integer16), (.integer64, .integer32), (.integer64, .integer64):
            true
        default:
            source == target
        }
    }

    /// The values of one object to insert, by slot, from a dictionary of attribute values by name.
    static func insertValues(_ dictionary: [String: Any], layout: EntityLayout) throws -> [Int: Any?] {
        var values: [Int: Any?] = [:]
        for (name, value) in dictionary {
            let (slot, kind) = try attribute(name, of: layout)
            values[slot] = try storedValue(value, slot: slot, kind: kind, layout: layout)
        }
        return values
    }
}
