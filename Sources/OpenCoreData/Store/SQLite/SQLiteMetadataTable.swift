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
        return try decode([String: Data].self, from: data, key: StoreMetadataKey.versionHashes)
    }

    /// The definition of the model the store was saved with; nil for files that do not record it.
    func storedModel() throws -> StoredModel? {
        guard case .blob(let data) = try value(StoreMetadataKey.model) else { return nil }
        return try decode(StoredModel.self, from: data, key: StoreMetadataKey.model)
    }

    /// The JSON value `data` of the metadata entry `key`; a damaged value throws
    /// `NSPersistentStoreInvalidTypeError`.
    private func decode<Value: Decodable>(_ type: Value.Type, from data: Data, key: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw CoreDataError.make(NSPersistentStoreInvalidTypeError, "The store's metadata entry \(key) is damaged: \(error)")
        }
    }

    /// Records `model` as the model of the store's data.
    ///
    /// Every metadata value is JSON, read back with `JSONDecoder`: a damaged file then fails to
    /// open with an error and nothing else (swift-corelibs-foundation's binary property list
    /// reader leaks the objects it made before a parse fails).
    func write(_ model: NSManagedObjectModel) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try set(StoreMetadataKey.versionHashes, .blob(try encoder.encode(model.entityVersionHashesByName)))
        let identifiers = model.versionIdentifiers.compactMap { $0 as? String }.sorted()
        try set(StoreMetadataKey.versionIdentifiers, .blob(try encoder.encode(identifiers)))
        try set(StoreMetadataKey.model, .blob(try encoder.encode(StoredModel(model: model))))
    }

    /// The store's metadata: `NSStoreTypeKey`, `NSStoreUUIDKey`, `NSStoreModelVersionHashesKey`,
    /// `NSStoreModelVersionIdentifiersKey` and `NSStoreModelVersionHashesVersionKey`.
    func dictionary() throws -> [String: Any] {
        guard case .text(let uuid) = try value(StoreMetadataKey.uuid) else {
            throw CoreDataError.make(NSPersistentStoreInvalidTypeError, "The file is not an OpenCoreData SQLite store: it has no store identifier.")
        }
        var identifiers: [String] = []
        if case .blob(let data) = try value(StoreMetadataKey.versionIdentifiers) {
            identifiers = try decode([String].self, from: data, key: StoreMetadataKey.versionIdentifiers)
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
