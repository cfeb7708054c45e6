import CoreDataCodable
import Foundation
import Testing

/// A reading of a sensor, uniqued by `id`.
final class SensorReading: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var value: String?

    static let identityAttribute: IdentityAttribute = "id"
}

/// Two background contexts of one container importing overlapping identities at the same time.
@Suite("Concurrent imports of overlapping identities")
struct ConcurrentImportTests {
    /// A model with `SensorReading`, its identity under a uniqueness constraint when `constrained`.
    private static func model(constrained: Bool) -> NSManagedObjectModel {
        let id = NSAttributeDescription()
        id.name = "id"
        id.attributeType = .integer64AttributeType
        id.isOptional = false
        let value = NSAttributeDescription()
        value.name = "value"
        value.attributeType = .stringAttributeType
        let entity = NSEntityDescription()
        entity.name = "SensorReading"
        entity.managedObjectClassName = NSStringFromClass(SensorReading.self)
        entity.properties = [id, value]
        if constrained { entity.uniquenessConstraints = [["id"]] }
        let model = NSManagedObjectModel()
        model.entities = [entity]
        return model
    }

    /// The readings `first...last` as JSON, their values naming `writer`.
    private static func payload(_ ids: ClosedRange<Int>, writer: String) -> Data {
        Data(("[" + ids.map { #"{"id": \#($0), "value": "\#(writer)"}"# }.joined(separator: ",") + "]").utf8)
    }

    /// Runs `rounds` rounds in which two contexts each decode an overlapping range, wait until both
    /// have decoded, and save; returns the stored readings' ids, sorted.
    private static func importConcurrently(rounds: Int, constrained: Bool, url: URL) throws -> [Int64] {
        let stack = try TestStack(model: model(constrained: constrained), storeURL: url)
        let contexts = [stack.container.newBackgroundContext(), stack.container.newBackgroundContext()].map(Unchecked.init)
        for context in contexts { context.value.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy }
        let failures = Failures()
        for round in 0..<rounds {
            let decoded = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)].map(Unchecked.init)
            let finished = DispatchGroup()
            for index in 0..<2 {
                finished.enter()
                Thread.detachNewThread {
                    defer { finished.leave() }
                    let context = contexts[index].value
                    let ids = index == 0 ? round * 10 + 1...round * 10 + 15 : round * 10 + 6...round * 10 + 20
                    let decoder = JSONDecoder()
                    decoder.managedObjectContext = context
                    do {
                        _ = try decoder.decode(Many<SensorReading>.self, from: payload(ids, writer: "writer \(index)"))
                        decoded[index].value.signal()
                        decoded[1 - index].value.wait()
                        try context.performAndWait {
                            try context.save()
                            context.reset()
                        }
                    } catch {
                        decoded[index].value.signal()
                        failures.record(error)
                    }
                }
            }
            finished.wait()
        }
        if let error = failures.first { throw error }
        return try stack.read {
            let request = NSFetchRequest<SensorReading>(entityName: "SensorReading")
            return try stack.context.fetch(request).map(\.id).sorted()
        }
    }

    @Test func aUniquenessConstraintAndAMergingPolicyStoreEachIdentityOnce() throws {
        let ids = try withTemporaryStoreURL { try Self.importConcurrently(rounds: 100, constrained: true, url: $0) }
        #expect(ids == Array(1...1010))
    }

    // Neither context sees the objects the other inserted until both have decoded: the identities
    // both insert in a round are stored twice. Those are the ten both ranges share in the first round;
    // in each later one, five of them were stored by the round before and are updated instead.
    @Test func withoutAConstraintTheIdentitiesBothInsertAreStoredTwice() throws {
        let ids = try withTemporaryStoreURL { try Self.importConcurrently(rounds: 100, constrained: false, url: $0) }
        #expect(Array(Set(ids)).sorted() == Array(1...1010))
        #expect(ids.count == 1010 + 10 + 99 * 5)
    }
}

/// Errors recorded by concurrent work.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []

    func record(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        errors.append(error)
    }

    var first: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return errors.first
    }
}
