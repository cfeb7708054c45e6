// A process that the SQLite crash-consistency test kills in the middle of a save.
//
// Usage: OpenCoreDataCrashHelper <store path> <objects before> <objects in the killed save>
// Saves the first batch, prints "committed", inserts the second batch, prints "saving", saves, prints "saved".
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation

func attribute(_ name: String, _ type: NSAttributeType) -> NSAttributeDescription {
    let attribute = NSAttributeDescription()
    attribute.name = name
    attribute.attributeType = type
    return attribute
}

/// `Record(serial, payload) ↔ Batch(name)`: the test opens the file with the same model.
func crashModel() -> NSManagedObjectModel {
    let record = NSEntityDescription()
    record.name = "Record"
    let batch = NSEntityDescription()
    batch.name = "Batch"
    let toBatch = NSRelationshipDescription()
    toBatch.name = "batch"
    toBatch.destinationEntity = batch
    toBatch.maxCount = 1
    let records = NSRelationshipDescription()
    records.name = "records"
    records.destinationEntity = record
    records.maxCount = 0
    toBatch.inverseRelationship = records
    records.inverseRelationship = toBatch
    record.properties = [attribute("serial", .integer64AttributeType), attribute("payload", .stringAttributeType), toBatch]
    batch.properties = [attribute("name", .stringAttributeType), records]
    let model = NSManagedObjectModel()
    model.entities = [record, batch]
    return model
}

func insertBatch(_ name: String, count: Int, into context: NSManagedObjectContext) {
    let batch = NSEntityDescription.insertNewObject(forEntityName: "Batch", into: context)
    batch.setValue(name, forKey: "name")
    for serial in 0..<count {
        let record = NSEntityDescription.insertNewObject(forEntityName: "Record", into: context)
        record.setValue(Int64(serial), forKey: "serial")
        record.setValue("payload \(serial) of \(name), padded to fill pages quickly", forKey: "payload")
        record.setValue(batch, forKey: "batch")
    }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let before = Int(arguments[2]), let during = Int(arguments[3]) else {
    say("usage: OpenCoreDataCrashHelper <store path> <objects before> <objects in the killed save>")
    exit(2)
}
let container = NSPersistentContainer(name: "Crash", managedObjectModel: crashModel())
container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: arguments[1]))]
var loadError: (any Error)?
container.loadPersistentStores { _, error in loadError = error }
if let loadError {
    say("error \(loadError)")
    exit(1)
}
let context = container.newBackgroundContext()
context.performAndWait {
    do {
        insertBatch("before", count: before, into: context)
        try context.save()
        say("committed")
        context.reset()
        insertBatch("during", count: during, into: context)
        say("saving")
        try context.save()
        say("saved")
    } catch {
        say("error \(error)")
        exit(1)
    }
}
