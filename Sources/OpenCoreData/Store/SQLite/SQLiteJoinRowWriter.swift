import Foundation

/// Writes the rows of join tables during one save, with each side's statements prepared once.
///
/// Both sides of a many-to-many relationship change together, so a save meets most rows twice: the
/// target side of a relationship with an inverse leaves the rows shared with objects saved along with
/// their inverse to the source side, unless it is ordered (it then writes its own order column).
struct JoinRowWriter {
    /// One side of a join table.
    struct Side: Hashable {
        let join: SQLiteSchema.JoinTable
        let isSource: Bool
        let ordered: Bool

        /// The columns of this side and of the other.
        var columns: (own: String, other: String) { isSource ? ("Z_SRC", "Z_DST") : ("Z_DST", "Z_SRC") }
    }

    /// Each side's statements, from the connection's cache, held for the save.
    private var statements: [Side: (upsert: SQLiteStatement, existing: SQLiteStatement, delete: SQLiteStatement)] = [:]

    /// Makes the join rows of one object's side equal `destinations`: removes the others (for an object
    /// that existed before), upserts these with their order.
    mutating func write(
        _ side: Side, key: Int64, code: Int64, destinations: StoreSaveRequest.RelatedObjectIDs, inverseSlot: Int?,
        isNew: Bool, schema: SQLiteSchema, _ connection: SQLiteConnection
    ) throws {
        let (upsert, existing, delete) = try prepared(side, connection)
        if !isNew {
            let wanted = Set(destinations.compactMap(\.primaryKey))
            existing.reset()
            existing.bind(key, at: 1)
            var removed: [Int64] = []
            while try existing.step() {
                let otherKey = existing.int64(0)
                if !wanted.contains(otherKey) { removed.append(otherKey) }
            }
            for otherKey in removed {
                try Self.run(delete, key, otherKey)
            }
        }
        let leavesShared = !side.isSource && !side.ordered
        for (position, destination) in destinations.enumerated() {
            if leavesShared, let inverseSlot, destinations.isSavedWithInverse(at: position, inverseSlot: inverseSlot) { continue }
            try Self.upsert(upsert, key: key, code: code, destination: destination, position: side.ordered ? Int64(position) : nil, schema: schema)
        }
    }

    /// Writes the objects added to and removed from one object's unordered side (see
    /// `StoreSaveRequest.Change.toManyChanges(at:)`): deletes the rows of the objects removed, then
    /// upserts those of the objects added, leaving the rows other saves wrote. Rows shared with
    /// objects saved along with their inverse are left to them, as above.
    mutating func write(
        _ side: Side, key: Int64, code: Int64, changes pending: PendingToManyChanges, inverseSlot: Int?, schema: SQLiteSchema, _ connection: SQLiteConnection
    ) throws {
        let (upsert, _, delete) = try prepared(side, connection)
        let leavesShared = !side.isSource
        func isLeftToInverse(_ object: NSManagedObject) -> Bool {
            guard leavesShared, let inverseSlot else { return false }
            return object.isSavedWithRelationship(at: inverseSlot)
        }
        for object in pending.removals.elements where !isLeftToInverse(object) {
            guard let otherKey = object.objectID.primaryKey else { continue }
            try Self.run(delete, key, otherKey)
        }
        for object in pending.additions.elements where !isLeftToInverse(object) {
            try Self.upsert(upsert, key: key, code: code, destination: object.objectID, position: nil, schema: schema)
        }
    }

    /// Deletes the row joining `key` to `otherKey`.
    private static func run(_ delete: SQLiteStatement, _ key: Int64, _ otherKey: Int64) throws {
        delete.reset()
        delete.bind(key, at: 1)
        delete.bind(otherKey, at: 2)
        try delete.run()
    }

    /// Inserts the row joining `key` to `destination`, or updates its position.
    private static func upsert(_ upsert: SQLiteStatement, key: Int64, code: Int64, destination: NSManagedObjectID, position: Int64?, schema: SQLiteSchema) throws {
        guard let destinationKey = destination.primaryKey, let destinationCode = schema.code(for: destination.entity) else { return }
        upsert.reset()
        upsert.bind(key, at: 1)
        upsert.bind(code, at: 2)
        upsert.bind(destinationKey, at: 3)
        upsert.bind(destinationCode, at: 4)
        if let position { upsert.bind(position, at: 5) } else { upsert.bindNull(5) }
        try upsert.run()
    }

    private mutating func prepared(_ side: Side, _ connection: SQLiteConnection) throws -> (upsert: SQLiteStatement, existing: SQLiteStatement, delete: SQLiteStatement) {
        if let known = statements[side] { return known }
        let (own, other) = side.columns
        let name = side.join.name
        let made = (
            upsert: try connection.statement("""
                INSERT INTO \(name) (\(own), \(own)_ENT, \(other), \(other)_ENT, \(own)_ORDER) VALUES (?, ?, ?, ?, ?) \
                ON CONFLICT (Z_SRC, Z_DST) DO UPDATE SET \(own)_ORDER = excluded.\(own)_ORDER
                """),
            existing: try connection.statement("SELECT \(other) FROM \(name) WHERE \(own) = ?"),
            delete: try connection.statement("DELETE FROM \(name) WHERE \(own) = ? AND \(other) = ?")
        )
        statements[side] = made
        return made
    }
}
