internal import CSQLite
import Foundation

/// One connection to a SQLite database, with a cache of prepared statements.
///
/// Not thread-safe: the owning store serializes every use with its lock.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    /// The most prepared statements kept for reuse.
    private static let cacheLimit = 256

    /// Opens (creating if needed) the database at `path`; `":memory:"` opens a private in-memory database.
    init(path: String, readOnly: Bool, busyTimeout: TimeInterval) throws {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(code: code, message: message, sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(clamping: Int(busyTimeout * 1000)))
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that take no parameters.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    /// A prepared statement for `sql`, reset and cleared, from the cache when it was prepared before.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        // Fetches make many distinct statements; keep the cache bounded (users hold their own references).
        if statements.count >= Self.cacheLimit { statements.removeAll(keepingCapacity: true) }
        statements[sql] = statement
        return statement
    }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changedRowCount: Int {
        Int(sqlite3_changes(handle))
    }

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE` for writers), committing when it returns and
    /// rolling back when it throws.
    func transaction<T>(immediate: Bool, _ body: () throws -> T) throws -> T {
        resetBusyStatements()
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Resets statements left mid-way (after an error), which would otherwise keep an old read snapshot open.
    private func resetBusyStatements() {
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
            statement = sqlite3_next_stmt(handle, current)
        }
    }

    /// An error for result `code`, with the connection's message.
    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// A SQLite failure: the result code, SQLite's message and the statement that failed.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    let sql: String?

    var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " in «\($0)»" } ?? "")
    }

    /// The error as Core Data reports it: `code` with the SQLite code under `NSSQLiteErrorDomain`; a violated
    /// uniqueness constraint (another saver inserted the same values first) is `NSManagedObjectConstraintMergeError`.
    func coreDataError(_ code: Int = NSSQLiteError) -> NSError {
        // SQLITE_CONSTRAINT_UNIQUE, a macro Swift does not import: SQLITE_CONSTRAINT | (8 << 8).
        let isUniqueViolation = self.code == SQLITE_CONSTRAINT | (8 << 8)
        return CoreDataError.make(isUniqueViolation ? NSManagedObjectConstraintMergeError : code, description, [NSSQLiteErrorDomain: Int(self.code)])
    }
}
