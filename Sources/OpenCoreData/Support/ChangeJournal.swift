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
        var inserted = Set<NSManagedObject>()
        var updated = Set<NSManagedObject>()
        var deleted = Set<NSManagedObject>()
        var refreshed = Set<NSManagedObject>()

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
    mutating func take() -> Changes {
        var changes = Changes()
        let taken = objects
        objects.removeAll()
        for object in taken {
            let notes = object.changeNotes
            object.changeNotes = []
            if notes.contains(.inserted) {
                if !notes.contains(.deleted) { changes.inserted.insert(object) }
            } else if notes.contains(.deleted) {
                changes.deleted.insert(object)
            } else if notes.contains(.refreshed) {
                changes.refreshed.insert(object)
            } else {
                changes.updated.insert(object)
            }
        }
        return changes
    }

    /// Forgets the recorded changes.
    mutating func removeAll() {
        for object in objects { object.changeNotes = [] }
        objects.removeAll()
    }
}
