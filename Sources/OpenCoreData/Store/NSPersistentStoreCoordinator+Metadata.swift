import Foundation

extension NSPersistentStoreCoordinator {
    /// The metadata of the store of `storeType` at `url`, read without adding the store to a coordinator.
    ///
    /// For a SQLite store it holds `NSStoreTypeKey`, `NSStoreUUIDKey`, `NSStoreModelVersionHashesKey` (the entity
    /// version hashes of the model the store was saved with), `NSStoreModelVersionIdentifiersKey` and
    /// `NSStoreModelVersionHashesVersionKey`. Pass it to `NSManagedObjectModel.isConfiguration(withName:compatibleWithStoreMetadata:)`
    /// to learn whether a model opens the store without migration. Throws `NSFileReadNoSuchFileError` when there
    /// is no file at `url`, and `NSPersistentStoreInvalidTypeError` when the file is not a store of `storeType`.
    public class func metadataForPersistentStore(ofType storeType: String, at url: URL, options: [AnyHashable: Any]? = nil) throws -> [String: Any] {
        guard storeType == NSSQLiteStoreType else {
            throw CoreDataError.make(NSPersistentStoreInvalidTypeError, "Stores of type '\(storeType)' keep no metadata in a file; OpenCoreData reads the metadata of \(NSSQLiteStoreType) stores.")
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CoreDataError.make(NSFileReadNoSuchFileError, "There is no store at \(url.path).", [NSFilePathErrorKey: url.path])
        }
        do {
            let connection = try SQLiteConnection(path: url.path, readOnly: true, busyTimeout: 5)
            return try connection.transaction(immediate: false) {
                try SQLiteMetadataTable(connection: connection).dictionary()
            }
        } catch let error as SQLiteError {
            throw CoreDataError.make(NSPersistentStoreInvalidTypeError, "The file at \(url.path) is not a \(NSSQLiteStoreType) store: \(error)", [NSSQLiteErrorDomain: Int(error.code)])
        }
    }
}
