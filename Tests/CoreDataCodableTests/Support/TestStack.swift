import CoreDataCodable
import Foundation
import Testing

/// A store with the test model and a private-queue context: in memory, or the SQLite file at
/// `storeURL`.
///
/// Sendable because every use of its context goes through `performAndWait`.
struct TestStack: @unchecked Sendable {
    let container: NSPersistentContainer
    let context: NSManagedObjectContext

    init(model: NSManagedObjectModel = TestModel.shared, storeURL: URL? = nil) throws {
        container = NSPersistentContainer(name: "CoreDataCodableTests", managedObjectModel: model)
        let description = storeURL.map(NSPersistentStoreDescription.init(url:)) ?? NSPersistentStoreDescription()
        description.type = storeURL == nil ? NSInMemoryStoreType : NSSQLiteStoreType
        container.persistentStoreDescriptions = [description]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        context = container.newBackgroundContext()
    }

    /// A decoder into `context`: dates as seconds since 1970, data as Base64.
    func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.managedObjectContext = context
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .base64
        return decoder
    }

    /// An encoder mirroring `decoder()`, with sorted keys.
    func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.dataEncodingStrategy = .base64
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Decodes the fixture `name` as `type`.
    func decode<T: Decodable>(_ type: T.Type, fixture name: String, with decoder: JSONDecoder? = nil) throws -> T {
        try (decoder ?? self.decoder()).decode(type, from: Fixture.data(name))
    }

    /// Decodes the fixture `name` as `type` a second time, after the context discarded what the
    /// first decode made: what decodes learn about a type stays, its objects do not.
    func decodeAgainAfterReset<T: Decodable>(_ type: T.Type, fixture name: String) throws -> T {
        _ = try decode(type, fixture: name)
        read { context.reset() }
        return try decode(type, fixture: name)
    }

    /// Runs `body` on the context's queue.
    func read<Result>(_ body: () throws -> Result) rethrows -> Result {
        try context.performAndWait(body)
    }

    /// The number of objects of `entity` in the context, pending changes included.
    func count(_ entity: String) throws -> Int {
        try context.performAndWait {
            try context.count(for: NSFetchRequest<NSManagedObject>(entityName: entity))
        }
    }

    /// The objects of `entity`, as `type`.
    func all<T: NSManagedObject>(_ type: T.Type, entity: String) throws -> [T] {
        try context.performAndWait {
            try context.fetch(NSFetchRequest<NSManagedObject>(entityName: entity)).compactMap { $0 as? T }
        }
    }

    /// Inserts a `Person` with `personId` and the given values.
    @discardableResult
    func insertPerson(_ personId: Int64, fullName: String? = nil, city: String? = nil) -> Person {
        context.performAndWait {
            let person = Person(context: context)
            person.personId = personId
            person.fullName = fullName
            person.city = city
            return person
        }
    }

    /// The encoded JSON of `value` as a string (sorted keys).
    func json<T: Encodable>(_ value: T, encoder: JSONEncoder? = nil) throws -> String {
        String(decoding: try (encoder ?? self.encoder()).encode(value), as: UTF8.self)
    }

    /// The encoded JSON of `value` as a Foundation object tree.
    func jsonObject<T: Encodable>(_ value: T, encoder: JSONEncoder? = nil) throws -> Any {
        try JSONSerialization.jsonObject(with: (encoder ?? self.encoder()).encode(value), options: [.fragmentsAllowed])
    }

    #if !canImport(CoreData)
    /// The number of fetch and count requests the context has executed (OpenCoreData only).
    var fetchCount: Int { context.performAndWait { context.executedFetchRequestCount } }
    #endif
}

/// JSON fixture files from `Fixtures/`.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw FixtureError.notFound(name)
        }
        return try Data(contentsOf: url)
    }

    /// The payload `Fixtures/Sync/<name>.json`.
    static func syncPayload(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/Sync") else {
            throw FixtureError.notFound(name)
        }
        return try Data(contentsOf: url)
    }

    #if !canImport(CoreData)
    /// The Xcode model file `Fixtures/<name>.xcdatamodeld`, which OpenCoreData reads as it is (Core
    /// Data reads compiled models).
    static func model(_ name: String) throws -> NSManagedObjectModel {
        guard let url = Bundle.module.url(forResource: name, withExtension: "xcdatamodeld", subdirectory: "Fixtures") else {
            throw FixtureError.notFound(name)
        }
        return try NSManagedObjectModel(validatingContentsOf: url)
    }
    #endif

    enum FixtureError: Error { case notFound(String) }
}

/// Counts hook calls per context, so that parallel tests do not see each other's calls.
enum CallCounter {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    static func record(_ name: String, in decoder: any Decoder) {
        guard let context = decoder.managedObjectContext else { return }
        lock.lock()
        defer { lock.unlock() }
        counts[key(name, context), default: 0] += 1
    }

    static func count(_ name: String, in context: NSManagedObjectContext) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[key(name, context)] ?? 0
    }

    private static func key(_ name: String, _ context: NSManagedObjectContext) -> String {
        "\(name)@\(ObjectIdentifier(context).hashValue)"
    }
}

/// Whether `error` is a `CoreDataCodableError` with `code`.
func isError(_ error: any Error, _ code: CoreDataCodableError.Code) -> Bool {
    (error as? CoreDataCodableError)?.code == code
}

/// A value handed to another thread whose every use is confined to its own queue.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
