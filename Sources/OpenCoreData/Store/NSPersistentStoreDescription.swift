import Foundation

/// How to create and load a persistent store: its type, location and options.
open class NSPersistentStoreDescription: NSObject, NSCopying, @unchecked Sendable {
    /// The store type. The default is `NSSQLiteStoreType`.
    open var type: String = NSSQLiteStoreType
    /// The model configuration the store holds.
    open var configuration: String?
    /// The store's location.
    open var url: URL?
    /// Options passed to the store.
    open private(set) var options: [String: NSObject] = [:]
    /// Whether the store is opened read-only.
    open var isReadOnly: Bool = false
    /// How long to wait for a busy store, in seconds.
    open var timeout: TimeInterval = 240
    /// Whether `loadPersistentStores` adds the store asynchronously (OpenCoreData always adds synchronously).
    open var shouldAddStoreAsynchronously: Bool = false
    /// Whether an incompatible store is migrated automatically. The default is `true`.
    open var shouldMigrateStoreAutomatically: Bool = true
    /// Whether the mapping model of an automatic migration is inferred. The default is `true`.
    open var shouldInferMappingModelAutomatically: Bool = true
    /// SQLite pragmas to set when the store opens.
    open private(set) var sqlitePragmas: [String: NSObject] = [:]

    /// Creates a description of a SQLite store with no location.
    override public init() {
        super.init()
    }

    /// Creates a description of a SQLite store at `url`.
    public init(url: URL) {
        self.url = url
        super.init()
    }

    /// Sets a store option.
    open func setOption(_ option: NSObject?, forKey key: String) {
        options[key] = option
    }

    /// Sets a SQLite pragma.
    open func setValue(_ value: NSObject?, forPragmaNamed name: String) {
        sqlitePragmas[name] = value
    }

    /// The options handed to the store: the explicit options plus the migration and read-only flags.
    var storeOptions: [AnyHashable: Any] {
        var result: [AnyHashable: Any] = options
        result[NSMigratePersistentStoresAutomaticallyOption] = shouldMigrateStoreAutomatically
        result[NSInferMappingModelAutomaticallyOption] = shouldInferMappingModelAutomatically
        result[NSReadOnlyPersistentStoreOption] = isReadOnly
        if !sqlitePragmas.isEmpty { result["NSSQLitePragmasOption"] = sqlitePragmas }
        return result
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSPersistentStoreDescription()
        copy.type = type
        copy.configuration = configuration
        copy.url = url
        copy.options = options
        copy.isReadOnly = isReadOnly
        copy.timeout = timeout
        copy.shouldAddStoreAsynchronously = shouldAddStoreAsynchronously
        copy.shouldMigrateStoreAutomatically = shouldMigrateStoreAutomatically
        copy.shouldInferMappingModelAutomatically = shouldInferMappingModelAutomatically
        copy.sqlitePragmas = sqlitePragmas
        return copy
    }

    override open var description: String {
        "<NSPersistentStoreDescription> type: \(type), url: \(url?.absoluteString ?? "nil")"
    }
}
