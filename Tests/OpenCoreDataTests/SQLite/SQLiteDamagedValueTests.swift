#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// A store file whose bytes another program damaged; the value encodings are OpenCoreData's own.
#if !canImport(CoreData)
@testable import OpenCoreDataCore

/// Two of these archived together refer to each other: a cycle in the archive.
final class SQLiteCyclicNode: NSObject, NSCoding, @unchecked Sendable {
    var partner: SQLiteCyclicNode?

    override init() {}

    init?(coder: NSCoder) {
        partner = coder.decodeObject(forKey: "partner") as? SQLiteCyclicNode
    }

    func encode(with coder: NSCoder) {
        coder.encode(partner, forKey: "partner")
    }
}

@Suite("SQLite store: damaged values")
struct SQLiteDamagedValueTests {
    // Found by fuzzing (Fuzz/, fuzz-sqlite-store): Foundation's unarchiver recursed without end on a
    // damaged archive whose objects formed a cycle, overflowing the stack.
    @Test func aKeyedArchiveWhoseObjectsFormACycleReadsAsNil() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Cyclic.sqlite")
        let writer = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        try writer.viewContext.performAndWait {
            let first = SQLiteCyclicNode()
            let second = SQLiteCyclicNode()
            first.partner = second
            second.partner = first
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: writer.viewContext)
            item.setValue("kept", forKey: "string")
            item.setValue(first, forKey: "plist")
            try writer.viewContext.save()
            second.partner = nil
        }
        let reader = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        let items = try SQLiteTestSupport.fetch("Item", in: reader.viewContext)
        #expect(items.first?.value(forKey: "plist") == nil)
        #expect(items.first?.value(forKey: "string") as? String == "kept")
    }

    // Found by fuzzing (Fuzz/, fuzz-sqlite-store): Foundation's keyed unarchiver traps on a damaged
    // archive unless told to report the failure.
    @Test func aDamagedKeyedArchiveReadsAsNil() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Damaged.sqlite")
        let writer = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        try writer.viewContext.performAndWait {
            let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: writer.viewContext)
            item.setValue("kept", forKey: "string")
            item.setValue(["a"], forKey: "plist")
            try writer.viewContext.save()
        }
        // A keyed-archive tag (2) followed by bytes that are not an archive.
        let connection = try SQLiteConnection(path: url.path, readOnly: false, busyTimeout: 1)
        try connection.execute("UPDATE ZITEM SET ZPLIST = x'02626F6775732064617461'")

        let reader = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        let items = try SQLiteTestSupport.fetch("Item", in: reader.viewContext)
        #expect(items.count == 1)
        #expect(items.first?.value(forKey: "plist") == nil)
        #expect(items.first?.value(forKey: "string") as? String == "kept")
    }

    // Found by fuzzing (Fuzz/, fuzz-sqlite-store): the store's metadata is JSON, so a damaged entry
    // fails to open with the store's own error (a damaged property list leaked Foundation's objects).
    @Test func aDamagedMetadataEntryFailsToOpenAsAnInvalidStore() throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("DamagedMetadata.sqlite")
        _ = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        let connection = try SQLiteConnection(path: url.path, readOnly: false, busyTimeout: 1)
        try connection.execute("UPDATE Z_METADATA SET Z_VALUE = x'7B226974656D223A' WHERE Z_KEY = '\(NSStoreModelVersionHashesKey)'")

        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: SQLiteTestSupport.model())
        let error = #expect(throws: NSError.self) {
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        }
        #expect(error?.domain == NSCocoaErrorDomain)
        #expect(error?.code == NSPersistentStoreInvalidTypeError)
    }
}
#endif
