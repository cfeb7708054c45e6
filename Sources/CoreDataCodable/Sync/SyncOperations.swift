/// What a sync may do (Sync's `OperationOptions`): to the synced entity's objects, and to the
/// objects of its relationships.
public struct SyncOperations: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Insert the payload's objects that are not stored yet.
    public static let insert = SyncOperations(rawValue: 1 << 0)
    /// Update the stored objects the payload names.
    public static let update = SyncOperations(rawValue: 1 << 1)
    /// Delete the stored objects in scope that the payload does not name.
    public static let delete = SyncOperations(rawValue: 1 << 2)
    /// Insert related objects from nested JSON.
    public static let insertRelationships = SyncOperations(rawValue: 1 << 3)
    /// Update related objects from nested JSON.
    public static let updateRelationships = SyncOperations(rawValue: 1 << 4)
    /// Delete one-to-many children that a nested array no longer holds.
    public static let deleteRelationships = SyncOperations(rawValue: 1 << 5)
    /// Insert and update, objects and relationships, and never delete: the semantics of Groot's
    /// and JSONCache's imports.
    public static let upsert: SyncOperations = [.insert, .update, .insertRelationships, .updateRelationships]
    /// Everything.
    public static let all: SyncOperations = [.insert, .update, .delete, .insertRelationships, .updateRelationships, .deleteRelationships]
}
