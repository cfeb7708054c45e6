import Foundation

/// Batch deletes and updates in SQL, in one `BEGIN IMMEDIATE` transaction, without reading rows into objects.
extension SQLiteStore {
    private typealias Fragment = SQLitePredicateTranslator.Fragment

    /// Where the selected rows come from: the fetch translation's query, or keys found before the
    /// transaction (the rows of given IDs, or rows matched by a predicate SQL cannot evaluate exactly, or
    /// by a bounded fetch).
    private enum Source {
        case query(TableQuery)
        case keys([Int64])
    }

    /// The table and source of the rows `selection` names; nil when there are none. Runs before the
    /// transaction, since reading rows runs one of its own.
    private func source(of selection: BatchSelection, _ connection: SQLiteConnection) throws -> (table: String, source: Source)? {
        switch selection {
        case .objectIDs(let objectIDs):
            guard let entity = objectIDs.first?.entity else { return nil }
            return (try schema.mapping(for: entity).table, .keys(objectIDs.compactMap(\.primaryKey)))
        case .fetch(let plan):
            guard let query = try queries(plan, connection).first else { return nil }
            if query.residual == nil, plan.limit == 0, plan.offset == 0 { return (query.reader.table.name, .query(query)) }
            return (query.reader.table.name, .keys(try readRows(plan).compactMap(\.objectID.primaryKey)))
        }
    }

    /// The selected rows of a table (alias `t`): the `FROM … WHERE …` part of a query of them, and the
    /// ` WHERE …` part alone when it needs no join, so that one statement can change them in place.
    private struct SelectedRows {
        let from: Fragment
        let filter: Fragment?

        /// `WHERE …` over the table aliased `t`, for an `UPDATE` or `DELETE` of `table` (aliased `t` too).
        var condition: Fragment {
            filter ?? Fragment(sql: " WHERE t.Z_PK IN (SELECT t.Z_PK \(from.sql))", bindings: from.bindings)
        }
    }

    /// The selected rows of `table`, inside the transaction.
    private func selectedRows(_ source: Source, table: String, _ connection: SQLiteConnection) throws -> SelectedRows {
        switch source {
        case .query(let query):
            try fillLists(of: query, connection)
            let schema = try schema
            return SelectedRows(from: query.body(schema: schema), filter: query.translator.joins.isEmpty ? query.filter(schema: schema) : nil)
        case .keys(let keys):
            try connection.execute("CREATE TEMP TABLE IF NOT EXISTS OCD_BATCH_KEYS (Z_PK INTEGER PRIMARY KEY); DELETE FROM temp.OCD_BATCH_KEYS")
            let insert = try connection.statement("INSERT OR IGNORE INTO temp.OCD_BATCH_KEYS (Z_PK) VALUES (?)")
            for key in keys { try insert.run([.integer(key)]) }
            let filter = Fragment(sql: " WHERE t.Z_PK IN (SELECT Z_PK FROM temp.OCD_BATCH_KEYS)")
            return SelectedRows(from: Fragment(sql: "FROM \(table) t\(filter.sql)"), filter: filter)
        }
    }

    /// Runs `body` with the store locked, in a write transaction over the rows `selection` names.
    private func inBatchTransaction(_ selection: BatchSelection, _ body: (_ table: String, _ rows: SelectedRows, SQLiteConnection) throws -> BatchOutcome) throws -> BatchOutcome {
        if isReadOnly { throw CoreDataError.readOnlyStore(self) }
        return try locked(errorCode: NSPersistentStoreSaveError) {
            let connection = try connection
            defer { matchers.removeAll() }
            guard let (table, source) = try source(of: selection, connection) else { return BatchOutcome() }
            return try connection.transaction(immediate: true) {
                try body(table, try selectedRows(source, table: table, connection), connection)
            }
        }
    }

    /// Runs `statement`, whose rows (if `returning`) are `Z_PK, Z_ENT` of `table`: their object IDs, or the number of changed rows.
    private func outcome(of statement: SQLiteStatement, table: String, returning: Bool, _ connection: SQLiteConnection) throws -> BatchOutcome {
        guard returning, let reader = readers[table] else {
            try statement.run()
            return BatchOutcome(count: connection.changedRowCount)
        }
        var objectIDs: [NSManagedObjectID] = []
        while try statement.step() {
            if let objectID = reader.objectID(key: statement.int64(0), code: statement.value(1), fallback: nil) { objectIDs.append(objectID) }
        }
        return BatchOutcome(count: objectIDs.count, objectIDs: objectIDs)
    }

    // MARK: - Update

    func updateInSQL(_ plan: BatchUpdatePlan) throws -> BatchOutcome {
        try inBatchTransaction(.fetch(plan.fetch)) { table, rows, connection in
            guard let entity = plan.fetch.entities.first else { return BatchOutcome() }
            let mapping = try schema.mapping(for: entity)
            var assignments = ["Z_OPT = ?"]
            var bindings: [SQLValue] = [.integer(try nextSaveVersion(connection))]
            var denormalized = Set<String>()
            for (slot, value) in plan.values {
                guard case .attribute(let column, let kind) = mapping.slots[slot] else { continue }
                switch value {
                case .constant(let constant):
                    assignments.append("\(column) = ?")
                    bindings.append(try SQLiteValueCoding.encode(constant, kind: kind))
                    if let text = constant as? String, !text.isInNormalFormC { denormalized.insert("\(table).\(column)") }
                case .attribute(let source):
                    guard case .attribute(let sourceColumn, _) = mapping.slots[source] else { continue }
                    assignments.append("\(column) = \(sourceColumn)")
                    // Copied text may not be in normal form C: compare the column exactly from now on.
                    if kind == .string { denormalized.insert("\(table).\(column)") }
                }
            }
            try recordDenormalized(denormalized, connection)
            let returning = plan.wantsObjectIDs ? " RETURNING Z_PK, Z_ENT" : ""
            let condition = rows.condition
            let statement = try connection.statement("UPDATE \(table) AS t SET \(assignments.joined(separator: ", "))\(condition.sql)\(returning)")
            statement.bind(bindings + condition.bindings)
            return try outcome(of: statement, table: table, returning: plan.wantsObjectIDs, connection)
        }
    }

    // MARK: - Delete

    func deleteInSQL(_ plan: BatchDeletePlan) throws -> BatchOutcome {
        try inBatchTransaction(plan.selection) { table, rows, connection in
            let schema = try schema
            let tree = schema.tables[table]?.root.layout.hierarchy ?? []
            if tree.allSatisfy({ $0.layout.relationshipSlots.isEmpty }) {
                // No relationship to follow: one statement.
                let returning = plan.wantsObjectIDs ? " RETURNING Z_PK, Z_ENT" : ""
                let condition = rows.condition
                let statement = try connection.statement("DELETE FROM \(table) AS t\(condition.sql)\(returning)")
                statement.bind(condition.bindings)
                return try outcome(of: statement, table: table, returning: plan.wantsObjectIDs, connection)
            }
            return try deleteFollowingRules(table: table, rows: rows.from, wantsObjectIDs: plan.wantsObjectIDs, connection)
        }
    }

    /// The temporary table of the keys (and entity codes) of the rows of `table` being deleted.
    private static func deletionTable(_ table: String) -> String {
        "temp.OCD_DELETE_\(table)"
    }

    /// Deletes the selected rows of `table` and, by cascade, the rows they relate to, after checking deny rules,
    /// nullifying the inverses of nullify rules and marking changed the rows whose to-many relationships lose
    /// members. The rows to delete are gathered in a temporary table per tree table first.
    private func deleteFollowingRules(table: String, rows: Fragment, wantsObjectIDs: Bool, _ connection: SQLiteConnection) throws -> BatchOutcome {
        let schema = try schema
        for name in schema.tables.keys {
            try connection.execute("CREATE TEMP TABLE IF NOT EXISTS OCD_DELETE_\(name) (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER); DELETE FROM \(Self.deletionTable(name))")
        }
        let seed = try connection.statement("INSERT OR IGNORE INTO \(Self.deletionTable(table)) (Z_PK, Z_ENT) SELECT t.Z_PK, t.Z_ENT \(rows.sql)")
        seed.bind(rows.bindings)
        try seed.run()

        let owned = schema.entitiesByCode.values.flatMap { entity in
            entity.layout.relationshipSlots.compactMap { slot -> OwnedRelationship? in
                guard let relationship = entity.layout.properties[slot] as? NSRelationshipDescription, relationship.entity === entity else { return nil }
                return OwnedRelationship(entity: entity, slot: slot, relationship: relationship)
            }
        }
        // Cascades until no row is added; deny rules checked on every row to delete.
        var added = true
        while added {
            added = false
            for owner in owned where owner.relationship.deleteRule == .cascadeDeleteRule || owner.relationship.deleteRule == .denyDeleteRule {
                let destinations = try owner.destinations(schema)
                if owner.relationship.deleteRule == .denyDeleteRule {
                    if try exists(destinations.sql, connection) { throw CoreDataError.batchDeleteDenied(owner.relationship) }
                    continue
                }
                try connection.execute("INSERT OR IGNORE INTO \(Self.deletionTable(destinations.table)) (Z_PK, Z_ENT) \(destinations.sql)")
                added = added || connection.changedRowCount > 0
            }
        }

        let version = try nextSaveVersion(connection)
        for owner in owned where owner.relationship.deleteRule != .cascadeDeleteRule {
            guard let inverse = owner.relationship.inverseRelationship, let inverseEntity = inverse.entity else { continue }
            let destinations = try owner.destinations(schema)
            let kept = "NOT IN (SELECT Z_PK FROM \(Self.deletionTable(destinations.table)))"
            if inverse.isToMany {
                // The survivors' to-many relationships lose members: their rows change version.
                try connection.execute("UPDATE \(destinations.table) SET Z_OPT = \(version) WHERE Z_PK IN (SELECT OCD_KEY FROM (\(destinations.sql))) AND Z_PK \(kept)")
            } else if owner.relationship.deleteRule == .nullifyDeleteRule,
                      let inverseSlot = inverseEntity.layout.slot(named: inverse.name),
                      case .toOne(let column, _) = schema.mapping(for: inverseEntity).slots[inverseSlot] {
                let inverseTable = schema.mapping(for: inverseEntity).table
                let condition = "\(column) IN (\(owner.owners(schema))) AND Z_PK NOT IN (SELECT Z_PK FROM \(Self.deletionTable(inverseTable)))"
                if !inverse.isOptional, try exists("SELECT 1 FROM \(inverseTable) WHERE \(condition)", connection) {
                    throw CoreDataError.batchDeleteRequiredInverse(inverse)
                }
                let order = owner.relationship.isToMany && owner.relationship.isOrdered ? ", \(column)_ORDER = NULL" : ""
                try connection.execute("UPDATE \(inverseTable) SET \(column) = NULL, \(column)_ENT = NULL\(order), Z_OPT = \(version) WHERE \(condition)")
            }
        }
        for owner in owned {
            guard case .toManyByJoin(let join, let isSource, _, _) = schema.mapping(for: owner.entity).slots[owner.slot] else { continue }
            try connection.execute("DELETE FROM \(join.name) WHERE \(isSource ? "Z_SRC" : "Z_DST") IN (\(owner.owners(schema)))")
        }

        var outcome = BatchOutcome()
        for name in schema.tables.keys.sorted() {
            let deletion = Self.deletionTable(name)
            if wantsObjectIDs, let reader = readers[name] {
                let statement = try connection.statement("SELECT Z_PK, Z_ENT FROM \(deletion) ORDER BY Z_PK")
                while try statement.step() {
                    if let objectID = reader.objectID(key: statement.int64(0), code: statement.value(1), fallback: nil) { outcome.objectIDs.append(objectID) }
                }
            }
            try connection.execute("DELETE FROM \(name) WHERE Z_PK IN (SELECT Z_PK FROM \(deletion))")
            outcome.count += connection.changedRowCount
        }
        return outcome
    }

    /// Whether the query `sql` returns a row.
    private func exists(_ sql: String, _ connection: SQLiteConnection) throws -> Bool {
        let statement = try connection.statement("SELECT EXISTS (\(sql))")
        defer { statement.reset() }
        return try statement.step() && statement.int64(0) != 0
    }
}

/// A relationship declared by `entity` (its subentities inherit it), as a batch delete follows it.
private struct OwnedRelationship {
    let entity: NSEntityDescription
    let slot: Int
    let relationship: NSRelationshipDescription

    /// The keys of the rows being deleted that have the relationship: those of `entity` and its subentities.
    func owners(_ schema: SQLiteSchema) -> String {
        let table = schema.mapping(for: entity).table
        let codes = entity.layout.hierarchy.compactMap(schema.code(for:)).map(String.init).joined(separator: ", ")
        return "SELECT Z_PK FROM temp.OCD_DELETE_\(table) WHERE Z_ENT IN (\(codes))"
    }

    /// A query of the destinations of the owners (`OCD_KEY, OCD_CODE`), and their table.
    func destinations(_ schema: SQLiteSchema) throws -> (sql: String, table: String) {
        let mapping = schema.mapping(for: entity)
        let owners = owners(schema)
        switch mapping.slots[slot] {
        case .toOne(let column, let destination):
            return ("SELECT \(column) AS OCD_KEY, \(column)_ENT AS OCD_CODE FROM \(mapping.table) WHERE Z_PK IN (\(owners)) AND \(column) IS NOT NULL", destination)
        case .toManyByForeignKey(let table, let foreignKey, _):
            return ("SELECT Z_PK AS OCD_KEY, Z_ENT AS OCD_CODE FROM \(table) WHERE \(foreignKey) IN (\(owners))", table)
        case .toManyByJoin(let join, let isSource, _, let destination):
            let (own, other) = isSource ? ("Z_SRC", "Z_DST") : ("Z_DST", "Z_SRC")
            return ("SELECT \(other) AS OCD_KEY, \(other)_ENT AS OCD_CODE FROM \(join.name) WHERE \(own) IN (\(owners))", destination)
        case .none, .attribute:
            throw CoreDataError.make(NSPersistentStoreSaveError, "\(relationship.name) is not a stored relationship.")
        }
    }
}
