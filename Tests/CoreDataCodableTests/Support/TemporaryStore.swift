import Foundation

/// A SQLite file path in the temporary directory, removed with its journal files when `body` returns.
func withTemporaryStoreURL<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("CoreDataCodableTests-\(UUID().uuidString).sqlite")
    defer {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }
    return try body(url)
}
