internal import CSQLite
import Foundation

/// A prepared statement: binds parameters, steps through rows and reads columns.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw connection.error(code, sql: sql) }
        handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Makes the statement ready to run again, with no parameters bound.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Makes the statement ready to run again, keeping the bound parameters (for callers that bind them all).
    func rewind() {
        sqlite3_reset(handle)
    }

    // MARK: - Binding (indexes start at 1)

    func bindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ value: Double, at index: Int32) {
        sqlite3_bind_double(handle, index, value)
    }

    func bind(_ value: String, at index: Int32) {
        var text = value
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else {
                _ = sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                _ = sqlite3_bind_text(handle, index, characters, Int32(bytes.count), csqlite_transient())
            }
        }
    }

    func bind(_ value: Data, at index: Int32) {
        value.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                _ = sqlite3_bind_blob(handle, index, base, Int32(bytes.count), csqlite_transient())
            } else {
                _ = sqlite3_bind_zeroblob(handle, index, 0)
            }
        }
    }

    /// Binds a value of the SQL form the store writes.
    func bind(_ value: SQLValue, at index: Int32) {
        switch value {
        case .null: bindNull(index)
        case .integer(let integer): bind(integer, at: index)
        case .real(let real): bind(real, at: index)
        case .text(let text): bind(text, at: index)
        case .blob(let data): bind(data, at: index)
        }
    }

    /// Binds `values` to the parameters 1, 2, …
    func bind(_ values: [SQLValue]) {
        for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
    }

    // MARK: - Running

    /// Advances to the next row; false when there are no more.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.error(code, sql: sql)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws {
        while try step() {}
    }

    /// Runs with `values` bound and returns no rows.
    func run(_ values: [SQLValue]) throws {
        reset()
        bind(values)
        try run()
    }

    // MARK: - Reading columns of the current row (indexes start at 0)

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func data(_ column: Int32) -> Data {
        guard let blob = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: blob, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// The canonical attribute value of a column, read directly for the common types.
    func attributeValue(_ column: Int32, kind: AttributeKind) -> Any? {
        switch (kind, sqlite3_column_type(handle, column)) {
        case (_, SQLITE_NULL): nil
        case (.integer16, SQLITE_INTEGER), (.integer32, SQLITE_INTEGER), (.integer64, SQLITE_INTEGER): int64(column)
        case (.boolean, SQLITE_INTEGER): int64(column) != 0
        case (.double, SQLITE_FLOAT): double(column)
        case (.date, SQLITE_FLOAT): Date(timeIntervalSinceReferenceDate: double(column))
        case (.string, SQLITE_TEXT): string(column)
        default: SQLiteValueCoding.decode(value(column), kind: kind)
        }
    }

    /// The column's value in its stored SQL form.
    func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(string(column))
        case SQLITE_BLOB: .blob(data(column))
        default: .null
        }
    }
}

/// A value in SQLite's storage classes.
enum SQLValue: Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}
