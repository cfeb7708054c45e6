import Foundation

/// A stored row seen through key-value reads, so residual predicates and in-memory sorts evaluate against stored
/// values exactly as the in-memory store's rows do. Relationships load their destination rows on access.
final class SQLiteRowView: NSObject, KeyValueReadable, ObjectIDIdentifiable {
    unowned let store: SQLiteStore
    let row: StoredRow

    init(store: SQLiteStore, row: StoredRow) {
        self.store = store
        self.row = row
    }

    var objectID: NSManagedObjectID { row.objectID }

    func value(forKey key: String) -> Any? {
        let layout = row.objectID.entity.layout
        guard let slot = layout.slotByName[key] else { return nil }
        switch layout.kinds[slot] {
        case .attribute:
            return row.snapshot.values[slot]
        case .toOne:
            return (row.snapshot.values[slot] as? NSManagedObjectID).flatMap(view(of:))
        case .toMany:
            let ids = (try? store.readRelatedObjectIDs(of: row.objectID, slot: slot)) ?? []
            return ids.compactMap(view(of:))
        }
    }

    private func view(of objectID: NSManagedObjectID) -> SQLiteRowView? {
        guard let snapshot = (try? store.readSnapshot(for: objectID)) ?? nil else { return nil }
        return SQLiteRowView(store: store, row: StoredRow(objectID: objectID, snapshot: snapshot))
    }
}
