#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Values that break naive SQL (quotes, wildcards, NUL, huge sizes and magnitudes) are stored and matched exactly.
@Suite("SQLite store: hostile values")
struct SQLiteHostileValueTests {
    static let strings: [String] = [
        "'", "''", "\"", "'; DROP TABLE ZITEM; --", "%", "_", "a%b_c", "*", "?", "a*b?c", "\\", "\\*", "[abc]",
        "\u{0}", "a\u{0}b", "\u{0}\u{0}", "", " ", "😀👍🏽", "e\u{301}", "\u{FEFF}bom", "line\nbreak\ttab",
        String(repeating: "x", count: 1_000_000), String(repeating: "'%_\u{0}", count: 10_000),
    ]

    private func withStore(_ body: (NSManagedObjectContext, NSManagedObjectContext) throws -> Void) throws {
        let directory = try SQLiteTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Hostile.sqlite")
        let writer = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        let reader = try SQLiteTestSupport.container(at: url, model: SQLiteTestSupport.model())
        try body(writer.viewContext, reader.viewContext)
    }

    @Test func hostileStringsRoundTripAndMatchExactly() throws {
        try withStore { writer, reader in
            for (index, string) in Self.strings.enumerated() {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: writer)
                item.setValue(string, forKey: "string")
                item.setValue(Int64(index), forKey: "serial")
            }
            try writer.save()
            for (index, string) in Self.strings.enumerated() {
                let found = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "string == %@", string))
                #expect(found.compactMap { $0.value(forKey: "serial") as? Int64 } == [Int64(index)], "== \(string.prefix(20).debugDescription)")
                let stored = found.first?.value(forKey: "string") as? String
                #expect(stored.map { Array($0.utf8) == Array(string.utf8) } == true, "bytes of \(string.prefix(20).debugDescription)")
                let memory = Self.strings.enumerated().filter { $0.element.hasPrefix(string) && !string.isEmpty }.map { Int64($0.offset) }
                let prefixed = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "string BEGINSWITH %@", string), sortedBy: "serial")
                #expect(prefixed.compactMap { $0.value(forKey: "serial") as? Int64 } == memory, "BEGINSWITH \(string.prefix(20).debugDescription)")
            }
            let escaped = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "string LIKE %@", "a\\%b_c"))
            #expect(escaped.compactMap { $0.value(forKey: "string") as? String } == ["a%b_c"])
            let underscore = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "string LIKE %@", "a_b%c"))
            #expect(underscore.isEmpty)
            let literal = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "string LIKE %@", "a%b_c"))
            #expect(literal.compactMap { $0.value(forKey: "string") as? String } == ["a%b_c"])
            let wildcard = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "string LIKE %@", "a\\*b\\?c"))
            #expect(wildcard.compactMap { $0.value(forKey: "string") as? String } == ["a*b?c"])
        }
    }

    @Test func extremeNumbersRoundTripAndMatchExactly() throws {
        let integers: [Int64] = [.max, .min, 0, -1, 9_007_199_254_740_993]
        let doubles: [Double] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, 0.1, -0.0]
        let decimals: [Decimal] = [Decimal(string: "123456789012345678901234567890.12345678") ?? 0, Decimal(string: "-0.000000000000000000000000000001") ?? 0, Decimal.greatestFiniteMagnitude]
        try withStore { writer, reader in
            for (index, integer) in integers.enumerated() {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: writer)
                item.setValue(integer, forKey: "int64")
                item.setValue(doubles[index % doubles.count], forKey: "double")
                item.setValue(decimals[index % decimals.count], forKey: "decimal")
                item.setValue(Int64(index), forKey: "serial")
            }
            for index in integers.count..<doubles.count {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: writer)
                item.setValue(doubles[index], forKey: "double")
                item.setValue(Int64(index), forKey: "serial")
            }
            try writer.save()
            for (index, integer) in integers.enumerated() {
                let found = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "int64 == %@", NSNumber(value: integer)))
                #expect(found.compactMap { $0.value(forKey: "serial") as? Int64 } == [Int64(index)], "\(integer)")
                #expect((found.first?.value(forKey: "int64") as? Int64) == integer)
            }
            for (index, double) in doubles.enumerated() {
                let found = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "double == %@", NSNumber(value: double)))
                #expect(found.compactMap { $0.value(forKey: "serial") as? Int64 }.contains(Int64(index)), "\(double)")
                #expect(found.allSatisfy { ($0.value(forKey: "double") as? Double) == double })
            }
            for (index, decimal) in decimals.enumerated() {
                let found = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "serial == %d", index))
                #expect((found.first?.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == decimal, "\(decimal)")
            }
            let big = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "int64 > %@", NSNumber(value: Int64.max - 1)))
            #expect(big.compactMap { $0.value(forKey: "int64") as? Int64 } == [Int64.max])
        }
    }

    @Test func hostileBinaryRoundTrips() throws {
        let blobs = [Data(), Data([0]), Data(repeating: 0, count: 100_000), Data((0..<256).map { UInt8($0) })]
        try withStore { writer, reader in
            for (index, blob) in blobs.enumerated() {
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: writer)
                item.setValue(blob, forKey: "data")
                item.setValue(Int64(index), forKey: "serial")
            }
            try writer.save()
            for (index, blob) in blobs.enumerated() {
                let found = try SQLiteTestSupport.fetch("Item", in: reader, predicate: NSPredicate(format: "data == %@", blob as NSData))
                #expect(found.compactMap { $0.value(forKey: "serial") as? Int64 } == [Int64(index)])
                #expect((found.first?.value(forKey: "data") as? Data) == blob)
            }
        }
    }

    /// Canonically equivalent strings (composed and decomposed accents) are equal for `String`, so for the store too.
    @Test func canonicallyEquivalentStringsMatchLikeInMemory() throws {
        let strings = ["\u{E9}", "e\u{301}", "f", "e", "\u{212B}", "\u{C5}", "Ωμέγα", "\u{1F600}"]
        let formats = ["string == %@", "string != %@", "string < %@", "string >= %@", "string IN %@", "string BEGINSWITH %@"]
        for constant in ["\u{E9}", "e\u{301}", "\u{C5}", "f"] {
            for format in formats {
                let argument: Any = format.contains("IN") ? [constant] : constant
                var results: [[String]] = []
                for type in [NSInMemoryStoreType, NSSQLiteStoreType] {
                    let context = try SQLiteTestSupport.container(at: nil, model: SQLiteTestSupport.model(), type: type).viewContext
                    for (index, string) in strings.enumerated() {
                        let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                        item.setValue(string, forKey: "string")
                        item.setValue(Int64(index), forKey: "serial")
                    }
                    try context.save()
                    let request = NSFetchRequest<NSManagedObject>(entityName: "Item")
                    request.predicate = NSPredicate(format: format, argumentArray: [argument])
                    request.sortDescriptors = [NSSortDescriptor(key: "string", ascending: true), NSSortDescriptor(key: "serial", ascending: true)]
                    results.append(try context.fetch(request).compactMap { $0.value(forKey: "serial") as? Int64 }.map(String.init))
                }
                #expect(results[0] == results[1], "\(format) with \(constant.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
