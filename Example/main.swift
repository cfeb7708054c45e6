import CoreDataCodable
import Foundation

// Decodes a payload of people into a SQLite-backed container, decodes an update to show uniquing,
// prints what changed and encodes a few people back to JSON.

// A fresh store file for every run.
let storeURL = FileManager.default.temporaryDirectory.appendingPathComponent("CoreDataCodableExample.sqlite")
for suffix in ["", "-wal", "-shm"] {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: storeURL.path + suffix))
}
// The Xcode model among the module's resources: on Apple platforms Xcode compiles it to Model.momd,
// on Linux OpenCoreData reads the .xcdatamodeld itself. The same call finds either.
guard let model = NSManagedObjectModel.mergedModel(from: [Bundle.module]) else {
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Model.xcdatamodeld"])
}
let container = NSPersistentContainer(name: "Example", managedObjectModel: model)
container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: storeURL)]
var loadError: (any Error)?
container.loadPersistentStores { _, error in loadError = error }
if let loadError { throw loadError }

try run(in: container.newBackgroundContext())
