import Foundation

/// The entities known to hold objects, or to be about to, by persistent store coordinator: an
/// import learns whether an entity is empty once per coordinator, not once per decode.
///
/// Only "populated" is remembered: it can become wrong (every object deleted, or inserts that were
/// never saved), which makes a later import look its identities up when it need not; never the
/// reverse. Shared by every import, behind a lock.
final class PopulatedEntities: @unchecked Sendable {
    static let shared = PopulatedEntities()

    private struct Entry {
        /// Held weakly: a coordinator made later at the same address is not taken for this one.
        weak var coordinator: NSPersistentStoreCoordinator?
        var entityNames: Set<String>
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    /// Whether the entity named `entityName` is known to hold objects in the stores of `coordinator`.
    func contains(_ entityName: String, in coordinator: NSPersistentStoreCoordinator) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(coordinator)], entry.coordinator === coordinator else { return false }
        return entry.entityNames.contains(entityName)
    }

    /// Records that the entity named `entityName` holds objects in the stores of `coordinator`.
    func insert(_ entityName: String, in coordinator: NSPersistentStoreCoordinator) {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(coordinator)
        if let entry = entries[id], entry.coordinator === coordinator {
            entries[id]?.entityNames.insert(entityName)
            return
        }
        // A new coordinator, or a new one where a released one was: entries of released ones go.
        entries = entries.filter { $0.value.coordinator != nil }
        entries[id] = Entry(coordinator: coordinator, entityNames: [entityName])
    }
}
