internal import CSQLite
import Foundation

/// The SQL function `OCD_MATCH(handle, value)`: evaluates, inside a query, a comparison SQL cannot express exactly
/// (string operators with `[c]`/`[d]`, `LIKE`, `MATCHES`, decimals, URLs, transformable values…) with the same
/// code the in-memory store uses, on one column's value.
///
/// A query registers one matcher per such comparison and binds its handle; the store clears them after the query.
final class SQLiteMatchers {
    private var matchers: [(SQLValue) -> Bool] = []

    /// Registers `matcher`; returns the handle to bind.
    func register(_ matcher: @escaping (SQLValue) -> Bool) -> Int64 {
        matchers.append(matcher)
        return Int64(matchers.count - 1)
    }

    func removeAll() {
        matchers.removeAll()
    }

    fileprivate func matches(handle: Int64, value: SQLValue) -> Bool {
        guard handle >= 0, handle < Int64(matchers.count) else { return false }
        return matchers[Int(handle)](value)
    }

    /// Installs `OCD_MATCH` on `connection`, calling into this registry (which the connection must keep alive).
    func install(on connection: SQLiteConnection) throws {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code = sqlite3_create_function_v2(connection.handle, "OCD_MATCH", 2, SQLITE_UTF8, context, { context, count, arguments in
            guard let context, let arguments, count == 2, let registry = sqlite3_user_data(context) else { return }
            let matchers = Unmanaged<SQLiteMatchers>.fromOpaque(registry).takeUnretainedValue()
            let handle = sqlite3_value_int64(arguments[0])
            let value = SQLiteMatchers.value(arguments[1])
            sqlite3_result_int(context, matchers.matches(handle: handle, value: value) ? 1 : 0)
        }, nil, nil, nil)
        guard code == SQLITE_OK else { throw connection.error(code, sql: nil) }
    }

    private static func value(_ value: OpaquePointer?) -> SQLValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: blob, count: Int(sqlite3_value_bytes(value))))
        default:
            return .null
        }
    }
}
