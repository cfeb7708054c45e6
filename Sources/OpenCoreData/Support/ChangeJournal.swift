/// The objects a context changed since it last posted `didChangeObjectsNotification`, each with how
/// it changed, kept in the object itself (`changeNotes`) so that noting a change costs no hashing.
struct ChangeJournal {
    /// How an object changed since the last notification.
    struct Note: OptionSet {
        let rawValue: UInt8

        static let inserted = Note(rawValue: 1 << 0)
        static let updated = Note(rawValue: 1 << 1)
        static let deleted = Note(rawValue: 1 << 2)
        static let refreshed = Note(rawValue: 1 << 3)
    }

    /// The changed objects of one notification, by kind.
    struct Changes {
        let inserted: Set<NSManagedObject>
        let updated: Set<NSManagedObject>
        let deleted: Set<NSManagedObject>
        let refreshed: Set<NSManagedObject>

        var isEmpty: Bool {
            inserted.isEmpty && updated.isEmpty && deleted.isEmpty && refreshed.isEmpty
        }
    }

    private var objects: [NSManagedObject] = []

    var isEmpty: Bool { objects.isEmpty }

    /// Records that `object` changed as `note` says.
    mutating func note(_ object: NSManagedObject, _ note: Note) {
        if object.changeNotes.isEmpty { objects.append(object) }
        object.changeNotes.formUnion(note)
    }

    /// The recorded changes by kind, and a fresh start. An object inserted and deleted (or deleted
    /// and brought back) since the last notification is left out; an inserted or deleted object is
    /// reported as that only; a refresh outweighs changes.
    ///
    /// Each kind is gathered in an array and made a set at its final size: inserting into growing
    /// sets rehashed a large import's objects on every growth.
    mutating func take() -> Changes {
        var inserted: [NSManagedObject] = [], updated: [NSManagedObject] = []
        var deleted: [NSManagedObject] = [], refreshed: [NSManagedObject] = []
        for object in objects {
            let notes = object.changeNotes
            object.changeNotes = []
            if notes.contains(.inserted) {
                if !notes.contains(.deleted) { inserted.append(object) }
            } else if notes.contains(.deleted) {
                deleted.append(object)
            } else if notes.contains(.refreshed) {
                refreshed.append(object)
            } else {
                updated.append(object)
            }
        }
        objects.removeAll()
        return Changes(inserted: Set(inserted), updated: Set(updated), deleted: Set(deleted), refreshed: Set(refreshed))
    }

    /// Forgets the recorded changes.
    mutating func removeAll() {
        for object in objects { object.changeNotes = [] }
        objects.removeAll()
    }
}
