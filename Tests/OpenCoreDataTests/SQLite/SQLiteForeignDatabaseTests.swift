#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// A SQLite file that another program made is not a store: opening it must not add a store's tables to it.
#if !canImport(CoreData)
@testable import OpenCoreDataCore

@Suite("SQLite store: a database that is not a store")
struct SQLiteForeignDatabaseTests {
    /// A SQLite file with one table of its own, `accounts`, holding one row.
    private static func foreignDatabase(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("accounts.sqlite")
        let connection = try SQLiteConnection(path: url.path, readOnly: false, busyTimeout: 1)
        try connection.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO accounts (name) VALUES ('ann');")
        return url
    }

    /// The names of the tables in the SQLite file at `url`.
    private static func tables(at url: URL) throws -> [String] {
        let connection = try SQLiteConnection(path: url.path, readOnly: true, busyTimeout: 1)
        let statement = try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        var names: [String] = []
        while try statement.step() { names.append(statement.string(0)) }
        return names
    }

    @Test func openingItFailsWithInvalidStoreType() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try Self.foreignDatabase(in: directory)
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: SQLiteTestSupport.model())

        var error: NSError?
        do {
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        } catch let thrown as NSError {
            error = thrown
        }
        #expect(error?.domain == NSCocoaErrorDomain)
        #expect(error?.code == NSPersistentStoreInvalidTypeError)
        #expect((error?.userInfo[NSLocalizedDescriptionKey] as? String)?.contains("accounts") == true)
        #expect(coordinator.persistentStores.isEmpty)
    }

    @Test func openingItLeavesItsTablesAsTheyWere() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try Self.foreignDatabase(in: directory)
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: SQLiteTestSupport.model())
        _ = try? coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        #expect(try Self.tables(at: url) == ["accounts"])
    }

    @Test func anEmptySQLiteFileBecomesAStore() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("empty.sqlite")
        _ = try SQLiteConnection(path: url.path, readOnly: false, busyTimeout: 1)
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: SQLiteTestSupport.model())
        try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        #expect(coordinator.persistentStores.count == 1)
    }
}
#endif
