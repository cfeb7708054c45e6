import Foundation

/// The entities a context's imports found to hold objects, or to be about to: an import learns
/// whether an entity is empty once per context, not once per decode.
///
/// Kept in the context's `userInfo`, so it lives and is released with the context; nothing is
/// shared between contexts. Only "populated" is remembered: it can become wrong (every object
/// deleted, or inserts that were never saved), which makes a later import look its identities up
/// when it need not; never the reverse. Read and changed only inside the context's
/// `performAndWait`.
final class PopulatedEntities {
    /// The key of the context's `userInfo` entry.
    private static let key = "CoreDataCodable.populatedEntities"

    private var entityNames: Set<String> = []

    private init() {}

    /// The populated entities of `context`, made on first use.
    static func of(_ context: NSManagedObjectContext) -> PopulatedEntities {
        if let known = context.userInfo[key] as? PopulatedEntities { return known }
        let made = PopulatedEntities()
        context.userInfo[key] = made
        return made
    }

    /// Whether the entity named `entityName` is known to hold objects.
    func contains(_ entityName: String) -> Bool {
        entityNames.contains(entityName)
    }

    /// Records that the entity named `entityName` holds objects.
    func insert(_ entityName: String) {
        entityNames.insert(entityName)
    }
}
