// fuzz-json-decode: JSON bytes decoded with JSONDecoder into an in-memory context.
//
// The model has every attribute type, a to-one, a to-many, an ordered to-many and a composite
// identity. A few objects are saved once, up front. Each input is decoded as one `Record` (when it
// starts with `{`) or as `Many<Record>`, then encoded back when it decoded. A decode that throws must
// leave the context as it was: no inserted, updated or deleted objects, and the saved objects with
// their saved values. `rollback()` then undoes what a successful decode did, so inputs do not affect
// each other, and must bring back the same state. A violated invariant stops the process.

import CoreDataCodable
import Foundation
import FuzzSupport

// MARK: - Model classes

/// Every attribute type, and every relationship kind.
final class Record: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var int16: Int16
    @Managed var int32: Int32
    @Managed var int64: Int64
    @Managed var decimal: Decimal?
    @Managed var double: Double
    @Managed var float: Float
    @Managed var bool: Bool
    @Managed var string: String?
    @Managed var date: Date?
    @Managed var data: Data?
    @Managed var uuid: UUID?
    @Managed var uri: URL?
    @Managed var owner: Owner?
    @Managed var parts: Set<Part>
    @Managed var tracks: NSOrderedSet

    static let identityAttribute: IdentityAttribute = "id"

    /// `tags` is transformable, `point` binary: both hold Codable values.
    static var codableAttributes: [String: any Codable.Type] {
        ["tags": [String].self, "point": Point.self]
    }
}

/// The destination of `Record.owner`; its inverse is the to-many `records`.
final class Owner: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var records: Set<Record>

    static let identityAttribute: IdentityAttribute = "id"
}

/// A composite identity: `a` and `b` together.
final class Part: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var a: String?
    @Managed var b: Int64
    @Managed var note: String?
    @Managed var record: Record?

    static let identityAttribute: IdentityAttribute = ["a", "b"]
}

/// The destination of the ordered `Record.tracks`, a string identity, many-to-many.
final class Track: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: String?
    @Managed var title: String?
    @Managed var records: Set<Record>

    static let identityAttribute: IdentityAttribute = "id"
}

/// The Codable value of `Record.point`, stored as JSON in a binary attribute.
struct Point: Codable {
    var x: Int
    var y: Int
}

// MARK: - Model

enum FuzzModel {
    static func make() -> NSManagedObjectModel {
        let record = entity("Record", Record.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("int16", .integer16AttributeType),
            attribute("int32", .integer32AttributeType, optional: false),
            attribute("int64", .integer64AttributeType),
            attribute("decimal", .decimalAttributeType),
            attribute("double", .doubleAttributeType),
            attribute("float", .floatAttributeType),
            attribute("bool", .booleanAttributeType),
            attribute("string", .stringAttributeType),
            attribute("date", .dateAttributeType),
            attribute("data", .binaryDataAttributeType),
            attribute("uuid", .UUIDAttributeType),
            attribute("uri", .URIAttributeType),
            attribute("tags", .transformableAttributeType),
            attribute("point", .binaryDataAttributeType),
        ])
        let owner = entity("Owner", Owner.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
        ])
        let part = entity("Part", Part.self, [
            attribute("a", .stringAttributeType),
            attribute("b", .integer64AttributeType),
            attribute("note", .stringAttributeType),
        ])
        let track = entity("Track", Track.self, [
            attribute("id", .stringAttributeType),
            attribute("title", .stringAttributeType),
        ])
        relate(record, "owner", to: owner, inverse: "records", inverseToMany: true)
        relate(record, "parts", to: part, toMany: true, inverse: "record")
        relate(record, "tracks", to: track, toMany: true, ordered: true, inverse: "records", inverseToMany: true)
        let model = NSManagedObjectModel()
        model.entities = [record, owner, part, track]
        return model
    }
}

// MARK: - Harness

/// The context, its saved objects and their saved values, made once.
///
/// Sendable because libFuzzer calls the entry point from one thread, and every use of the context
/// goes through `performAndWait`.
final class Harness: @unchecked Sendable {
    static let shared = Harness()

    let context: NSManagedObjectContext
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    /// The saved objects and the description of their saved values.
    private(set) var saved: [(object: NSManagedObject, values: [String: String])] = []

    private init() {
        context = inMemoryContext(of: FuzzModel.make(), target: "fuzz-json-decode")
        decoder.managedObjectContext = context
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .base64
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.dataEncodingStrategy = .base64
        encoder.outputFormatting = .sortedKeys
        context.performAndWait { saveInitialObjects() }
    }

    /// Two records, two owners, two parts and two tracks, related, saved.
    private func saveInitialObjects() {
        let payload = Data("""
        [
            {"id": 1, "int16": 16, "int32": 32, "int64": 64, "decimal": 12.5, "double": 2.25, "float": 1.5,
             "bool": true, "string": "one", "date": 1572566400, "data": "SGVsbG8=",
             "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "uri": "https://example.com/one",
             "tags": ["a", "b"], "point": {"x": 1, "y": 2},
             "owner": {"id": 1, "name": "Ann"},
             "parts": [{"a": "x", "b": 1, "note": "first"}],
             "tracks": [{"id": "t1", "title": "Intro"}, {"id": "t2", "title": "Outro"}]},
            {"id": 2, "int32": -32, "string": "two", "owner": null,
             "parts": [{"a": "y", "b": 2}], "tracks": ["t2"]}
        ]
        """.utf8)
        do {
            _ = try decoder.decode(Many<Record>.self, from: payload)
            _ = try decoder.decode(Owner.self, from: Data(#"{"id": 2, "name": "Bob"}"#.utf8))
            try context.save()
        } catch {
            fatalError("fuzz-json-decode: cannot save the initial objects: \(error)")
        }
        let objects = context.registeredObjects.sorted { $0.objectID.uriRepresentation().absoluteString < $1.objectID.uriRepresentation().absoluteString }
        guard objects.count == 8 else { fatalError("fuzz-json-decode: expected 8 saved objects, found \(objects.count)") }
        saved = objects.map { ($0, Self.describe($0)) }
    }

    /// The object's values, each as text: attributes as they print, relationships as object IDs.
    static func describe(_ object: NSManagedObject) -> [String: String] {
        var values: [String: String] = ["(deleted)": "\(object.isDeleted)"]
        for (name, property) in object.entity.propertiesByName {
            let value = object.value(forKey: name)
            guard let relationship = property as? NSRelationshipDescription else {
                values[name] = value.map { "\($0)" } ?? "nil"
                continue
            }
            let objects: [NSManagedObject]
            if relationship.isToMany {
                let elements = (value as? NSOrderedSet)?.array ?? (value as? NSSet)?.allObjects ?? []
                objects = elements.compactMap { $0 as? NSManagedObject }
            } else {
                objects = (value as? NSManagedObject).map { [$0] } ?? []
            }
            var ids = objects.map { $0.objectID.uriRepresentation().absoluteString }
            if !relationship.isOrdered { ids.sort() }
            values[name] = ids.joined(separator: ",")
        }
        return values
    }

    /// Decodes `data`, checks the invariants, rolls back.
    func run(_ data: Data) {
        context.performAndWait {
            let isObject = data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
            do {
                if isObject {
                    let record = try decoder.decode(Record.self, from: data)
                    _ = try? encoder.encode(record)
                } else {
                    let records = try decoder.decode(Many<Record>.self, from: data)
                    _ = try? encoder.encode(records)
                }
            } catch {
                checkUnchanged(after: "a failed decode (\(error))")
            }
            context.rollback()
            checkUnchanged(after: "rollback()")
        }
    }

    /// Stops the process unless the context has no changes and the saved objects have their saved values.
    private func checkUnchanged(after event: String) {
        if context.hasChanges { fatalError("fuzz-json-decode: after \(event), the context has changes") }
        let changes = [
            ("inserted", context.insertedObjects), ("updated", context.updatedObjects), ("deleted", context.deletedObjects),
        ]
        for (kind, objects) in changes where !objects.isEmpty {
            let names = objects.map { "\($0.entity.name ?? "?") \($0.objectID.uriRepresentation().absoluteString)" }.sorted()
            fatalError("fuzz-json-decode: after \(event), the context has \(objects.count) \(kind) object(s): \(names)")
        }
        for (object, values) in saved {
            let current = Self.describe(object)
            guard current != values else { continue }
            let differences = values.keys.sorted().filter { current[$0] != values[$0] }.map {
                "\($0): saved \(values[$0] ?? "-"), now \(current[$0] ?? "-")"
            }
            fatalError("fuzz-json-decode: after \(event), the saved \(object.entity.name ?? "?") \(object.objectID.uriRepresentation().absoluteString) changed: \(differences)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Harness.shared.run(Data(bytes: data, count: size))
    return 0
}
