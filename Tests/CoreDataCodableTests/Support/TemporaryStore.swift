import CoreDataCodable
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

/// A stack over a SQLite file that another stack, over its own coordinator, decoded the `Many<Person>`
/// fixture `name` into and saved; the file is removed when `body` returns.
func withStoreSavedElsewhere<Result>(fixture name: String, _ body: (TestStack) throws -> Result) throws -> Result {
    try withTemporaryStoreURL { url in
        let saving = try TestStack(storeURL: url)
        _ = try saving.decode(Many<Person>.self, fixture: name)
        try saving.read { try saving.context.save() }
        return try body(TestStack(storeURL: url))
    }
}
