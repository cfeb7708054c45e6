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
}
