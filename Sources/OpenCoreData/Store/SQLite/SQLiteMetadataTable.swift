import Foundation

/// The `Z_METADATA` table of a store file: the store's identifier, the model it was saved with, and
/// the metadata dictionary Core Data hands out (`NSPersistentStore.metadata`,
/// `NSPersistentStoreCoordinator.metadataForPersistentStore(ofType:at:options:)`).
struct SQLiteMetadataTable {
    let connection: SQLiteConnection

    /// The value stored under `key`; `.null` when there is none.
    func value(_ key: String) throws -> SQLValue {
        let statement = try connection.statement("SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = ?")
        statement.bind(key, at: 1)
        defer { statement.reset() }
        return try statement.step() ? statement.value(0) : .null
    }

    func set(_ key: String, _ value: SQLValue) throws {
        try connection.statement("INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?)").run([.text(key), value])
    }

    /// The entity version hashes of the model the store was saved with; nil for a new file.
    func versionHashes() throws -> [String: Data]? {
        guard case .blob(let data) = try value(StoreMetadataKey.versionHashes) else { return nil }
        return try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Data]
    }

    /// The definition of the model the store was saved with; nil for files that do not record it.
    func storedModel() throws -> StoredModel? {
        guard case .blob(let data) = try value(StoreMetadataKey.model) else { return nil }
        return try JSONDecoder().decode(StoredModel.self, from: data)
    }

    /// Records `model` as the model of the store's data.
    func write(_ model: NSManagedObjectModel) throws {
        let hashes = try PropertyListSerialization.data(fromPropertyList: model.entityVersionHashesByName, format: .binary, options: 0)
        try set(StoreMetadataKey.versionHashes, .blob(hashes))
        let identifiers = model.versionIdentifiers.compactMap { $0 as? String }.sorted()
        try set(StoreMetadataKey.versionIdentifiers, .blob(try PropertyListSerialization.data(fromPropertyList: identifiers, format: .binary, options: 0)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try set(StoreMetadataKey.model, .blob(try encoder.encode(StoredModel(model: model))))
    }

    /// The store's metadata: `NSStoreTypeKey`, `NSStoreUUIDKey`, `NSStoreModelVersionHashesKey`,
    /// `NSStoreModelVersionIdentifiersKey` and `NSStoreModelVersionHashesVersionKey`.
    func dictionary() throws -> [String: Any] {
        guard case .text(let uuid) = try value(StoreMetadataKey.uuid) else {
            throw CoreDataError.make(NSPersistentStoreInvalidTypeError, "The file is not an OpenCoreData SQLite store: it has no store identifier.")
        }
        var identifiers: [Any] = []
        if case .blob(let data) = try value(StoreMetadataKey.versionIdentifiers) {
            identifiers = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [Any] ?? []
        }
        return [
            NSStoreTypeKey: NSSQLiteStoreType,
            NSStoreUUIDKey: uuid,
            NSStoreModelVersionHashesKey: try versionHashes() ?? [:],
            NSStoreModelVersionIdentifiersKey: identifiers,
            NSStoreModelVersionHashesVersionKey: storeModelVersionHashesVersion,
        ]
    }
}

/// The version of the version hash scheme that `NSStoreModelVersionHashesVersionKey` records.
let storeModelVersionHashesVersion = 3
