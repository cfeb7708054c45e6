// fuzz-model-sync: JSON bytes synced by entity name into models of every convention.
//
// The models are read once from the folders `FUZZ_SYNC_MODELS` names (colon-separated; `.ci/fuzz`
// gives the peer corpus's Sync, Groot and JSONCache models when `../shared/peers` is there, and the
// test models otherwise): every `.xcdatamodeld` below them, each with an in-memory context. The
// first two bytes of an input choose the model and the entity; the rest is the payload of
// `context.sync(_:inEntityNamed:)`. A sync that throws must leave the context as it was (no
// inserted, updated or deleted objects, no changes); `rollback()` then undoes a sync that worked and
// must bring the context back to no changes, so inputs do not affect each other. A violated
// invariant stops the process.

import CoreDataCodable
import Foundation

/// The models and their contexts, made once.
///
/// Sendable because libFuzzer calls the entry point from one thread, and every use of a context
/// goes through `performAndWait`.
final class Harness: @unchecked Sendable {
    static let shared = Harness()

    /// Each model's context and entity names, sorted.
    private let targets: [(context: NSManagedObjectContext, entities: [String])]

    private init() {
        let folders = (ProcessInfo.processInfo.environment["FUZZ_SYNC_MODELS"] ?? "").split(separator: ":").map(String.init)
        var targets: [(NSManagedObjectContext, [String])] = []
        for url in folders.flatMap(Self.modelURLs(below:)) {
            guard let model = try? NSManagedObjectModel(validatingContentsOf: url) else { continue }
            let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
            guard (try? coordinator.addPersistentStore(ofType: NSInMemoryStoreType, configurationName: nil, at: nil, options: nil)) != nil else { continue }
            let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            context.persistentStoreCoordinator = coordinator
            targets.append((context, model.entities.compactMap(\.name).sorted()))
        }
        guard !targets.isEmpty else {
            fatalError("fuzz-model-sync: no model found in FUZZ_SYNC_MODELS=\(folders.joined(separator: ":"))")
        }
        self.targets = targets
    }

    /// The `.xcdatamodeld` folders below `folder`, sorted, so a seed chooses the same model each run.
    private static func modelURLs(below folder: String) -> [URL] {
        guard let paths = FileManager.default.subpaths(atPath: folder) else { return [] }
        return paths.filter { $0.hasSuffix(".xcdatamodeld") }.sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
    }

    /// Syncs the payload after the two choosing bytes, checks the invariants, rolls back.
    func run(_ data: Data) {
        guard data.count >= 2 else { return }
        let target = targets[Int(data[data.startIndex]) % targets.count]
        guard !target.entities.isEmpty else { return }
        let entity = target.entities[Int(data[data.startIndex + 1]) % target.entities.count]
        let payload = data.dropFirst(2)
        let context = target.context
        context.performAndWait {
            do {
                let changes = try context.sync(Data(payload), inEntityNamed: entity)
                for id in changes.inserted + changes.updated where context.object(with: id).isDeleted {
                    fatalError("fuzz-model-sync: \(entity) reported inserted or updated, but deleted")
                }
            } catch {
                checkUnchanged(context, after: "a failed sync into \(entity) (\(error))")
            }
            context.rollback()
            checkUnchanged(context, after: "rollback()")
        }
    }

    /// Stops the process unless the context has no changes.
    private func checkUnchanged(_ context: NSManagedObjectContext, after event: String) {
        let changes = [("inserted", context.insertedObjects), ("updated", context.updatedObjects), ("deleted", context.deletedObjects)]
        for (kind, objects) in changes where !objects.isEmpty {
            let names = objects.map { $0.entity.name ?? "?" }.sorted()
            fatalError("fuzz-model-sync: after \(event), the context has \(objects.count) \(kind) object(s): \(names)")
        }
        if context.hasChanges { fatalError("fuzz-model-sync: after \(event), the context has changes") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Harness.shared.run(Data(bytes: data, count: size))
    return 0
}
