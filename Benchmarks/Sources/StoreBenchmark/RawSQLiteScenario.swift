import Foundation
import RawSQLite

/// The floor of issue #4: the same rows as `RecordScenario`, written and read through raw SQLite calls
/// (prepared statements, one transaction, the table layout the store makes).
enum RawSQLiteScenario {
    static func run(in directory: URL, recorder: inout StepRecorder) throws {
        let database = try RawDatabase(path: directory.appendingPathComponent("raw.sqlite").path)
        try database.execute("""
            PRAGMA journal_mode = WAL;
            CREATE TABLE ZBATCH (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL, ZNAME TEXT);
            CREATE TABLE ZRECORD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL,
                ZSERIAL INTEGER, ZPAYLOAD TEXT, ZSCORE REAL, ZBATCH INTEGER, ZBATCH_ENT INTEGER);
            CREATE INDEX ZRECORD_ZSERIAL ON ZRECORD (ZSERIAL);
            CREATE INDEX ZRECORD_ZBATCH ON ZRECORD (ZBATCH);
            """)
        try recorder.step("raw-insert") { try insert(database) }
        let rows = try recorder.step("raw-fetch") { try fetch(database, serials: RecordScenario.wantedSerials) }
        guard rows == RecordScenario.fetchCount else { throw BenchmarkError("raw fetch found \(rows) rows") }
    }

    private static func insert(_ database: RawDatabase) throws {
        try database.execute("BEGIN IMMEDIATE")
        let batchInsert = try database.prepare("INSERT INTO ZBATCH (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, 2, 1, ?)")
        defer { sqlite3_finalize(batchInsert) }
        for index in 0..<RecordScenario.batchCount {
            sqlite3_bind_int64(batchInsert, 1, Int64(index + 1))
            sqlite3_bind_text(batchInsert, 2, RecordScenario.batchName(index), -1, raw_sqlite_transient())
            try database.stepToEnd(batchInsert)
        }
        let insert = try database.prepare("""
            INSERT INTO ZRECORD (Z_PK, Z_ENT, Z_OPT, ZSERIAL, ZPAYLOAD, ZSCORE, ZBATCH, ZBATCH_ENT) VALUES (?, 1, 1, ?, ?, ?, ?, 2)
            """)
        defer { sqlite3_finalize(insert) }
        for index in 0..<RecordScenario.recordCount {
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            sqlite3_bind_int64(insert, 2, Int64(index))
            sqlite3_bind_text(insert, 3, RecordScenario.payload(index), -1, raw_sqlite_transient())
            sqlite3_bind_double(insert, 4, RecordScenario.score(index))
            sqlite3_bind_int64(insert, 5, Int64(index % RecordScenario.batchCount + 1))
            try database.stepToEnd(insert)
        }
        try database.execute("COMMIT")
    }

    /// Reads every column of the rows whose serial is in `serials`, as a store materializing them would.
    private static func fetch(_ database: RawDatabase, serials: [Int64]) throws -> Int {
        let marks = Array(repeating: "?", count: serials.count).joined(separator: ", ")
        let select = try database.prepare("""
            SELECT Z_PK, Z_ENT, Z_OPT, ZSERIAL, ZPAYLOAD, ZSCORE, ZBATCH, ZBATCH_ENT FROM ZRECORD WHERE ZSERIAL IN (\(marks)) ORDER BY Z_PK
            """)
        defer { sqlite3_finalize(select) }
        for (index, serial) in serials.enumerated() { sqlite3_bind_int64(select, Int32(index + 1), serial) }
        var rows: [(Int64, Int64, String, Double, Int64)] = []
        while sqlite3_step(select) == SQLITE_ROW {
            let payload = sqlite3_column_text(select, 4).map { String(cString: $0) } ?? ""
            rows.append((sqlite3_column_int64(select, 0), sqlite3_column_int64(select, 3), payload, sqlite3_column_double(select, 5), sqlite3_column_int64(select, 6)))
        }
        return rows.count
    }
}

/// A raw SQLite connection, closed on deinit.
final class RawDatabase {
    private let handle: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else { throw BenchmarkError("cannot open \(path)") }
        self.handle = handle
    }

    deinit {
        sqlite3_close(handle)
    }

    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        guard let statement else { throw BenchmarkError("empty statement") }
        return statement
    }

    /// Runs an insert statement and resets it for the next row.
    func stepToEnd(_ statement: OpaquePointer) throws {
        try check(sqlite3_step(statement))
        sqlite3_reset(statement)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            throw BenchmarkError(String(cString: sqlite3_errmsg(handle)))
        }
    }
}

/// A failed benchmark run.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
