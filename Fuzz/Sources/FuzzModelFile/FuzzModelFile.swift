// fuzz-model-file: bytes as the `contents` file of an Xcode model (`.xcdatamodel` folder).
//
// Each input is written over the `contents` file of a temporary `Fuzz.xcdatamodel` folder made once,
// and loaded with `NSManagedObjectModel(validatingContentsOf:)`. A model that loads is used by a
// coordinator with an in-memory store; one object of each non-abstract entity is inserted, the
// context saved, each entity fetched and counted. Errors are expected; a crash is a bug.

import Foundation
import OpenCoreData

/// A managed object class that `.FuzzObject` and `fuzz_model_file.FuzzObject` class names resolve to.
final class FuzzObject: NSManagedObject {}

/// The temporary model folder, made once.
///
/// Sendable because libFuzzer calls the entry point from one thread.
final class Harness: @unchecked Sendable {
    static let shared = Harness()

    /// `…/Fuzz.xcdatamodel`, the URL that is loaded.
    let modelURL: URL
    /// `…/Fuzz.xcdatamodel/contents`, rewritten for each input.
    let contentsURL: URL

    private init() {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fuzz-model-file-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        modelURL = directory.appendingPathComponent("Fuzz.xcdatamodel", isDirectory: true)
        contentsURL = modelURL.appendingPathComponent("contents")
        do {
            try FileManager.default.createDirectory(at: modelURL, withIntermediateDirectories: true)
        } catch {
            fatalError("fuzz-model-file: cannot create \(modelURL.path): \(error)")
        }
        // The folder is small; remove it when libFuzzer exits normally.
        atexit { try? FileManager.default.removeItem(at: Harness.shared.modelURL.deletingLastPathComponent()) }
    }

    func run(_ data: Data) {
        do {
            try data.write(to: contentsURL)
        } catch {
            fatalError("fuzz-model-file: cannot write \(contentsURL.path): \(error)")
        }
        guard let model = try? NSManagedObjectModel(validatingContentsOf: modelURL) else { return }
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        guard (try? coordinator.addPersistentStore(ofType: NSInMemoryStoreType, configurationName: nil, at: nil, options: nil)) != nil else { return }
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
        context.performAndWait {
            let names = model.entities.filter { !$0.isAbstract }.compactMap(\.name)
            for name in names {
                _ = NSEntityDescription.insertNewObject(forEntityName: name, into: context)
            }
            try? context.save()
            for name in names {
                _ = try? context.count(for: NSFetchRequest<NSManagedObject>(entityName: name))
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Harness.shared.run(Data(bytes: data, count: size))
    return 0
}
