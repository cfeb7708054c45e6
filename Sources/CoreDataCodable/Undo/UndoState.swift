/// What a failed import does to an object: nothing yet, delete it, or put its values back.
enum UndoState: UInt8 {
    /// Found by its identity and not recorded yet: its values are recorded before its hook runs.
    case unrecorded
    /// Inserted by the import: a failure deletes it.
    case inserted
    /// Recorded before the import changed it: a failure puts its values back.
    case recorded
}
