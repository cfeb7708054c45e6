import Foundation

/// Opens a store file for a model: creates the schema of a new file, checks the version hashes of an existing
/// one, and migrates it to the model (see `InferredMapping`) when the options allow it.
struct SQLiteSchemaSetup {
    struct Result {
        let schema: SQLiteSchema
        let rootCodes: [String: Int64]
        let uuid: String
    }

    let connection: SQLiteConnection
    let model: NSManagedObjectModel
    let options: [AnyHashable: Any]
    let readOnly: Bool

    var metadata: SQLiteMetadataTable { SQLiteMetadataTable(connection: connection) }

    func run() throws -> Result {
        if readOnly {
            try checkIsStore()
            return try openExisting()
        }
        return try connection.transaction(immediate: true) {
            try checkIsStore()
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS Z_METADATA (Z_KEY TEXT PRIMARY KEY, Z_VALUE);
                CREATE TABLE IF NOT EXISTS Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME TEXT NOT NULL UNIQUE, Z_SUPER INTEGER NOT NULL, Z_MAX INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS Z_DENORMALIZED (Z_COLUMN TEXT PRIMARY KEY);
                """)
            guard let storedHashes = try metadata.versionHashes() else { return try create() }
            if storedHashes == model.entityVersionHashesByName { return try openExisting() }
            let stored = try metadata.storedModel()
            let migrates = (options[NSMigratePersistentStoresAutomaticallyOption] as? Bool ?? false)
                && (options[NSInferMappingModelAutomaticallyOption] as? Bool ?? false)
            guard migrates, let stored else {
                let differences = stored?.differences(from: StoredModel(model: model)) ?? []
                let detail = differences.isEmpty ? "" : " What differs: " + differences.joined(separator: "; ") + "."
                throw CoreDataError.make(
                    NSPersistentStoreIncompatibleVersionHashError,
                    "The model used to open the store is incompatible with the one used to create the store.\(detail)",
                    [NSStoreModelVersionHashesKey: storedHashes]
                )
            }
            return try migrate(from: stored)
        }
    }

    /// Refuses a SQLite file that holds tables of its own but no store metadata: another program's
    /// database, which adding a store's tables beside its own would change.
    private func checkIsStore() throws {
        let tables = try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        tables.reset()
        var names: [String] = []
        while try tables.step() { names.append(tables.string(0)) }
        guard !names.isEmpty, !names.contains("Z_METADATA") else { return }
        let shown = names.sorted().prefix(5).joined(separator: ", ")
        throw CoreDataError.make(
            NSPersistentStoreInvalidTypeError,
            "The file is a SQLite database that is not a Core Data store: it has tables of its own (\(shown)) and no store metadata. Open a store file, or a new path."
        )
    }

    // MARK: - Entity codes

    /// The codes of the entities the file knows, by name.
    func storedCodes() throws -> [String: Int64] {
        let statement = try connection.statement("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY")
        var codes: [String: Int64] = [:]
        while try statement.step() { codes[statement.string(1)] = statement.int64(0) }
        return codes
    }

    /// Rewrites `Z_PRIMARYKEY` for the model's entities and returns their codes by name: each entity takes the
    /// code and key counter of the stored entity named in `kept` (its source), the others the next free codes.
    func writeCodes(keeping kept: [String: String]) throws -> [String: Int64] {
        var stored: [String: (code: Int64, max: Int64)] = [:]
        let rows = try connection.statement("SELECT Z_ENT, Z_NAME, Z_MAX FROM Z_PRIMARYKEY")
        while try rows.step() { stored[rows.string(1)] = (rows.int64(0), rows.int64(2)) }
        var next = (stored.values.map(\.code).max() ?? 0) + 1
        var codes: [String: Int64] = [:]
        var counters: [String: Int64] = [:]
        for entity in model.entities.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) {
            guard let name = entity.name else { continue }
            if let source = kept[name], let row = stored[source] {
                codes[name] = row.code
                counters[name] = row.max
            } else {
                codes[name] = next
                next += 1
            }
        }
        try connection.execute("DELETE FROM Z_PRIMARYKEY")
        let insert = try connection.statement("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)")
        for entity in model.entities {
            guard let name = entity.name, let code = codes[name] else { continue }
            let superCode = entity.superentity?.name.flatMap { codes[$0] } ?? 0
            try insert.run([.integer(code), .text(name), .integer(superCode), .integer(counters[name] ?? 0)])
        }
        return codes
    }

    // MARK: - Creating and opening

    private func create() throws -> Result {
        let schema = try SQLiteSchema(model: model, codes: try writeCodes(keeping: [:]))
        try createMissingTables(schema)
        try metadata.write(model)
        try metadata.set(StoreMetadataKey.uuid, .text(UUID().uuidString))
        try metadata.set(StoreMetadataKey.saveVersion, .integer(0))
        return try result(schema)
    }

    private func openExisting() throws -> Result {
        let codes = try storedCodes()
        let schema = try SQLiteSchema(model: model, codes: codes)
        return try result(schema)
    }

    /// Creates the tables, columns, join tables and indexes of `schema` that the file lacks.
    func createMissingTables(_ schema: SQLiteSchema) throws {
        for table in schema.tables.values.sorted(by: { $0.name < $1.name }) {
            let existing = try columns(of: table.name)
            if existing.isEmpty {
                try createTable(table, named: table.name)
            } else {
                for column in table.columns where !existing.contains(column.name.uppercased()) {
                    try connection.execute("ALTER TABLE \(table.name) ADD COLUMN \(column.name) \(column.type)")
                }
            }
            var indexed = try indexSignatures(of: table.name)
            for index in table.indexes {
                try createIndex(on: table.name, index, name: "\(table.name)_\(index.joined(separator: "_"))_INDEX", unless: &indexed)
            }
            // Uniqueness constraints hold in the file too, so concurrent savers cannot both insert a duplicate.
            for unique in table.uniqueIndexes {
                let name = "\(table.name)_\(unique.columns.joined(separator: "_"))_UNIQUE"
                try createIndex(on: table.name, unique.columns, name: name, unique: true, scope: unique.scope, unless: &indexed)
            }
        }
        for join in schema.joinTables.sorted(by: { $0.name < $1.name }) {
            try createJoinTable(named: join.name)
            var indexed = try indexSignatures(of: join.name)
            try createIndex(on: join.name, ["Z_DST"], name: "\(join.name)_Z_DST_INDEX", unless: &indexed)
        }
    }

    /// Creates an index on `columns` of `table` unless `table` has one of that kind on them already (under
    /// another name, when the table or its columns were renamed); records it in `indexed`.
    private func createIndex(
        on table: String, _ columns: [String], name: String, unique: Bool = false, scope: String? = nil, unless indexed: inout Set<String>
    ) throws {
        guard indexed.insert(Self.indexSignature(columns, unique: unique, partial: scope != nil)).inserted else { return }
        let kind = unique ? "UNIQUE INDEX" : "INDEX"
        try connection.execute("CREATE \(kind) IF NOT EXISTS \(name) ON \(table) (\(columns.joined(separator: ", ")))\(scope.map { " WHERE \($0)" } ?? "")")
    }

    /// What tells `table`'s indexes apart here: their columns, in order, and whether they are unique and partial.
    private func indexSignatures(of table: String) throws -> Set<String> {
        let list = try connection.statement("SELECT name, \"unique\", partial FROM pragma_index_list(?)")
        list.bind(table, at: 1)
        var indexes: [(name: String, unique: Bool, partial: Bool)] = []
        while try list.step() { indexes.append((list.string(0), list.int64(1) != 0, list.int64(2) != 0)) }
        var signatures = Set<String>()
        for index in indexes {
            let info = try connection.statement("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
            info.bind(index.name, at: 1)
            var columns: [String] = []
            while try info.step() { columns.append(info.string(0)) }
            signatures.insert(Self.indexSignature(columns, unique: index.unique, partial: index.partial))
        }
        return signatures
    }

    private static func indexSignature(_ columns: [String], unique: Bool, partial: Bool) -> String {
        (unique ? "unique " : "") + (partial ? "partial " : "") + columns.map { $0.uppercased() }.joined(separator: ",")
    }

    /// Creates `table`'s columns, without its indexes, as the table `name`.
    func createTable(_ table: SQLiteSchema.Table, named name: String) throws {
        let columns = (["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER NOT NULL", "Z_OPT INTEGER NOT NULL"]
            + table.columns.map { "\($0.name) \($0.type)" }).joined(separator: ", ")
        try connection.execute("CREATE TABLE \(name) (\(columns))")
    }

    /// Creates a join table named `name` when there is none, without its index.
    func createJoinTable(named name: String) throws {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS \(name) (Z_SRC INTEGER NOT NULL, Z_SRC_ENT INTEGER NOT NULL, Z_DST INTEGER NOT NULL, \
            Z_DST_ENT INTEGER NOT NULL, Z_SRC_ORDER INTEGER, Z_DST_ORDER INTEGER, PRIMARY KEY (Z_SRC, Z_DST)) WITHOUT ROWID
            """)
    }

    /// The column names of `table` in capitals; empty when there is no such table.
    func columns(of table: String) throws -> Set<String> {
        let statement = try connection.statement("SELECT name FROM pragma_table_info(?)")
        statement.bind(table, at: 1)
        var names = Set<String>()
        while try statement.step() { names.insert(statement.string(0).uppercased()) }
        return names
    }

    func result(_ schema: SQLiteSchema) throws -> Result {
        guard case .text(let uuid) = try metadata.value(StoreMetadataKey.uuid) else {
            throw CoreDataError.make(NSPersistentStoreOpenError, "The file is not an OpenCoreData SQLite store.")
        }
        var rootCodes: [String: Int64] = [:]
        for entity in model.entities where entity.superentity == nil {
            let mapping = schema.mapping(for: entity)
            rootCodes[mapping.table] = mapping.code
        }
        return Result(schema: schema, rootCodes: rootCodes, uuid: uuid)
    }
}
