import Foundation

/// Opens a store file for a model: creates the schema of a new file, checks the version hashes of an existing
/// one, and migrates additive changes when the options allow it.
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
            guard let storedHashes = try storedHashes() else { return try create() }
            if storedHashes == model.entityVersionHashesByName { return try openExisting() }
            let migrates = (options[NSMigratePersistentStoresAutomaticallyOption] as? Bool ?? false)
                && (options[NSInferMappingModelAutomaticallyOption] as? Bool ?? false)
            guard migrates, let stored = try storedModel(), let additions = stored.additions(in: model) else {
                throw CoreDataError.make(NSPersistentStoreIncompatibleVersionHashError, "The model used to open the store is incompatible with the one used to create the store.", [
                    NSStoreModelVersionHashesKey: storedHashes,
                ])
            }
            return try migrate(stored: stored, additions: additions)
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

    // MARK: - Metadata

    private func metadataValue(_ key: String) throws -> SQLValue {
        let statement = try connection.statement("SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = ?")
        statement.bind(key, at: 1)
        defer { statement.reset() }
        return try statement.step() ? statement.value(0) : .null
    }

    private func setMetadata(_ key: String, _ value: SQLValue) throws {
        try connection.statement("INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?)").run([.text(key), value])
    }

    private func storedHashes() throws -> [String: Data]? {
        guard case .blob(let data) = try metadataValue(StoreMetadataKey.versionHashes) else { return nil }
        return try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Data]
    }

    private func storedModel() throws -> StoredModel? {
        guard case .blob(let data) = try metadataValue(StoreMetadataKey.model) else { return nil }
        return try JSONDecoder().decode(StoredModel.self, from: data)
    }

    private func writeModelMetadata() throws {
        let hashes = try PropertyListSerialization.data(fromPropertyList: model.entityVersionHashesByName, format: .binary, options: 0)
        try setMetadata(StoreMetadataKey.versionHashes, .blob(hashes))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try setMetadata(StoreMetadataKey.model, .blob(try encoder.encode(StoredModel(model: model))))
    }

    // MARK: - Entity codes

    /// The codes of the entities the file knows, by name.
    private func storedCodes() throws -> [String: Int64] {
        let statement = try connection.statement("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY")
        var codes: [String: Int64] = [:]
        while try statement.step() { codes[statement.string(1)] = statement.int64(0) }
        return codes
    }

    /// Gives each entity of the model the file does not know yet the next free code; returns all codes.
    private func assignCodes() throws -> [String: Int64] {
        var codes = try storedCodes()
        var next = (codes.values.max() ?? 0) + 1
        let insert = try connection.statement("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, 0, 0)")
        for entity in model.entities.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) {
            guard let name = entity.name, codes[name] == nil else { continue }
            codes[name] = next
            try insert.run([.integer(next), .text(name)])
            next += 1
        }
        let parent = try connection.statement("UPDATE Z_PRIMARYKEY SET Z_SUPER = ? WHERE Z_NAME = ?")
        for entity in model.entities {
            guard let name = entity.name, let superName = entity.superentity?.name, let superCode = codes[superName] else { continue }
            try parent.run([.integer(superCode), .text(name)])
        }
        return codes
    }

    // MARK: - Creating and migrating

    private func create() throws -> Result {
        let schema = try SQLiteSchema(model: model, codes: try assignCodes())
        try createMissingTables(schema)
        try writeModelMetadata()
        try setMetadata(StoreMetadataKey.uuid, .text(UUID().uuidString))
        try setMetadata(StoreMetadataKey.saveVersion, .integer(0))
        return try result(schema)
    }

    private func openExisting() throws -> Result {
        let codes = try storedCodes()
        let schema = try SQLiteSchema(model: model, codes: codes)
        return try result(schema)
    }

    private func migrate(stored: StoredModel, additions: [String: [NSPropertyDescription]]) throws -> Result {
        let codes = try assignCodes()
        let schema = try SQLiteSchema(model: model, codes: codes)
        try createMissingTables(schema)
        // Existing rows take the default value of each attribute added to an entity they belong to.
        for (name, properties) in additions where stored.entities[name] != nil {
            guard let entity = model.entitiesByName[name] else { continue }
            let mapping = schema.mapping(for: entity)
            let hierarchyCodes = entity.layout.hierarchy.map { schema.mapping(for: $0).code }
            for property in properties {
                guard let attribute = property as? NSAttributeDescription, let defaultValue = attribute.defaultValue,
                      let slot = entity.layout.slot(named: attribute.name),
                      case .attribute(let column, let kind) = mapping.slots[slot]
                else { continue }
                let value = try SQLiteValueCoding.encode(kind.canonicalValue(defaultValue) ?? nil, kind: kind)
                let marks = hierarchyCodes.map { _ in "?" }.joined(separator: ", ")
                let update = try connection.statement("UPDATE \(mapping.table) SET \(column) = ? WHERE Z_ENT IN (\(marks))")
                try update.run([value] + hierarchyCodes.map { .integer($0) })
            }
        }
        try writeModelMetadata()
        return try result(schema)
    }

    /// Creates the tables, columns, join tables and indexes of `schema` that the file lacks.
    private func createMissingTables(_ schema: SQLiteSchema) throws {
        for table in schema.tables.values.sorted(by: { $0.name < $1.name }) {
            let existing = try columns(of: table.name)
            if existing.isEmpty {
                let columns = (["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER NOT NULL", "Z_OPT INTEGER NOT NULL"]
                    + table.columns.map { "\($0.name) \($0.type)" }).joined(separator: ", ")
                try connection.execute("CREATE TABLE \(table.name) (\(columns))")
            } else {
                for column in table.columns where !existing.contains(column.name.uppercased()) {
                    try connection.execute("ALTER TABLE \(table.name) ADD COLUMN \(column.name) \(column.type)")
                }
            }
            for index in table.indexes {
                try connection.execute("CREATE INDEX IF NOT EXISTS \(table.name)_\(index.joined(separator: "_"))_INDEX ON \(table.name) (\(index.joined(separator: ", ")))")
            }
            // Uniqueness constraints hold in the file too, so concurrent savers cannot both insert a duplicate.
            for unique in table.uniqueIndexes {
                let name = "\(table.name)_\(unique.columns.joined(separator: "_"))_UNIQUE"
                let scope = unique.scope.map { " WHERE \($0)" } ?? ""
                try connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS \(name) ON \(table.name) (\(unique.columns.joined(separator: ", ")))\(scope)")
            }
        }
        for join in schema.joinTables.sorted(by: { $0.name < $1.name }) {
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS \(join.name) (Z_SRC INTEGER NOT NULL, Z_SRC_ENT INTEGER NOT NULL, Z_DST INTEGER NOT NULL, \
                Z_DST_ENT INTEGER NOT NULL, Z_SRC_ORDER INTEGER, Z_DST_ORDER INTEGER, PRIMARY KEY (Z_SRC, Z_DST)) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS \(join.name)_Z_DST_INDEX ON \(join.name) (Z_DST);
                """)
        }
    }

    /// The column names of `table` in capitals; empty when there is no such table.
    private func columns(of table: String) throws -> Set<String> {
        let statement = try connection.statement("SELECT name FROM pragma_table_info(?)")
        statement.bind(table, at: 1)
        var names = Set<String>()
        while try statement.step() { names.insert(statement.string(0).uppercased()) }
        return names
    }

    private func result(_ schema: SQLiteSchema) throws -> Result {
        guard case .text(let uuid) = try metadataValue(StoreMetadataKey.uuid) else {
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
