import Foundation

/// Lightweight migration of a store file, in SQL and in the transaction that opens the store, so a failure
/// leaves the file as it was.
///
/// The mapping comes from `InferredMapping`. A table that keeps all its rows and columns is changed in place:
/// its columns and the table itself renamed, new columns added (no data is copied). Any other table of a mapped
/// entity tree is copied into a table of the destination's columns (removed columns and rows of removed
/// entities left out) that then replaces it. Join tables are renamed, or copied when their sides swap; tables
/// and join tables of removed entities and relationships
/// are dropped, and references to rows of removed entities cleared. Rows then take the default value of each
/// attribute that is new, or newly required, and the migration fails with `NSMigrationError` when a required
/// attribute or to-one relationship is left nil.
extension SQLiteSchemaSetup {
    func migrate(from stored: StoredModel) throws -> Result {
        let source = try stored.sourceModel()
        let mapping = try InferredMapping(source: source, destination: model)
        let sourceSchema = try SQLiteSchema(model: source, codes: try storedCodes())
        var kept: [String: String] = [:]
        for entity in model.entities {
            if let name = entity.name, let sourceName = mapping.sourceEntity(for: entity)?.name { kept[name] = sourceName }
        }
        let schema = try SQLiteSchema(model: model, codes: try writeCodes(keeping: kept))

        var replacements: [(temporary: String, name: String)] = []
        var dropped = Set<String>()
        var denormalized: [String: String] = [:]
        let mappedSourceRoots = Set(model.entities.compactMap { mapping.sourceEntity(for: $0) }.map(ObjectIdentifier.init))
        for table in sourceSchema.tables.values where !mappedSourceRoots.contains(ObjectIdentifier(table.root)) {
            dropped.insert(table.name)
        }
        for table in schema.tables.values.sorted(by: { $0.name < $1.name }) {
            guard let sourceRoot = mapping.sourceEntity(for: table.root) else { continue }
            let sourceTable = sourceSchema.mapping(for: sourceRoot).table
            let pairs = columnPairs(of: table, sourceTable: sourceTable, schema: schema, sourceSchema: sourceSchema, mapping: mapping)
            for (column, sourceColumn) in pairs { denormalized["\(sourceTable).\(sourceColumn)"] = "\(table.name).\(column)" }
            let survivors = table.root.layout.hierarchy.filter { mapping.sourceEntity(for: $0) != nil }.map { schema.mapping(for: $0).code }
            let removesEntities = survivors.count != sourceRoot.layout.hierarchy.count
            let mappedColumns = Set(pairs.map(\.sourceColumn))
            let sourceColumns = sourceSchema.tables[sourceTable]?.columns.map(\.name) ?? []
            let temporary = "Z_MIGRATING" + table.name
            if !removesEntities && sourceColumns.allSatisfy(mappedColumns.contains) {
                // Every row and column stays: rename the columns and the table in place.
                try renameColumns(pairs.filter { $0.column != $0.sourceColumn }, in: sourceTable)
                if table.name != sourceTable {
                    try connection.execute("ALTER TABLE \(sourceTable) RENAME TO \(temporary)")
                    replacements.append((temporary, table.name))
                }
                continue
            }
            try createTable(table, named: temporary)
            let columns = (["Z_PK", "Z_ENT", "Z_OPT"] + pairs.map(\.column)).joined(separator: ", ")
            let values = (["Z_PK", "Z_ENT", "Z_OPT"] + pairs.map(\.sourceColumn)).joined(separator: ", ")
            let filter = removesEntities ? " WHERE Z_ENT IN (\(survivors.map(String.init).joined(separator: ", ")))" : ""
            try connection.execute("INSERT INTO \(temporary) (\(columns)) SELECT \(values) FROM \(sourceTable)\(filter)")
            dropped.insert(sourceTable)
            replacements.append((temporary, table.name))
        }
        let keptJoins = try copyJoinTables(schema: schema, sourceSchema: sourceSchema, mapping: mapping, replacements: &replacements)
        dropped.formUnion(sourceSchema.joinTables.map(\.name).filter { !keptJoins.contains($0) })

        for table in dropped.sorted() { try connection.execute("DROP TABLE IF EXISTS \(table)") }
        for (temporary, name) in replacements { try connection.execute("ALTER TABLE \(temporary) RENAME TO \(name)") }
        try createMissingTables(schema)
        let removedCodes = source.entities.filter { entity in !kept.values.contains(entity.name ?? "") }.map { sourceSchema.mapping(for: $0).code }
        try forgetReferences(toEntityCodes: removedCodes, schema: schema)
        try renameDenormalizedColumns(denormalized)
        try fillRequiredValues(schema: schema, mapping: mapping)
        try metadata.write(model)
        return try result(schema)
    }

    /// The columns of `table` that take the values of a column of `sourceTable`: attributes, and the key,
    /// entity and order columns of to-one relationships.
    private func columnPairs(
        of table: SQLiteSchema.Table, sourceTable: String, schema: SQLiteSchema, sourceSchema: SQLiteSchema, mapping: InferredMapping
    ) -> [(column: String, sourceColumn: String)] {
        let columns = Set(table.columns.map(\.name))
        let sourceColumns = Set(sourceSchema.tables[sourceTable]?.columns.map(\.name) ?? [])
        var pairs: [(column: String, sourceColumn: String)] = []
        for entity in table.root.layout.hierarchy {
            for property in InferredMapping.storedProperties(of: entity) {
                guard let counterpart = mapping.sourceProperty(for: property), let owner = counterpart.entity,
                      let slot = entity.layout.slot(named: property.name), let sourceSlot = owner.layout.slot(named: counterpart.name)
                else { continue }
                switch (schema.mapping(for: entity).slots[slot], sourceSchema.mapping(for: owner).slots[sourceSlot]) {
                case let (.attribute(column, _), .attribute(sourceColumn, _)):
                    pairs.append((column, sourceColumn))
                case let (.toOne(column, _), .toOne(sourceColumn, _)):
                    pairs.append((column, sourceColumn))
                    pairs.append((column + "_ENT", sourceColumn + "_ENT"))
                    if columns.contains(column + "_ORDER") && sourceColumns.contains(sourceColumn + "_ORDER") {
                        pairs.append((column + "_ORDER", sourceColumn + "_ORDER"))
                    }
                default:
                    continue
                }
            }
        }
        return pairs
    }

    /// Renames the columns of `table` named `sourceColumn` to `column`, through temporary names, so names may swap.
    private func renameColumns(_ renames: [(column: String, sourceColumn: String)], in table: String) throws {
        for (column, sourceColumn) in renames {
            try connection.execute("ALTER TABLE \(table) RENAME COLUMN \(sourceColumn) TO Z_MIGRATING\(column)")
        }
        for (column, _) in renames {
            try connection.execute("ALTER TABLE \(table) RENAME COLUMN Z_MIGRATING\(column) TO \(column)")
        }
    }

    /// Gives each mapped many-to-many relationship its join table: the source's, renamed when its name changes,
    /// or a copy with the sides swapped when the other relationship of the pair now owns it (added to
    /// `replacements`). Returns the source join tables kept.
    private func copyJoinTables(
        schema: SQLiteSchema, sourceSchema: SQLiteSchema, mapping: InferredMapping, replacements: inout [(temporary: String, name: String)]
    ) throws -> Set<String> {
        var kept = Set<String>()
        for entity in model.entities {
            for property in InferredMapping.storedProperties(of: entity) {
                guard let slot = entity.layout.slot(named: property.name),
                      case .toManyByJoin(let join, isSource: true, _, _) = schema.mapping(for: entity).slots[slot],
                      let counterpart = mapping.sourceProperty(for: property), let owner = counterpart.entity,
                      let sourceSlot = owner.layout.slot(named: counterpart.name),
                      case .toManyByJoin(let sourceJoin, let sourceIsSource, _, _) = sourceSchema.mapping(for: owner).slots[sourceSlot]
                else { continue }
                let temporary = "Z_MIGRATING" + join.name
                if sourceIsSource {
                    kept.insert(sourceJoin.name)
                    if sourceJoin.name != join.name {
                        try connection.execute("ALTER TABLE \(sourceJoin.name) RENAME TO \(temporary)")
                        replacements.append((temporary, join.name))
                    }
                    continue
                }
                try createJoinTable(named: temporary)
                let values = sourceIsSource
                    ? "Z_SRC, Z_SRC_ENT, Z_DST, Z_DST_ENT, Z_SRC_ORDER, Z_DST_ORDER"
                    : "Z_DST, Z_DST_ENT, Z_SRC, Z_SRC_ENT, Z_DST_ORDER, Z_SRC_ORDER"
                try connection.execute("""
                    INSERT INTO \(temporary) (Z_SRC, Z_SRC_ENT, Z_DST, Z_DST_ENT, Z_SRC_ORDER, Z_DST_ORDER) SELECT \(values) FROM \(sourceJoin.name)
                    """)
                replacements.append((temporary, join.name))
            }
        }
        return kept
    }

    /// Clears the to-one keys and deletes the join rows that point to rows of removed entities (`codes`).
    private func forgetReferences(toEntityCodes codes: [Int64], schema: SQLiteSchema) throws {
        guard !codes.isEmpty else { return }
        let list = codes.map(String.init).joined(separator: ", ")
        for entity in model.entities {
            let mapping = schema.mapping(for: entity)
            for property in InferredMapping.storedProperties(of: entity) {
                guard let slot = entity.layout.slot(named: property.name), case .toOne(let column, _) = mapping.slots[slot] else { continue }
                try connection.execute("UPDATE \(mapping.table) SET \(column) = NULL, \(column)_ENT = NULL WHERE \(column)_ENT IN (\(list))")
            }
        }
        for join in schema.joinTables.sorted(by: { $0.name < $1.name }) {
            try connection.execute("DELETE FROM \(join.name) WHERE Z_SRC_ENT IN (\(list)) OR Z_DST_ENT IN (\(list))")
        }
    }

    /// Renames the columns recorded in `Z_DENORMALIZED` as `names` maps them (`TABLE.COLUMN`); drops the others.
    private func renameDenormalizedColumns(_ names: [String: String]) throws {
        let statement = try connection.statement("SELECT Z_COLUMN FROM Z_DENORMALIZED")
        var columns: [String] = []
        while try statement.step() { columns.append(statement.string(0)) }
        try connection.execute("DELETE FROM Z_DENORMALIZED")
        let insert = try connection.statement("INSERT OR IGNORE INTO Z_DENORMALIZED (Z_COLUMN) VALUES (?)")
        for column in columns {
            if let renamed = names[column] { try insert.run([.text(renamed)]) }
        }
    }

    /// Gives nil values of attributes that are new or newly required their default value, then fails with
    /// `NSMigrationError` when a new or newly required attribute or to-one relationship is still nil in a row.
    private func fillRequiredValues(schema: SQLiteSchema, mapping: InferredMapping) throws {
        for entity in model.entities {
            let entityMapping = schema.mapping(for: entity)
            let codes = entity.layout.hierarchy.map { String(schema.mapping(for: $0).code) }.joined(separator: ", ")
            for property in InferredMapping.storedProperties(of: entity) {
                let counterpart = mapping.sourceProperty(for: property)
                let becameRequired = counterpart?.isOptional == true && !property.isOptional
                guard counterpart == nil || becameRequired, let slot = entity.layout.slot(named: property.name) else { continue }
                let column: String
                switch entityMapping.slots[slot] {
                case .attribute(let name, let kind):
                    column = name
                    if let defaultValue = (property as? NSAttributeDescription)?.defaultValue {
                        let value = try SQLiteValueCoding.encode(kind.canonicalValue(defaultValue) ?? nil, kind: kind)
                        try connection.statement("UPDATE \(entityMapping.table) SET \(name) = ? WHERE \(name) IS NULL AND Z_ENT IN (\(codes))").run([value])
                    }
                case .toOne(let name, _):
                    column = name
                default:
                    continue
                }
                guard !property.isOptional else { continue }
                let check = try connection.statement("SELECT 1 FROM \(entityMapping.table) WHERE \(column) IS NULL AND Z_ENT IN (\(codes)) LIMIT 1")
                defer { check.reset() }
                if try check.step() {
                    throw CoreDataError.make(
                        NSMigrationError,
                        "The store could not be migrated: objects of entity \(entity.name ?? "?") have no value for \(property.name), which the model requires and gives no default value."
                    )
                }
            }
        }
    }
}
