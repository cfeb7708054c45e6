import Foundation

/// Where a row view finds the rows its relationships point to: the store that made the view.
protocol StoredRowSource: AnyObject {
    /// The row of `objectID`, read without taking the store's lock (the caller holds it).
    func storedRow(for objectID: NSManagedObjectID) -> StoredRow?
    /// The destination IDs of a to-many relationship of a row whose snapshot does not hold them.
    func storedToManyIDs(of objectID: NSManagedObjectID, slot: Int) -> [NSManagedObjectID]
}

/// A stored row seen through key-value reads, so predicates and sort descriptors that stores evaluate
/// in memory see stored values; relationships lead to the views of their destination rows.
final class StoredRowView: NSObject, KeyValueReadable, ObjectIDIdentifiable {
    unowned let source: any StoredRowSource
    let row: StoredRow

    init(source: any StoredRowSource, row: StoredRow) {
        self.source = source
        self.row = row
    }

    var objectID: NSManagedObjectID { row.objectID }

    func value(forKey key: String) -> Any? {
        let layout = row.objectID.entity.layout
        guard let slot = layout.slot(named: key) else { return nil }
        switch layout.kinds[slot] {
        case .attribute:
            return row.snapshot.values[slot]
        case .toOne:
            return (row.snapshot.values[slot] as? NSManagedObjectID).flatMap(view(of:))
        case .toMany:
            let ids = row.snapshot.values[slot] as? [NSManagedObjectID] ?? source.storedToManyIDs(of: row.objectID, slot: slot)
            return ids.compactMap(view(of:))
        }
    }

    private func view(of objectID: NSManagedObjectID) -> StoredRowView? {
        source.storedRow(for: objectID).map { StoredRowView(source: source, row: $0) }
    }
}
