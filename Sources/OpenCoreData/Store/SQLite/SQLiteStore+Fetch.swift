import Foundation

/// Fetching: one SQL query per table, with what SQL cannot do exactly (a residual predicate, a sort) done in memory.
extension SQLiteStore {
    /// A fetch plan's query over one table.
    struct TableQuery {
        let reader: SQLiteRowReader
        let entities: [NSEntityDescription]
        let translator: SQLitePredicateTranslator
        let condition: SQLitePredicateTranslator.Fragment?
        let residual: NSPredicate?
        /// The `ORDER BY` terms of the sort descriptors; nil when the sort must run in memory.
        let order: [String]?

        /// The `FROM … WHERE …` part and its bindings.
        func body(schema: SQLiteSchema) -> SQLitePredicateTranslator.Fragment {
            let filter = filter(schema: schema)
            let joins = translator.joins.isEmpty ? "" : " " + translator.joins.joined(separator: " ")
            return .init(sql: "FROM \(reader.table.name) t\(joins)\(filter.sql)", bindings: filter.bindings)
        }

        /// The ` WHERE …` part (empty when every row of the table qualifies) and its bindings.
        func filter(schema: SQLiteSchema) -> SQLitePredicateTranslator.Fragment {
            var conditions: [String] = []
            var bindings: [SQLValue] = []
            if entities.count < reader.table.root.layout.hierarchy.count {
                conditions.append("t.Z_ENT IN (\(entities.map { _ in "?" }.joined(separator: ", ")))")
                bindings += entities.compactMap { schema.code(for: $0).map(SQLValue.integer) }
            }
            if let condition {
                conditions.append("(\(condition.sql))")
                bindings += condition.bindings
            }
            return .init(sql: conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings: bindings)
        }
    }

    /// The columns (`TABLE.COLUMN`) holding strings that are not in normal form C; read in the fetch's transaction.
    private func denormalizedColumns(_ connection: SQLiteConnection) throws -> Set<String> {
        let statement = try connection.statement("SELECT Z_COLUMN FROM Z_DENORMALIZED")
        var columns = Set<String>()
        while try statement.step() { columns.insert(statement.string(0)) }
        return columns
    }

    /// Whether `table` holds any row.
    func hasRows(_ table: String, _ connection: SQLiteConnection) throws -> Bool {
        let statement = try connection.statement("SELECT 1 FROM \(table) LIMIT 1")
        defer { statement.reset() }
        return try statement.step()
    }

    func queries(_ plan: FetchPlan, _ connection: SQLiteConnection) throws -> [TableQuery] {
        let schema = try schema
        let denormalized = try denormalizedColumns(connection)
        var groups: [(table: String, entities: [NSEntityDescription])] = []
        for entity in plan.entities {
            let table = schema.mapping(for: entity).table
            if let index = groups.firstIndex(where: { $0.table == table }) {
                groups[index].entities.append(entity)
            } else {
                groups.append((table, [entity]))
            }
        }
        // An empty table matches nothing: its query, and translating a long predicate for it, are skipped.
        return try groups.filter { try hasRows($0.table, connection) }.map { group in
            let translator = SQLitePredicateTranslator(schema: schema, matchers: matchers, denormalizedColumns: denormalized)
            let base = group.entities[0]
            let (condition, residual) = translator.split(plan.predicate, entity: base)
            let order = plan.sortDescriptors.isEmpty ? [] : translator.orderBy(plan.sortDescriptors, entity: base)
            return TableQuery(reader: try reader(for: base), entities: group.entities, translator: translator, condition: condition, residual: residual, order: order)
        }
    }

    func readRows(_ plan: FetchPlan) throws -> [StoredRow] {
        try locked {
            let connection = try connection
            defer { matchers.removeAll() }
            return try connection.transaction(immediate: false) {
                let queries = try queries(plan, connection)
                let single = queries.count == 1
                var rows: [StoredRow] = []
                var sortedInSQL = true
                var boundedInSQL = single
                for query in queries {
                    let inSQL = single && query.residual == nil && query.order != nil
                    boundedInSQL = boundedInSQL && inSQL
                    sortedInSQL = sortedInSQL && query.order != nil
                    rows += try run(query, limit: inSQL ? plan.limit : 0, offset: inSQL ? plan.offset : 0, connection)
                }
                if !plan.sortDescriptors.isEmpty && !(sortedInSQL && single) {
                    rows = rows.map { StoredRowView(source: self, row: $0) }.sorted(byDescriptors: plan.sortDescriptors).map(\.row)
                }
                guard !boundedInSQL else { return rows }
                let start = min(plan.offset, rows.count)
                let end = plan.limit > 0 ? min(rows.count, start + plan.limit) : rows.count
                return Array(rows[start..<end])
            }
        }
    }

    /// Fills the temporary tables of the query's long `IN` lists.
    func fillLists(of query: TableQuery, _ connection: SQLiteConnection) throws {
        for (number, values) in query.translator.lists.enumerated() {
            try connection.execute("CREATE TEMP TABLE IF NOT EXISTS OCD_LIST_\(number) (value); DELETE FROM temp.OCD_LIST_\(number)")
            let insert = try connection.statement("INSERT INTO temp.OCD_LIST_\(number) (value) VALUES (?)")
            for value in values { try insert.run([value]) }
        }
    }

    private func run(_ query: TableQuery, limit: Int, offset: Int, _ connection: SQLiteConnection) throws -> [StoredRow] {
        let schema = try schema
        try fillLists(of: query, connection)
        let body = query.body(schema: schema)
        var bindings = body.bindings
        var order = query.order ?? []
        if query.entities.count > 1 {
            // Without a sort (and between equal values), rows come entity by entity, in the plan's order, as in memory.
            let cases = query.entities.enumerated().map { "WHEN ? THEN \($0.offset)" }.joined(separator: " ")
            order.append("CASE t.Z_ENT \(cases) END")
            bindings += query.entities.compactMap { schema.code(for: $0).map(SQLValue.integer) }
        }
        order.append("t.Z_PK")
        var sql = "SELECT \(query.reader.selectList(alias: "t")) \(body.sql) ORDER BY \(order.joined(separator: ", "))"
        if limit > 0 || offset > 0 {
            sql += " LIMIT ? OFFSET ?"
            bindings += [.integer(limit > 0 ? Int64(limit) : -1), .integer(Int64(offset))]
        }
        let statement = try connection.statement(sql)
        statement.bind(bindings)
        var rows: [StoredRow] = []
        while try statement.step() {
            if let row = query.reader.row(statement) { rows.append(row) }
        }
        guard let residual = query.residual else { return rows }
        return rows.filter { residual.evaluate(with: StoredRowView(source: self, row: $0)) }
    }

    func countMatchingRows(_ plan: FetchPlan) throws -> Int {
        try locked {
            let connection = try connection
            defer { matchers.removeAll() }
            let schema = try schema
            let counted: Int? = try connection.transaction(immediate: false) {
                let queries = try queries(plan, connection)
                guard queries.allSatisfy({ $0.residual == nil }) else { return nil }
                var total = 0
                for query in queries {
                    try fillLists(of: query, connection)
                    let body = query.body(schema: schema)
                    let statement = try connection.statement("SELECT COUNT(*) \(body.sql)")
                    statement.bind(body.bindings)
                    defer { statement.reset() }
                    if try statement.step() { total += Int(statement.int64(0)) }
                }
                return total
            }
            guard let total = counted else { return try readRows(plan).count }
            let afterOffset = max(0, total - plan.offset)
            return plan.limit > 0 ? min(plan.limit, afterOffset) : afterOffset
        }
    }
}
