import Foundation

/// The SQLite store (`NSSQLiteStoreType`): objects in a SQLite file that survives restarts and crashes.
///
/// Each store has its own connection, in WAL mode with a busy timeout, so several coordinators (or processes)
/// can share one file: saves run in `BEGIN IMMEDIATE` transactions, and every fetch reads the latest commit.
/// `/dev/null` (the usual throw-away store) opens a private in-memory database. The layout of the file is
/// described in `SQLiteSchema`, the value types in `SQLiteValueCoding`, the fetch translation in
/// `SQLitePredicateTranslator`.
final class SQLiteStore: NSPersistentStore, @unchecked Sendable {
    /// Serializes use of the connection (the coordinator locks too, but the store must not rely on it).
    let lock = NSRecursiveLock()
    // Set once when the store opens (under the lock), then only read.
    @exclusivity(unchecked)
    private var openedConnection: SQLiteConnection?
    @exclusivity(unchecked)
    private var openedSchema: SQLiteSchema?
    /// The code of each tree's root entity, by table name, for primary key allocation.
    var rootCodes: [String: Int64] = [:]
    /// A row reader per table.
    var readers: [String: SQLiteRowReader] = [:]
    /// The `OCD_MATCH` comparisons of the running query.
    let matchers = SQLiteMatchers()
    /// The insert statement and columns of each entity, made on first insert.
    var insertPlans: [ObjectIdentifier: InsertPlan] = [:]

    override var type: String { NSSQLiteStoreType }

    /// Whether the store lives in memory only (opened at `/dev/null`).
    var isInMemory: Bool { url?.path == "/dev/null" }

    var connection: SQLiteConnection {
        get throws {
            guard let openedConnection else { throw CoreDataError.make(NSPersistentStoreOperationError, "The SQLite store is not open.") }
            return openedConnection
        }
    }

    var schema: SQLiteSchema {
        get throws {
            guard let openedSchema else { throw CoreDataError.make(NSPersistentStoreOperationError, "The SQLite store is not open.") }
            return openedSchema
        }
    }

    /// Runs `body` with the store locked, turning SQLite failures into Core Data errors with code `code`.
    func locked<T>(errorCode: Int = NSSQLiteError, _ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body()
        } catch let error as SQLiteError {
            throw error.coreDataError(errorCode)
        }
    }

    // MARK: - Opening

    override func open(model: NSManagedObjectModel) throws {
        try locked(errorCode: NSPersistentStoreOpenError) {
            let path = isInMemory ? ":memory:" : (url?.path ?? ":memory:")
            let timeout = (options?["NSPersistentStoreTimeoutOption"] as? NSNumber)?.doubleValue ?? 240
            let connection = try SQLiteConnection(path: path, readOnly: isReadOnly, busyTimeout: timeout)
            try configure(connection)
            try matchers.install(on: connection)
            let setup = SQLiteSchemaSetup(connection: connection, model: model, options: options ?? [:], readOnly: isReadOnly)
            let opened = try setup.run()
            openedConnection = connection
            openedSchema = opened.schema
            rootCodes = opened.rootCodes
            readers = opened.schema.tables.mapValues { SQLiteRowReader(table: $0, schema: opened.schema, store: self) }
            identifier = opened.uuid
            metadata = try SQLiteMetadataTable(connection: connection).dictionary()
        }
    }

    /// WAL journal, then the pragmas the store description asks for (names and values checked, never spliced raw).
    private func configure(_ connection: SQLiteConnection) throws {
        if !isInMemory && !isReadOnly { try connection.execute("PRAGMA journal_mode = WAL") }
        guard let pragmas = options?["NSSQLitePragmasOption"] as? [String: NSObject] else { return }
        for (name, value) in pragmas.sorted(by: { $0.key < $1.key }) {
            let text = "\(value)"
            let identifier = { (string: String) in !string.isEmpty && string.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }
            guard identifier(name), identifier(text.replacingOccurrences(of: "-", with: "")) else {
                throw CoreDataError.make(NSPersistentStoreOpenError, "Invalid SQLite pragma \(name) = \(text).")
            }
            try connection.execute("PRAGMA \(name) = \(text)")
        }
    }

    // MARK: - Store engine (implemented in the extensions named after each part)

    override func fetchRows(_ plan: FetchPlan) throws -> [StoredRow] {
        try readRows(plan)
    }

    override func countRows(_ plan: FetchPlan) throws -> Int {
        try countMatchingRows(plan)
    }

    override func snapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        try readSnapshot(for: objectID)
    }

    override func rowVersions(of objectIDs: [NSManagedObjectID]) throws -> [Int64?] {
        try readRowVersions(of: objectIDs)
    }

    override func relatedObjectIDs(of objectID: NSManagedObjectID, slot: Int) throws -> [NSManagedObjectID] {
        try readRelatedObjectIDs(of: objectID, slot: slot)
    }

    override func relatedObjectIDs(of objectIDs: [NSManagedObjectID], slot: Int) throws -> [[NSManagedObjectID]] {
        try readRelatedObjectIDs(of: objectIDs, slot: slot)
    }

    override func newObjectIDs(for entity: NSEntityDescription, count: Int) throws -> [NSManagedObjectID] {
        try allocateObjectIDs(for: entity, count: count)
    }

    override func mayHoldRows(ofTreeOf entity: NSEntityDescription) throws -> Bool {
        try hasRows(inTreeOf: entity)
    }

    override func objectIDs(of entity: NSEntityDescription, slots: [Int], matchingEach valueSets: [[Any?]]) throws -> [[NSManagedObjectID]] {
        try findObjectIDs(of: entity, slots: slots, matchingEach: valueSets)
    }

    override func save(_ request: StoreSaveRequest) throws -> Int64 {
        try write(request)
    }

    override func executeBatchDelete(_ plan: BatchDeletePlan) throws -> BatchOutcome {
        try deleteInSQL(plan)
    }

    override func executeBatchUpdate(_ plan: BatchUpdatePlan) throws -> BatchOutcome {
        try updateInSQL(plan)
    }

    /// The row reader of `entity`'s table.
    func reader(for entity: NSEntityDescription) throws -> SQLiteRowReader {
        guard let reader = readers[try schema.mapping(for: entity).table] else {
            throw CoreDataError.make(NSPersistentStoreOperationError, "The entity \(entity.name ?? "nil") has no table.")
        }
        return reader
    }
}
