#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Which parts of a predicate the SQLite store runs in SQL; an internal detail with no Apple counterpart.
#if !canImport(CoreData)
@testable import OpenCoreDataCore

@Suite("SQLite store: what runs in SQL")
struct SQLiteTranslationPlanTests {
    /// The translation of `format` over `Person`: the SQL condition (nil when none) and the residual's format.
    private static func translate(_ format: String, _ arguments: [Any] = [], denormalized: Set<String> = []) throws -> (sql: String?, residual: String?) {
        let model = SQLitePredicateTranslationTests.model()
        model.freeze()
        let entity = try #require(model.entitiesByName["Person"])
        let codes = Dictionary(uniqueKeysWithValues: model.entities.enumerated().map { ($0.element.name ?? "", Int64($0.offset + 1)) })
        let translator = SQLitePredicateTranslator(schema: try SQLiteSchema(model: model, codes: codes), matchers: SQLiteMatchers(), denormalizedColumns: denormalized)
        let (condition, residual) = translator.split(NSPredicate(format: format, argumentArray: arguments), entity: entity)
        return (condition?.sql, residual?.predicateFormat)
    }

    static let plainFormats = [
        "age == 30", "age != 30", "30 < age", "age IN {25, 40}", "age BETWEEN {25, 35}", "score >= 8.25", "active == YES",
        "name == 'Bob'", "name == 'Chloé'", "name == 'Ωμέγα'", "city < 'Z'", "name IN {'Bob', 'Dan'}", "nickname == nil", "joined > CAST(500, 'NSDate')",
        "country.name == 'France'", "country == nil", "pets.@count > 1", "ANY pets.age > 10", "ALL pets.kind == 'dog'",
        "NOT (age > 26 OR score < 7)", "TRUEPREDICATE", "SELF == nil", "SELF != nil",
    ]

    @Test("Runs in plain SQL, no OCD_MATCH", arguments: plainFormats)
    func plainSQL(_ format: String) throws {
        let translation = try Self.translate(format)
        #expect(translation.residual == nil)
        #expect(translation.sql?.contains("OCD_MATCH") == false)
    }

    static let matchedFormats = [
        "name BEGINSWITH 'A'", "name ENDSWITH[d] 'e'", "name CONTAINS[cd] 'E'", "city ==[c] 'PARIS'", "name LIKE '?ob'",
        "name MATCHES '[A-C].*'", "balance > 5", "'swift' IN tags", "tags CONTAINS 'go'", "homepage == nil OR avatar != nil",
        "ANY pets.kind BEGINSWITH[c] 'F'", "country.code ==[c] 'fr'",
    ]

    @Test("Runs in SQL through OCD_MATCH", arguments: matchedFormats)
    func matchedInSQL(_ format: String) throws {
        let translation = try Self.translate(format)
        #expect(translation.residual == nil)
        #expect(translation.sql?.contains("OCD_MATCH") == true || format.contains("nil"))
    }

    static let memoryFormats = [
        "pets.@sum.age > 10", "pets.@avg.age == 4", "name == nickname",
        "pets.kind == 'dog'", "age == $age",
    ]

    @Test("Falls back to memory as a whole", arguments: memoryFormats)
    func inMemory(_ format: String) throws {
        let translation = try Self.translate(format)
        #expect(translation.sql == nil)
        #expect(translation.residual != nil)
    }

    @Test func translatablePartsOfAnAndStillRunInSQL() throws {
        let translation = try Self.translate("age > 20 AND name == nickname AND name BEGINSWITH 'A'")
        #expect(translation.sql?.contains("t.ZAGE > ?") == true)
        #expect(translation.sql?.contains("OCD_MATCH") == true)
        #expect(translation.residual == "name == nickname")
    }

    @Test func orAndNotWithAnUntranslatablePartGoToMemoryWhole() throws {
        #expect(try Self.translate("age > 20 OR name == nickname").sql == nil)
        #expect(try Self.translate("NOT (age > 20 AND pets.@sum.age > 3)").sql == nil)
    }

    @Test func columnsWithDenormalizedStringsCompareThroughOCDMatch() throws {
        #expect(try Self.translate("name == 'Bob'", denormalized: ["ZPERSON.ZNAME"]).sql?.contains("OCD_MATCH") == true)
        #expect(try Self.translate("city == 'Paris'", denormalized: ["ZPERSON.ZNAME"]).sql?.contains("OCD_MATCH") == false)
    }

    @Test func valuesAreBoundNeverSpliced() throws {
        let translation = try Self.translate("name == %@ OR city BEGINSWITH %@", ["Robert'); DROP TABLE ZPERSON;--", "x'"])
        #expect(translation.sql?.contains("DROP") == false)
        #expect(translation.sql?.contains("'") == false)
    }
}
#endif
