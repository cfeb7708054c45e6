import Foundation

/// Makes stores by type name.
enum StoreFactory {
    static func makeStore(type: String, coordinator: NSPersistentStoreCoordinator, configuration: String?, url: URL?, options: [AnyHashable: Any]?) throws -> NSPersistentStore {
        switch type {
        case NSInMemoryStoreType:
            return InMemoryStore(persistentStoreCoordinator: coordinator, configurationName: configuration, at: url ?? URL(fileURLWithPath: "/dev/null"), options: options)
        case NSSQLiteStoreType where url == nil || url?.path == "/dev/null":
            // A SQLite store at /dev/null is the usual Core Data idiom for a throw-away store.
            return InMemoryStore(persistentStoreCoordinator: coordinator, configurationName: configuration, at: URL(fileURLWithPath: "/dev/null"), options: options)
        default:
            throw CoreDataError.unsupportedStoreType(type)
        }
    }
}
