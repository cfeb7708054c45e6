import Foundation
import OpenCoreData

/// Lightweight migration: the 100k records and 100 batches of `RecordScenario`, saved with its model, opened
/// with a model that renames both entities, an attribute and the relationship (renaming identifiers naming the
/// old names), and, from another copy of the file, with a model that removes an attribute. The floor copies
/// the same tables in raw SQLite (`INSERT INTO new SELECT … FROM old`, one transaction) from a third copy.
enum MigrationScenario {
    static func run(in directory: URL, recorder: inout StepRecorder) throws {
        let seeded = directory.appendingPathComponent("seeded.sqlite")
        do {
            let container = try ModelBuilding.container(RecordScenario.model, storeURL: seeded)
            let context = container.newBackgroundContext()
            try context.performAndWait {
                RecordScenario.insertObjects(into: context)
                try context.save()
            }
        }
        let copied = directory.appendingPathComponent("copied.sqlite")
        let renamed = directory.appendingPathComponent("renamed.sqlite")
        let reduced = directory.appendingPathComponent("reduced.sqlite")
        for copy in [copied, renamed, reduced] { try FileManager.default.copyItem(at: seeded, to: copy) }

        try recorder.step("migration-copy") { try copyTables(RawDatabase(path: copied.path)) }
        let container = try recorder.step("migration-rename") { try ModelBuilding.container(renamedModel, storeURL: renamed) }
        try check(container, entity: "Entry")
        let reducedContainer = try recorder.step("migration-remove") { try ModelBuilding.container(reducedModel, storeURL: reduced) }
        try check(reducedContainer, entity: "Record")
    }

    private static func check(_ container: NSPersistentContainer, entity: String) throws {
        let context = container.newBackgroundContext()
        let count = try context.performAndWait { try context.count(for: NSFetchRequest<NSManagedObject>(entityName: entity)) }
        guard count == RecordScenario.recordCount else { throw BenchmarkError("the migrated store holds \(count) objects of \(entity)") }
    }

    /// Copies both tables into new ones with the same columns, in one transaction.
    private static func copyTables(_ database: RawDatabase) throws {
        try database.execute("""
            BEGIN IMMEDIATE;
            CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL,
                ZSERIAL INTEGER, ZBODY TEXT, ZSCORE REAL, ZGROUP INTEGER, ZGROUP_ENT INTEGER);
            INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZSERIAL, ZBODY, ZSCORE, ZGROUP, ZGROUP_ENT)
                SELECT Z_PK, Z_ENT, Z_OPT, ZSERIAL, ZPAYLOAD, ZSCORE, ZBATCH, ZBATCH_ENT FROM ZRECORD;
            CREATE TABLE ZGROUP (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL, ZNAME TEXT);
            INSERT INTO ZGROUP (Z_PK, Z_ENT, Z_OPT, ZNAME) SELECT Z_PK, Z_ENT, Z_OPT, ZNAME FROM ZBATCH;
            COMMIT;
            """)
    }

    /// `RecordScenario.model` without the attribute `score`, which makes the migration copy the records' table.
    static let reducedModel: NSManagedObjectModel = {
        let record = ModelBuilding.entity("Record")
        let batch = ModelBuilding.entity("Batch")
        let (toBatch, records) = ModelBuilding.pair("batch", from: record, toMany: false, inverse: "records", to: batch, inverseToMany: true)
        record.properties = [ModelBuilding.attribute("serial", .integer64AttributeType, indexed: true), ModelBuilding.attribute("payload", .stringAttributeType), toBatch]
        batch.properties = [ModelBuilding.attribute("name", .stringAttributeType), records]
        let model = NSManagedObjectModel()
        model.entities = [record, batch]
        return model
    }()

    /// `RecordScenario.model` with `Record` renamed `Entry`, `payload` renamed `body`, `Batch` renamed `Group`
    /// and the relationship pair renamed `group` and `entries`.
    static let renamedModel: NSManagedObjectModel = {
        let entry = ModelBuilding.entity("Entry")
        entry.renamingIdentifier = "Record"
        let group = ModelBuilding.entity("Group")
        group.renamingIdentifier = "Batch"
        let (toGroup, entries) = ModelBuilding.pair("group", from: entry, toMany: false, inverse: "entries", to: group, inverseToMany: true)
        toGroup.renamingIdentifier = "batch"
        entries.renamingIdentifier = "records"
        let body = ModelBuilding.attribute("body", .stringAttributeType)
        body.renamingIdentifier = "payload"
        entry.properties = [ModelBuilding.attribute("serial", .integer64AttributeType, indexed: true), body, ModelBuilding.attribute("score", .doubleAttributeType), toGroup]
        group.properties = [ModelBuilding.attribute("name", .stringAttributeType), entries]
        let model = NSManagedObjectModel()
        model.entities = [entry, group]
        return model
    }()
}
