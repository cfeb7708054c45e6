import Foundation

/// Loading single rows and relationships, allocating primary keys, and uniqueness lookups.
extension SQLiteStore {
    func readSnapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        try locked {
            guard let key = objectID.primaryKey else { return nil }
            let reader = try reader(for: objectID.entity)
            let statement = try connection.statement("SELECT \(reader.selectList(alias: "t")) FROM \(reader.table.name) t WHERE t.Z_PK = ?")
            statement.bind(key, at: 1)
            defer { statement.reset() }
            guard try statement.step(), let row = reader.row(statement), row.objectID.entity === objectID.entity else { return nil }
            return row.snapshot
        }
    }

    /// Keys per batched query: well under SQLite's smallest limit on bound parameters (999).
    private static let batchSize = 500

    /// The version of each row, nil for a row that no longer exists: one query per entity and
    /// batch of keys, where reading snapshots costs one query per row.
    func readRowVersions(of objectIDs: [NSManagedObjectID]) throws -> [Int64?] {
        try locked {
            var versions = [Int64?](repeating: nil, count: objectIDs.count)
            try forEachRow(ownedBy: objectIDs, query: { entity in
                let mapping = try schema.mapping(for: entity)
                return BatchQuery(select: "SELECT Z_PK, Z_OPT FROM \(mapping.table) WHERE Z_ENT = ? AND Z_PK", leading: [mapping.code], context: ())
            }, row: { statement, _, owners in
                for position in owners { versions[position] = statement.int64(1) }
            })
            return versions
        }
    }

    func readRelatedObjectIDs(of objectID: NSManagedObjectID, slot: Int) throws -> [NSManagedObjectID] {
        try readRelatedObjectIDs(of: [objectID], slot: slot).first ?? []
    }

    /// The destination object IDs of a to-many relationship of each row of `objectIDs`, in order:
    /// one query per entity and batch of keys.
    func readRelatedObjectIDs(of objectIDs: [NSManagedObjectID], slot: Int) throws -> [[NSManagedObjectID]] {
        try locked {
            var related = [[NSManagedObjectID]](repeating: [], count: objectIDs.count)
            try forEachRow(ownedBy: objectIDs, query: { entity -> BatchQuery<(reader: SQLiteRowReader, destination: NSEntityDescription?)>? in
                guard let query = try relatedRowsQuery(of: entity, slot: slot) else { return nil }
                let destination = (entity.layout.properties[slot] as? NSRelationshipDescription)?.destinationEntity
                return BatchQuery(select: query.select, order: query.order, context: (try reader(for: entity), destination))
            }, row: { statement, context, owners in
                guard let id = context.reader.objectID(key: statement.int64(1), code: statement.value(2), fallback: context.destination)
                else { return }
                for position in owners { related[position].append(id) }
            })
            return related
        }
    }

    /// A query over the rows owned by a batch of keys: `select` ends with the key column an `IN`
    /// list follows; `leading` values are bound before the keys; `context` goes to each row.
    private struct BatchQuery<Context> {
        var select: String
        var order: String?
        var leading: [Int64]
        var context: Context

        init(select: String, order: String? = nil, leading: [Int64] = [], context: Context) {
            self.select = select
            self.order = order
            self.leading = leading
            self.context = context
        }
    }

    /// Runs `query` per entity of `objectIDs` and batch of their primary keys, and calls `row` with
    /// each result row, whose first column is an owner's key, and the owner's positions in `objectIDs`.
    /// `query` returns nil for an entity with nothing to read.
    private func forEachRow<Context>(
        ownedBy objectIDs: [NSManagedObjectID],
        query: (NSEntityDescription) throws -> BatchQuery<Context>?,
        row: (SQLiteStatement, Context, [Int]) throws -> Void
    ) throws {
        var positionsByEntity: [ObjectIdentifier: (entity: NSEntityDescription, positions: [Int64: [Int]])] = [:]
        for (position, objectID) in objectIDs.enumerated() {
            guard let key = objectID.primaryKey else { continue }
            positionsByEntity[ObjectIdentifier(objectID.entity), default: (objectID.entity, [:])].positions[key, default: []].append(position)
        }
        for (entity, positions) in positionsByEntity.values {
            guard let query = try query(entity) else { continue }
            let keys = Array(positions.keys)
            for start in stride(from: 0, to: keys.count, by: Self.batchSize) {
                let batch = keys[start..<min(start + Self.batchSize, keys.count)]
                let marks = batch.map { _ in "?" }.joined(separator: ", ")
                let order = query.order.map { " ORDER BY \($0)" } ?? ""
                let statement = try connection.statement("\(query.select) IN (\(marks))\(order)")
                defer { statement.reset() }
                for (index, value) in (query.leading + batch).enumerated() { statement.bind(value, at: Int32(index + 1)) }
                while try statement.step() {
                    guard let owners = positions[statement.int64(0)] else { continue }
                    try row(statement, query.context, owners)
                }
            }
        }
    }

    /// The query for the rows a to-many slot of `entity` relates to owners, up to the owner key
    /// column that an `IN` list follows, and its order (by owner first); nil for another slot.
    /// Rows give the owner key, the destination key and the destination entity code.
    private func relatedRowsQuery(of entity: NSEntityDescription, slot: Int) throws -> (select: String, order: String)? {
        switch try schema.mapping(for: entity).slots[slot] {
        case .toManyByForeignKey(let table, let foreignKey, let orderColumn):
            let order = orderColumn.map { "\($0) NULLS LAST, " } ?? ""
            return ("SELECT \(foreignKey), Z_PK, Z_ENT FROM \(table) WHERE \(foreignKey)", "\(foreignKey), \(order)Z_PK")
        case .toManyByJoin(let join, let isSource, let ordered, _):
            let (own, other) = isSource ? ("Z_SRC", "Z_DST") : ("Z_DST", "Z_SRC")
            let order = ordered ? "\(own)_ORDER NULLS LAST, " : ""
            return ("SELECT \(own), \(other), \(other)_ENT FROM \(join.name) WHERE \(own)", "\(own), \(order)\(other)")
        case .none, .attribute, .toOne:
            return nil
        }
    }

    func allocateObjectIDs(for entity: NSEntityDescription, count: Int) throws -> [NSManagedObjectID] {
        if isReadOnly { throw CoreDataError.readOnlyStore(self) }
        return try locked {
            let table = try schema.mapping(for: entity).table
            guard let rootCode = rootCodes[table] else { return [] }
            // One statement in autocommit mode: atomic, and serialized with other connections by SQLite's write lock.
            let statement = try connection.statement("UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + ? WHERE Z_ENT = ? RETURNING Z_MAX")
            statement.bind(Int64(count), at: 1)
            statement.bind(rootCode, at: 2)
            guard try statement.step() else { return [] }
            let last = statement.int64(0)
            try statement.run()
            let first = last - Int64(count) + 1
            return (0..<Int64(count)).map { objectID(for: entity, primaryKey: first + $0) }
        }
    }

    /// Whether the table of `entity`'s tree has any row.
    func hasRows(inTreeOf entity: NSEntityDescription) throws -> Bool {
        try locked {
            let statement = try connection.statement("SELECT EXISTS (SELECT 1 FROM \(try schema.mapping(for: entity).table))")
            defer { statement.reset() }
            return try statement.step() && statement.int64(0) != 0
        }
    }

    func findObjectIDs(of entity: NSEntityDescription, slots: [Int], matchingEach valueSets: [[Any?]]) throws -> [[NSManagedObjectID]] {
        try locked {
            let schema = try schema
            let mapping = schema.mapping(for: entity)
            // Like the in-memory store: every entity of the tree that has the constrained properties.
            let names = slots.map { entity.layout.properties[$0].name }
            let tree = entity.layout.rootEntity.layout.hierarchy
            let candidates = tree.filter { candidate in names.allSatisfy { candidate.layout.slot(named: $0) != nil } }
            var found = [[NSManagedObjectID]](repeating: [], count: valueSets.count)
            // Nothing to find in an empty table (the first import into a store, typically).
            guard !candidates.isEmpty, try hasRows(mapping.table, connection) else { return found }
            var entityCondition: (sql: String, bindings: [SQLValue])?
            if candidates.count < tree.count {
                entityCondition = ("Z_ENT IN (\(candidates.map { _ in "?" }.joined(separator: ", "))) AND ", candidates.compactMap { schema.code(for: $0).map(SQLValue.integer) })
            }
            let reader = try reader(for: entity)
            if slots.count == 1, case .attribute(let column, let kind) = mapping.slots[slots[0]] {
                // One column: the rows of many values at once, by chunks of bound parameters.
                var wanted: [SQLValue: [Int]] = [:]
                for (index, values) in valueSets.enumerated() {
                    guard let value = values.first ?? nil else { continue }
                    wanted[try SQLiteValueCoding.encode(value, kind: kind), default: []].append(index)
                }
                let distinct = Array(wanted.keys)
                for start in stride(from: 0, to: distinct.count, by: Self.parameterChunk) {
                    let chunk = distinct[start..<min(distinct.count, start + Self.parameterChunk)]
                    let marks = chunk.map { _ in "?" }.joined(separator: ", ")
                    let statement = try connection.statement("SELECT Z_PK, Z_ENT, \(column) FROM \(mapping.table) WHERE \(entityCondition?.sql ?? "")\(column) IN (\(marks)) ORDER BY Z_PK")
                    statement.bind((entityCondition?.bindings ?? []) + chunk)
                    while try statement.step() {
                        guard let indexes = wanted[statement.value(2)],
                              let id = reader.objectID(key: statement.int64(0), code: statement.value(1), fallback: nil)
                        else { continue }
                        for index in indexes { found[index].append(id) }
                    }
                }
                return found
            }
            for (index, values) in valueSets.enumerated() {
                var conditions: [String] = []
                var bindings = entityCondition?.bindings ?? []
                for (slot, value) in zip(slots, values) {
                    switch mapping.slots[slot] {
                    case .attribute(let column, let kind):
                        conditions.append("\(column) IS ?")
                        bindings.append(try SQLiteValueCoding.encode(value, kind: kind))
                    case .toOne(let column, _):
                        conditions.append("\(column) IS ?")
                        bindings.append((value as? NSManagedObjectID)?.primaryKey.map(SQLValue.integer) ?? .null)
                    case .none, .toManyByForeignKey, .toManyByJoin:
                        return found
                    }
                }
                let statement = try connection.statement("SELECT Z_PK, Z_ENT FROM \(mapping.table) WHERE \(entityCondition?.sql ?? "")\(conditions.joined(separator: " AND ")) ORDER BY Z_PK")
                statement.bind(bindings)
                while try statement.step() {
                    if let id = reader.objectID(key: statement.int64(0), code: statement.value(1), fallback: nil) { found[index].append(id) }
                }
            }
            return found
        }
    }

    /// How many values one lookup statement binds (well under SQLite's parameter limit).
    static let parameterChunk = 500
}

extension SQLiteStore: StoredRowSource {
    func storedRow(for objectID: NSManagedObjectID) -> StoredRow? {
        guard let snapshot = (try? readSnapshot(for: objectID)) ?? nil else { return nil }
        return StoredRow(objectID: objectID, snapshot: snapshot)
    }

    func storedToManyIDs(of objectID: NSManagedObjectID, slot: Int) -> [NSManagedObjectID] {
        (try? readRelatedObjectIDs(of: objectID, slot: slot)) ?? []
    }
}
