import BenchmarkSupport
import Foundation
import OpenCoreData

/// Issue #4: 100k records, each related to one of 100 batches, saved in one `save()` into a SQLite
/// file, then 10k of them fetched by `serial IN {...}` on the indexed attribute from a fresh context.
enum RecordScenario {
    static let recordCount = 100_000
    static let batchCount = 100
    static let fetchCount = 10_000

    static func batchName(_ index: Int) -> String { "batch \(index)" }
    static func payload(_ index: Int) -> String { "payload number \(index)" }
    static func score(_ index: Int) -> Double { Double(index) * 0.5 }

    /// The serials fetched: a fixed pseudo-random tenth of them, the same in every run.
    static let wantedSerials: [Int64] = {
        var serials = Array(0..<Int64(recordCount))
        var random = SplitMix64(seed: 4)
        serials.shuffle(using: &random)
        return Array(serials.prefix(fetchCount))
    }()

    static let model: NSManagedObjectModel = {
        let record = ModelBuilding.entity("Record")
        let batch = ModelBuilding.entity("Batch")
        let (toBatch, records) = ModelBuilding.pair("batch", from: record, toMany: false, inverse: "records", to: batch, inverseToMany: true)
        record.properties = [
            ModelBuilding.attribute("serial", .integer64AttributeType, indexed: true),
            ModelBuilding.attribute("payload", .stringAttributeType),
            ModelBuilding.attribute("score", .doubleAttributeType),
            toBatch,
        ]
        batch.properties = [ModelBuilding.attribute("name", .stringAttributeType), records]
        let model = NSManagedObjectModel()
        model.entities = [record, batch]
        return model
    }()

    static func run(in directory: URL, recorder: inout StepRecorder) throws {
        let container = try ModelBuilding.container(model, storeURL: directory.appendingPathComponent("records.sqlite"))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            recorder.step("ocd-insert") { insertObjects(into: context) }
            try recorder.step("ocd-save") { try context.save() }
        }
        let request = NSFetchRequest<NSManagedObject>(entityName: "Record")
        request.predicate = NSPredicate(format: "serial IN %@", wantedSerials)
        let fresh = container.newBackgroundContext()
        let found = try fresh.performAndWait {
            try recorder.step("ocd-fetch") { try fresh.fetch(request).count }
        }
        guard found == fetchCount else { throw BenchmarkError("fetch found \(found) objects") }
    }

    static func insertObjects(into context: NSManagedObjectContext) {
        guard let recordEntity = model.entitiesByName["Record"], let batchEntity = model.entitiesByName["Batch"] else { return }
        let batches = (0..<batchCount).map { index in
            let batch = NSManagedObject(entity: batchEntity, insertInto: context)
            batch.setValue(batchName(index), forKey: "name")
            return batch
        }
        for index in 0..<recordCount {
            let record = NSManagedObject(entity: recordEntity, insertInto: context)
            record.setValue(Int64(index), forKey: "serial")
            record.setValue(payload(index), forKey: "payload")
            record.setValue(score(index), forKey: "score")
            record.setValue(batches[index % batchCount], forKey: "batch")
        }
    }
}
