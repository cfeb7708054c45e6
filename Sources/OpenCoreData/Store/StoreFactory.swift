import Foundation

/// Makes stores by type name.
enum StoreFactory {
    static func makeStore(type: String, coordinator: NSPersistentStoreCoordinator, configuration: String?, url: URL?, options: [AnyHashable: Any]?) throws -> NSPersistentStore {
        switch type {
        case NSInMemoryStoreType:
            return InMemoryStore(persistentStoreCoordinator: coordinator, configurationName: configuration, at: url ?? URL(fileURLWithPath: "/dev/null"), options: options)
        case NSSQLiteStoreType:
            // A SQLite store at /dev/null is the usual Core Data idiom for a throw-away store: a SQLite in-memory database.
            return SQLiteStore(persistentStoreCoordinator: coordinator, configurationName: configuration, at: url ?? URL(fileURLWithPath: "/dev/null"), options: options)
        default:
            throw CoreDataError.unsupportedStoreType(type)
        }
    }
}
