import Foundation

/// The type of a SQLite store.
public let NSSQLiteStoreType = "SQLite"
/// The type of an in-memory store.
public let NSInMemoryStoreType = "InMemory"
/// The type of a binary store (not supported by OpenCoreData).
public let NSBinaryStoreType = "Binary"

/// The option that makes a coordinator migrate an incompatible store automatically.
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
/// The option that makes a coordinator infer the mapping model for an automatic migration.
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"
/// The option that opens a store read-only.
public let NSReadOnlyPersistentStoreOption = "NSReadOnlyPersistentStoreOption"
/// The metadata key of a store's type.
public let NSStoreTypeKey = "NSStoreType"
/// The metadata key of a store's identifier.
public let NSStoreUUIDKey = "NSStoreUUID"
