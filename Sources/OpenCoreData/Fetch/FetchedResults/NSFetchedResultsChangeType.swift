/// How an object or a section of a fetched results controller changed.
public enum NSFetchedResultsChangeType: UInt, Sendable {
    /// It was inserted.
    case insert = 1
    /// It was deleted.
    case delete = 2
    /// It moved to another index path.
    case move = 3
    /// It changed in place.
    case update = 4
}
