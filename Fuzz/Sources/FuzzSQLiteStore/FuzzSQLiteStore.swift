// fuzz-sqlite-store: a SQLite store file made by OpenCoreData, damaged by the input, opened and read.
//
// A valid store is made once, in a temporary folder: a small model with a to-one, to-many
// relationships (by foreign key, ordered, and through join tables), a subentity, a uniqueness
// constraint and most attribute types, a few objects saved. For each input its bytes are patched
// (see `Patch`), written to a file of their own (without -wal or -shm), and opened by a new
// coordinator; every entity is fetched and every property of every object read, related objects
// included, then a few fetches with predicates and sorts run. Errors are expected; a crash is a bug.
//
// The store's bytes depend on dictionary order (its property lists, the order rows are saved in), so
// inputs patch the same bytes from one run to the next only with SWIFT_DETERMINISTIC_HASHING=1, as
// .ci/fuzz sets it.

import Foundation
import FuzzSupport
import OpenCoreData

// MARK: - Model

enum StoreModel {
    static func make() -> NSManagedObjectModel {
        let author = entity("Author", [
            attribute("name", .stringAttributeType),
            attribute("born", .dateAttributeType),
            attribute("rating", .doubleAttributeType),
            attribute("score", .integer64AttributeType, indexed: true),
            attribute("price", .decimalAttributeType),
            attribute("avatar", .binaryDataAttributeType),
            attribute("uuid", .UUIDAttributeType),
            attribute("site", .URIAttributeType),
            attribute("active", .booleanAttributeType),
            attribute("info", .transformableAttributeType),
        ])
        let book = entity("Book", [
            attribute("title", .stringAttributeType),
            attribute("pages", .integer32AttributeType),
            attribute("edition", .integer16AttributeType),
            attribute("weight", .floatAttributeType),
        ])
        let novel = entity("Novel", [attribute("genre", .stringAttributeType)])
        let tag = entity("Tag", [attribute("name", .stringAttributeType)])
        tag.uniquenessConstraints = [["name"]]

        // Ordered to-many by foreign key (its inverse is the to-one `Book.author`).
        relate(author, "books", to: book, toMany: true, ordered: true, inverse: "author")
        // Many-to-many through a join table, ordered on one side.
        relate(book, "tags", to: tag, toMany: true, ordered: true, inverse: "books", inverseToMany: true)
        // To-many without inverse, through a join table.
        let highlights = relationship("highlights", to: book, toMany: true, ordered: false)
        author.properties += [highlights]

        let model = NSManagedObjectModel()
        model.entities = [author, book, novel, tag]
        book.subentities = [novel]
        return model
    }

    private static func entity(_ name: String, _ attributes: [NSAttributeDescription]) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName = "NSManagedObject"
        entity.properties = attributes
        return entity
    }

    private static func attribute(_ name: String, _ type: NSAttributeType, indexed: Bool = false) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = true
        attribute.isIndexed = indexed
        return attribute
    }

    /// Saves a few related objects of every entity into a new store at `url`.
    static func populate(_ model: NSManagedObjectModel, at url: URL) throws {
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        _ = try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
        try context.performAndWait {
            func insert(_ entity: String, _ values: [String: Any]) -> NSManagedObject {
                let object = NSEntityDescription.insertNewObject(forEntityName: entity, into: context)
                for (key, value) in values { object.setValue(value, forKey: key) }
                return object
            }
            let tolkien = insert("Author", [
                "name": "Tolkien", "born": Date(timeIntervalSinceReferenceDate: -3_600_000_000), "rating": 4.5,
                "score": Int64(42), "price": NSDecimalNumber(string: "12.34"), "avatar": Data("avatar".utf8),
                "uuid": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, "site": URL(string: "https://example.com/t")!,
                "active": true, "info": ["key": "value", "number": 1] as [String: Any],
            ])
            let austen = insert("Author", [
                "name": "Austen", "rating": Double.nan, "score": Int64(-7), "active": false,
                "info": NSSet(array: ["x", "y"]),
            ])
            let hobbit = insert("Novel", ["title": "The Hobbit", "pages": Int32(310), "edition": Int16(1), "weight": Float(0.5), "genre": "Fantasy"])
            let rings = insert("Book", ["title": "The Lord of the Rings", "pages": Int32(1178), "weight": Float.infinity])
            let emma = insert("Novel", ["title": "Emma", "genre": "Comedy"])
            let classic = insert("Tag", ["name": "classic"])
            let long = insert("Tag", ["name": "long"])
            tolkien.setValue(NSOrderedSet(array: [rings, hobbit]), forKey: "books")
            austen.setValue(NSOrderedSet(array: [emma]), forKey: "books")
            tolkien.setValue(NSSet(array: [hobbit]), forKey: "highlights")
            austen.setValue(NSSet(array: [emma, rings]), forKey: "highlights")
            hobbit.setValue(NSOrderedSet(array: [classic]), forKey: "tags")
            rings.setValue(NSOrderedSet(array: [long, classic]), forKey: "tags")
            try context.save()
        }
    }
}

// MARK: - Patching

/// How an input damages the store file: a sequence of patches, each 4 bytes of offset (little-endian,
/// modulo the file's size), a control byte (high bit: XOR instead of overwrite; low 7 bits: length),
/// then up to that many bytes written from the offset on. A trailing part shorter than 5 bytes is ignored.
enum Patch {
    static func apply(_ input: [UInt8], to file: inout [UInt8]) {
        guard !file.isEmpty else { return }
        var index = 0
        while index + 5 <= input.count {
            let offset = Int((UInt32(input[index]) | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2]) << 16 | UInt32(input[index + 3]) << 24) % UInt32(file.count))
            let control = input[index + 4]
            let xor = control & 0x80 != 0
            let length = min(Int(control & 0x7F), input.count - index - 5)
            for step in 0..<length where offset + step < file.count {
                let byte = input[index + 5 + step]
                file[offset + step] = xor ? file[offset + step] ^ byte : byte
            }
            index += 5 + length
        }
    }
}

// MARK: - Harness

/// The model and the bytes of the valid store, made once.
///
/// Sendable because libFuzzer calls the entry point from one thread.
final class Harness: @unchecked Sendable {
    static let shared = Harness()

    let model: NSManagedObjectModel
    let directory: URL
    /// The file each input's store is written to.
    let storeURL: URL
    let original: [UInt8]
    /// Options as `NSPersistentContainer` sets them: migration on, so damaged metadata reaches the migration.
    let options: [AnyHashable: Any] = [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true]

    private init() {
        model = StoreModel.make()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fuzz-sqlite-store-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        storeURL = directory.appendingPathComponent("Fuzz.sqlite")
        let originalURL = directory.appendingPathComponent("Original.sqlite")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try StoreModel.populate(model, at: originalURL)
            // The coordinator is gone, so its connection is closed: the WAL was checkpointed into the file.
            guard !FileManager.default.fileExists(atPath: originalURL.path + "-wal") else {
                fatalError("fuzz-sqlite-store: the original store still has a WAL file after closing")
            }
            original = Array(try Data(contentsOf: originalURL))
        } catch {
            fatalError("fuzz-sqlite-store: cannot make the original store: \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: Harness.shared.directory) }
    }

    func run(_ input: [UInt8]) {
        var bytes = original
        Patch.apply(input, to: &bytes)
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: storeURL.path + suffix)
        }
        do {
            try Data(bytes).write(to: storeURL)
        } catch {
            fatalError("fuzz-sqlite-store: cannot write \(storeURL.path): \(error)")
        }
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        guard (try? coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: storeURL, options: options)) != nil else { return }
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
        context.performAndWait {
            for entity in model.entities {
                guard let name = entity.name, let objects = try? context.fetch(NSFetchRequest<NSManagedObject>(entityName: name)) else { continue }
                for object in objects { read(object, depth: 1) }
            }
            for (entity, format, sortKey) in Self.queries {
                let request = NSFetchRequest<NSManagedObject>(entityName: entity)
                request.predicate = NSPredicate(format: format)
                request.sortDescriptors = [NSSortDescriptor(key: sortKey, ascending: true)]
                guard let objects = try? context.fetch(request) else { continue }
                for object in objects { read(object, depth: 0) }
                _ = try? context.count(for: request)
            }
        }
    }

    /// Fetches with predicates and sorts, which run in SQL (with the store's comparison function).
    private static let queries: [(entity: String, format: String, sortKey: String)] = [
        ("Author", "score > 0 OR rating < 5.5 OR price >= 10", "name"),
        ("Book", "author.name BEGINSWITH[c] 't' AND pages != 0", "title"),
        ("Book", "ANY tags.name IN {'classic', 'long'} OR title MATCHES '.*o.*'", "weight"),
        ("Novel", "genre LIKE[cd] '*a*' OR author.uuid != nil", "genre"),
        ("Tag", "books.@count > 0", "name"),
    ]

    /// Reads every property of `object`; when `depth` is above 0, reads the related objects too.
    private func read(_ object: NSManagedObject, depth: Int) {
        _ = object.objectID.uriRepresentation()
        for (name, property) in object.entity.propertiesByName {
            let value = object.value(forKey: name)
            guard depth > 0, property is NSRelationshipDescription else { continue }
            let related: [Any]
            if let set = value as? NSOrderedSet {
                related = set.array
            } else if let set = value as? NSSet {
                related = set.allObjects
            } else {
                related = value.map { [$0] } ?? []
            }
            for case let destination as NSManagedObject in related {
                read(destination, depth: depth - 1)
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Harness.shared.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
