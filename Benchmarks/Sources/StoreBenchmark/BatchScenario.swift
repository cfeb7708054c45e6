import Foundation
import OpenCoreData
import RawSQLite

/// Batch requests against the work they replace: 100k rows of a SQLite file updated, then deleted, by one
/// `NSBatchUpdateRequest` / `NSBatchDeleteRequest`, by fetching the objects into a context, changing or
/// deleting each and saving, and by raw SQLite running the same statement on the same table layout.
enum BatchScenario {
    static let rowCount = 100_000

    static let model: NSManagedObjectModel = {
        let entry = ModelBuilding.entity("Entry")
        entry.properties = [
            ModelBuilding.attribute("serial", .integer64AttributeType),
            ModelBuilding.attribute("name", .stringAttributeType),
            ModelBuilding.attribute("score", .doubleAttributeType),
            ModelBuilding.attribute("flag", .booleanAttributeType),
        ]
        let model = NSManagedObjectModel()
        model.entities = [entry]
        return model
    }()

    /// The rows: every serial, a name, a score and a flag.
    private static var rows: [[String: Any]] {
        (0..<rowCount).map { ["serial": Int64($0), "name": "entry \($0)", "score": Double($0) * 0.5, "flag": false] }
    }

    /// All rows match (`serial >= 0`), so each statement has a predicate to evaluate.
    private static let predicate = NSPredicate(format: "serial >= %d", 0)

    static func run(in directory: URL, recorder: inout StepRecorder) throws {
        let container = try ModelBuilding.container(model, storeURL: directory.appendingPathComponent("batch.sqlite"))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            try recorder.step("ocd-batch-insert") { try insertRows(context) }
            try recorder.step("ocd-batch-update") {
                let request = NSBatchUpdateRequest(entityName: "Entry")
                request.predicate = predicate
                request.propertiesToUpdate = ["flag": true, "score": 1.5]
                request.resultType = .updatedObjectsCountResultType
                try expectCount((context.execute(request) as? NSBatchUpdateResult)?.result)
            }
            try recorder.step("ocd-update-objects") {
                let objects = try fetchAll(context)
                for object in objects {
                    object.setValue(false, forKey: "flag")
                    object.setValue(2.5, forKey: "score")
                }
                try context.save()
                try expectCount(objects.count)
            }
            context.reset()
            try recorder.step("ocd-batch-delete") {
                let fetch = NSFetchRequest<NSFetchRequestResult>(entityName: "Entry")
                fetch.predicate = predicate
                let request = NSBatchDeleteRequest(fetchRequest: fetch)
                request.resultType = .resultTypeCount
                try expectCount((context.execute(request) as? NSBatchDeleteResult)?.result)
            }
            try insertRows(context)
            try recorder.step("ocd-delete-objects") {
                let objects = try fetchAll(context)
                objects.forEach(context.delete)
                try context.save()
                try expectCount(objects.count)
            }
        }
    }

    private static func insertRows(_ context: NSManagedObjectContext) throws {
        let request = NSBatchInsertRequest(entityName: "Entry", objects: rows)
        request.resultType = .count
        try expectCount((context.execute(request) as? NSBatchInsertResult)?.result)
    }

    private static func fetchAll(_ context: NSManagedObjectContext) throws -> [NSManagedObject] {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Entry")
        request.predicate = predicate
        request.returnsObjectsAsFaults = false
        return try context.fetch(request)
    }

    private static func expectCount(_ result: Any?) throws {
        guard let count = result as? Int, count == rowCount else { throw BenchmarkError("expected \(rowCount) rows, got \(result ?? "nil")") }
    }

    /// The floor: the same table, filled in one transaction, then one `UPDATE` and one `DELETE` statement.
    static func runRaw(in directory: URL, recorder: inout StepRecorder) throws {
        let database = try RawDatabase(path: directory.appendingPathComponent("raw-batch.sqlite").path)
        try database.execute("""
            PRAGMA journal_mode = WAL;
            CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL, Z_OPT INTEGER NOT NULL,
                ZSERIAL INTEGER, ZNAME TEXT, ZSCORE REAL, ZFLAG INTEGER);
            BEGIN IMMEDIATE;
            """)
        let insert = try database.prepare("INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZSERIAL, ZNAME, ZSCORE, ZFLAG) VALUES (?, 1, 1, ?, ?, ?, 0)")
        defer { sqlite3_finalize(insert) }
        for index in 0..<rowCount {
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            sqlite3_bind_int64(insert, 2, Int64(index))
            sqlite3_bind_text(insert, 3, "entry \(index)", -1, raw_sqlite_transient())
            sqlite3_bind_double(insert, 4, Double(index) * 0.5)
            try database.stepToEnd(insert)
        }
        try database.execute("COMMIT")
        try recorder.step("raw-batch-update") {
            try database.execute("BEGIN IMMEDIATE; UPDATE ZENTRY SET ZFLAG = 1, ZSCORE = 1.5, Z_OPT = Z_OPT + 1 WHERE ZSERIAL >= 0; COMMIT")
        }
        try recorder.step("raw-batch-delete") {
            try database.execute("BEGIN IMMEDIATE; DELETE FROM ZENTRY WHERE ZSERIAL >= 0; COMMIT")
        }
    }
}
