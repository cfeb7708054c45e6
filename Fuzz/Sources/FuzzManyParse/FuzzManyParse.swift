// fuzz-many-parse: JSON bytes decoded as `Many<Reading>` twice, by `JSONDecoder` (which leaves the
// parse to the library, since `Reading` keeps the default hooks) and by a `JSONDecoder` subclass
// (which decodes through Foundation), each into a context of its own.
//
// The library's parse must give what Foundation gives: when both decode, the same objects with the
// same values in the same order; it never decodes a payload Foundation rejects. Where Foundation
// decodes and the library does not, the library's error must be the one difference it documents:
// invalid JSON in a value no property reads (Foundation checks values only when it decodes them),
// reported as corrupted data at the payload's path with the parser's error underneath. A failed
// decode leaves its context without changes, and `rollback()` undoes one that worked. A violated
// invariant stops the process.

import CoreDataCodable
import Foundation
import FuzzSupport

/// A reading with an attribute of each type the library's parse reads, a to-one and a to-many
/// whose objects may be given as bare identifiers.
final class Reading: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var small: Int16
    @Managed var medium: Int32
    @Managed var real: Double
    @Managed var single: Float
    @Managed var flag: Bool
    @Managed var text: String?
    @Managed var takenAt: Date?
    @Managed var blob: Data?
    @Managed var link: URL?
    @Managed var token: UUID?
    @Managed var sensor: Sensor?
    @Managed var labels: Set<Label>

    static let identityAttribute: IdentityAttribute = "id"
}

/// The destination of `Reading.sensor`.
final class Sensor: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var readings: Set<Reading>

    static let identityAttribute: IdentityAttribute = "id"
}

/// The destination of `Reading.labels`, many-to-many, with a string identity.
final class Label: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var code: String?
    @Managed var readings: Set<Reading>

    static let identityAttribute: IdentityAttribute = "code"
}

/// Adds nothing, but `JSONDecoder` then decodes every payload through Foundation.
final class FoundationDecoder: JSONDecoder, @unchecked Sendable {}

enum FuzzModel {
    static func make() -> NSManagedObjectModel {
        let reading = entity("Reading", Reading.self, [
            attribute("id", .integer64AttributeType), attribute("small", .integer16AttributeType),
            attribute("medium", .integer32AttributeType), attribute("real", .doubleAttributeType),
            attribute("single", .floatAttributeType), attribute("flag", .booleanAttributeType),
            attribute("text", .stringAttributeType), attribute("takenAt", .dateAttributeType),
            attribute("blob", .binaryDataAttributeType), attribute("link", .URIAttributeType),
            attribute("token", .UUIDAttributeType),
        ])
        let sensor = entity("Sensor", Sensor.self, [attribute("id", .integer64AttributeType), attribute("name", .stringAttributeType)])
        let label = entity("Label", Label.self, [attribute("code", .stringAttributeType)])
        relate(reading, "sensor", to: sensor, inverse: "readings", inverseToMany: true)
        relate(reading, "labels", to: label, toMany: true, inverse: "readings", inverseToMany: true)
        let model = NSManagedObjectModel()
        model.entities = [reading, sensor, label]
        return model
    }
}

/// One side of the comparison: a decoder and the context it decodes into.
struct Side {
    let name: String
    let context: NSManagedObjectContext
    let decoder: JSONDecoder

    init(name: String, decoder: JSONDecoder, model: NSManagedObjectModel) {
        context = inMemoryContext(of: model, target: "fuzz-many-parse")
        decoder.managedObjectContext = context
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        self.name = name
        self.decoder = decoder
    }

    /// The readings `data` decodes to, each described; or the error.
    func decode(_ data: Data) -> Result<[[String: String]], any Error> {
        context.performAndWait {
            do {
                let readings = try decoder.decode(Many<Reading>.self, from: data).array
                return .success(readings.map(Self.describe))
            } catch {
                checkUnchanged(after: "a failed decode (\(error))")
                return .failure(error)
            }
        }
    }

    /// Rolls back what a decode did, and checks that nothing is left of it.
    func rollBack() {
        context.performAndWait {
            context.rollback()
            checkUnchanged(after: "rollback()")
        }
    }

    private func checkUnchanged(after event: String) {
        if context.hasChanges || !context.insertedObjects.isEmpty || !context.updatedObjects.isEmpty || !context.deletedObjects.isEmpty {
            fatalError("fuzz-many-parse: after \(event), \(name)'s context has changes")
        }
    }

    /// A reading's values as text, related objects by identity.
    private static func describe(_ reading: Reading) -> [String: String] {
        var values: [String: String] = [:]
        for name in reading.entity.attributesByName.keys {
            values[name] = reading.value(forKey: name).map { "\($0)" } ?? "nil"
        }
        values["sensor"] = reading.sensor.map { "\($0.id) \($0.name ?? "nil")" } ?? "nil"
        values["labels"] = reading.labels.map { $0.code ?? "nil" }.sorted().joined(separator: ",")
        return values
    }
}

/// Both sides, made once. Sendable because libFuzzer calls the entry point from one thread.
final class Harness: @unchecked Sendable {
    static let shared = Harness()

    private let library: Side
    private let foundation: Side

    private init() {
        let model = FuzzModel.make()
        library = Side(name: "the library's parse", decoder: JSONDecoder(), model: model)
        foundation = Side(name: "Foundation's decode", decoder: FoundationDecoder(), model: model)
    }

    func run(_ data: Data) {
        let parsed = library.decode(data)
        let decoded = foundation.decode(data)
        switch (parsed, decoded) {
        case (.success(let readings), .success(let expected)):
            guard readings == expected else {
                fatalError("fuzz-many-parse: the library's parse gave \(readings), Foundation's decode \(expected)")
            }
        case (.success(let readings), .failure(let error)):
            fatalError("fuzz-many-parse: the library's parse gave \(readings) where Foundation's decode throws \(error)")
        case (.failure(let error), .success):
            guard case .dataCorrupted(let context)? = error as? DecodingError, context.codingPath.isEmpty, context.underlyingError != nil else {
                fatalError("fuzz-many-parse: the library's parse throws \(error) where Foundation's decode succeeds")
            }
        case (.failure, .failure):
            break
        }
        library.rollBack()
        foundation.rollBack()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Harness.shared.run(Data(bytes: data, count: size))
    return 0
}
