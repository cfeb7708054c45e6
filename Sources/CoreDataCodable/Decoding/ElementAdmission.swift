import Foundation

/// Which elements of a payload's own array become objects, by whether their identity matches an
/// object already: what a typed sync without ``SyncOperations/insert`` or ``SyncOperations/update``
/// leaves out.
struct ElementAdmission: Sendable {
    /// Whether an element whose identity matches no object inserts one.
    let inserts: Bool
    /// Whether an element whose identity matches an object updates it; if not, the object is kept
    /// as it is, its hooks not run.
    let updates: Bool
    /// Whether a bare identifier is always found or inserted, whatever the decision: a sync's
    /// nested identifiers link, and those that match nothing are deleted after.
    var linksBareIdentifiers = false

    /// What an admission decides for one element.
    enum Decision {
        /// The element's object is found or inserted and initialized, as without an admission.
        case make
        /// The element's object, kept as it is.
        case keep(NSManagedObject)
        /// The element is left out.
        case skip
    }

    /// The decision for an element whose identity matches `existing`, if any object.
    func decision(existing: NSManagedObject?) -> Decision {
        guard let existing else { return inserts ? .make : .skip }
        return updates ? .make : .keep(existing)
    }
}
