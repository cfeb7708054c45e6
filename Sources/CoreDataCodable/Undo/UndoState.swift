/// What a failed import does to an object: delete it, or put its values back.
enum UndoState: UInt8 {
    /// Found by its identity and not recorded yet: it is recorded before its hook runs.
    case unrecorded
    /// Inserted by the import: a failure deletes it.
    case inserted
    /// Saved, without changes of its own before the import: a failure refreshes it, with every
    /// other saved object the import changed (``UndoLog/undoUnrecordedChanges()``). Nothing is recorded.
    case saved
    /// Recorded before the import changed it: a failure puts its values back.
    case recorded
    /// Inserted before the import and changed by the import alone (its type keeps the default
    /// hooks, and no other hook is running): each property is recorded as the import changes it
    /// (``UndoLog/recordProperty(_:of:)``), and a failure puts those values back.
    case recordsEachChange
}
