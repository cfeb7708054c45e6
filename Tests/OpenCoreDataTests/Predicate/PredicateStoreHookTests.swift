#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Internal hooks the OpenCoreData stores use; they do not exist in Apple's frameworks.
#if !canImport(CoreData)
@testable import OpenCoreDataCore

/// A stand-in for a managed object: to-one values are objects, to-many values `NSSet`/`NSOrderedSet`.
/// Immutable, hence `@unchecked Sendable`.
private final class Row: KeyValueReadable, @unchecked Sendable {
    let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    func value(forKey key: String) -> Any? {
        values[key]
    }
}

@Suite("Predicate store hooks")
struct PredicateStoreHookTests {
    private static let france = Row(["name": "France"])
    private static let rows = [
        Row(["name": "Ann", "rank": 2, "country": france, "friends": NSSet(array: [Row(["name": "Bo"])])]),
        Row(["name": "Bo", "rank": 1, "friends": NSOrderedSet(array: [Row(["name": "Ann"]), Row(["name": "Cy"])])]),
        Row(["name": "Cy", "rank": 2, "country": france, "friends": NSSet()]),
    ]

    private func names(matching format: String) -> [String] {
        Self.rows.filter { NSPredicate(format: format).evaluate(with: $0) }.compactMap { $0.values["name"] as? String }
    }

    @Test("to-one key paths go through KeyValueReadable")
    func toOne() {
        #expect(names(matching: "country.name == 'France'") == ["Ann", "Cy"])
    }

    @Test("to-one compares by identity")
    func toOneIdentity() {
        let predicate = NSPredicate(format: "country == %@", Self.france)
        #expect(Self.rows.filter { predicate.evaluate(with: $0) }.count == 2)
    }

    @Test("ANY over an NSSet or NSOrderedSet relationship")
    func toMany() {
        #expect(names(matching: "ANY friends.name == 'Ann'") == ["Bo"])
    }

    @Test("@count over a to-many relationship")
    func toManyCount() {
        #expect(names(matching: "friends.@count == 0") == ["Cy"])
    }

    @Test("keyValue reads dictionaries")
    func keyValueDictionary() {
        #expect(keyValue(of: ["a": 1], forKey: "a") as? Int == 1)
    }

    @Test("keyValue reads NSDictionary")
    func keyValueNSDictionary() {
        #expect(keyValue(of: NSDictionary(dictionary: ["a": "x"]), forKey: "a") as? String == "x")
    }

    @Test("keyValue unwraps stored optionals to nil")
    func keyValueOptional() {
        #expect(keyValue(of: ["a": Optional<Int>.none as Any], forKey: "a") == nil)
    }

    static let indexable: [PredicateCase] = [
        PredicateCase("id == 5", expected: ["id", "5"]),
        PredicateCase("5 == id", expected: ["id", "5"]),
        PredicateCase("id IN {1, 2}", expected: ["id", "1", "2"]),
        PredicateCase("%K IN %@", "id", [3, 4], expected: ["id", "3", "4"]),
        PredicateCase("rank > 1 AND id == 3", expected: ["id", "3"]),
        PredicateCase("id == 3 AND rank == 4", expected: ["id", "3"]),
    ]

    /// `expected` is the key followed by the values (integers).
    @Test("equality and IN on a plain key are indexable", arguments: indexable)
    func indexLookup(_ testCase: PredicateCase) throws {
        let predicate = NSPredicate(format: testCase.format, argumentArray: testCase.arguments)
        let lookup = try #require(predicate.indexLookup)
        #expect(lookup.key == testCase.expected.first)
        #expect(lookup.values == Set(testCase.expected.dropFirst().compactMap { Int($0).flatMap(PredicateValue.init) }))
        // Alone, the comparison is exactly what the index answers; inside AND, the rest must still be evaluated.
        #expect(lookup.isExact == !testCase.format.contains("AND"))
    }

    @Test("a nil in an IN list is left out of the lookup: as in SQL, nil attributes are in no list")
    func inWithNilLooksUpTheOtherValues() throws {
        let lookup = try #require(NSPredicate(format: "id IN %@", argumentArray: [[1, NSNull()] as [Any]]).indexLookup)
        #expect(lookup.values == Set([PredicateValue(1)].compactMap { $0 }))
    }

    @Test("other predicates are not indexable", arguments: [
        "a.b == 1", "name ==[c] 'x'", "ANY id == 1", "id == nil", "id > 1", "a == 1 OR b == 2", "tags.@count == 1",
        "id == $x", "NOT id == 1", "TRUEPREDICATE", "a == b",
    ])
    func notIndexable(_ format: String) {
        #expect(NSPredicate(format: format).indexLookup == nil)
    }

    @Test("sorting by descriptors evaluates key paths and keeps ties stable")
    func sortedByDescriptors() {
        let sorted = Self.rows.sorted(byDescriptors: [
            NSSortDescriptor(key: "country.name", ascending: false),
            NSSortDescriptor(key: "rank", ascending: true),
        ])
        #expect(sorted.compactMap { $0.values["name"] as? String } == ["Ann", "Cy", "Bo"])
    }

    @Test("LIKE treats an escaped wildcard literally", arguments: [("a*b", true), ("axb", false)])
    func likeEscape(_ subject: String, _ matches: Bool) {
        #expect(LikePattern("a\\*b").matches(subject) == matches)
    }

    @Test("a large IN list matches through its hash set")
    func largeInList() {
        let predicate = NSPredicate(format: "rank IN %@", Array(1_000...100_000) + [1])
        #expect(Self.rows.filter { predicate.evaluate(with: $0) }.count == 1)
    }
}
#endif
