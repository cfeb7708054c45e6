#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

@Suite("Predicate evaluation")
struct PredicateEvaluationTests {
    static let comparisons: [PredicateCase] = [
        PredicateCase("age == 30", expected: ["Alice"]),
        PredicateCase("age = 30", expected: ["Alice"]),
        PredicateCase("age != 30", expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("age <> 30", expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("age < 30", expected: ["Bob"]),
        PredicateCase("age <= 30", expected: ["Alice", "Bob"]),
        PredicateCase("age =< 30", expected: ["Alice", "Bob"]),
        PredicateCase("age > 30", expected: ["Chloé", "Dan"]),
        PredicateCase("age >= 35", expected: ["Chloé", "Dan"]),
        PredicateCase("age => 35", expected: ["Chloé", "Dan"]),
        PredicateCase("30 == age", expected: ["Alice"]),
    ]

    static let literals: [PredicateCase] = [
        PredicateCase("age == 30.0", expected: ["Alice"]),
        PredicateCase("age == 0x1E", expected: ["Alice"]),
        PredicateCase("age > -1", expected: ["Alice", "Bob", "Chloé", "Dan"]),
        PredicateCase("score > 8", expected: ["Alice", "Chloé"]),
        PredicateCase("score == 7", expected: ["Bob"]),
        PredicateCase("score == 6", expected: ["Dan"]),
        PredicateCase("score == 8.25", expected: ["Chloé"]),
        PredicateCase("score < 1e1", expected: ["Alice", "Bob", "Chloé", "Dan"]),
        PredicateCase("active == YES", expected: ["Alice", "Chloé"]),
        PredicateCase("active == TRUE", expected: ["Alice", "Chloé"]),
        PredicateCase("active == NO", expected: ["Bob", "Dan"]),
        PredicateCase("active == FALSE", expected: ["Bob", "Dan"]),
        PredicateCase("active == 1", expected: ["Alice", "Chloé"]),
        PredicateCase("name == \"Bob\"", expected: ["Bob"]),
        PredicateCase("name == 'Bob'", expected: ["Bob"]),
        PredicateCase(#"motto == "say \"hi\"""#, expected: ["Bob"]),
        PredicateCase(#"motto == 'it\'s'"#, expected: ["Alice"]),
        PredicateCase("joined > CAST(500, \"NSDate\")", expected: ["Alice", "Chloé"]),
    ]

    static let strings: [PredicateCase] = [
        PredicateCase("name BEGINSWITH \"A\"", expected: ["Alice"]),
        PredicateCase("name BEGINSWITH \"a\"", expected: []),
        PredicateCase("name BEGINSWITH[c] \"a\"", expected: ["Alice"]),
        PredicateCase("name ENDSWITH \"e\"", expected: ["Alice"]),
        PredicateCase("name ENDSWITH[d] \"e\"", expected: ["Alice", "Chloé"]),
        PredicateCase("name CONTAINS \"o\"", expected: ["Bob", "Chloé"]),
        PredicateCase("name CONTAINS[c] \"B\"", expected: ["Bob"]),
        PredicateCase("name CONTAINS[cd] \"E\"", expected: ["Alice", "Chloé"]),
        PredicateCase("name CONTAINS \"\"", expected: []),
        PredicateCase("city == \"paris\"", expected: ["Chloé"]),
        PredicateCase("city ==[c] \"PARIS\"", expected: ["Alice", "Chloé"]),
        PredicateCase("city ==[cd] \"zurich\"", expected: ["Bob"]),
        PredicateCase("city ==[n] \"paris\"", expected: ["Chloé"]),
        PredicateCase("city < \"Z\"", expected: ["Alice"]),
        PredicateCase("name LIKE \"B*\"", expected: ["Bob"]),
        PredicateCase("name LIKE \"?ob\"", expected: ["Bob"]),
        PredicateCase("name LIKE \"*l*\"", expected: ["Alice", "Chloé"]),
        PredicateCase("name LIKE \"Al\"", expected: []),
        PredicateCase("name LIKE[c] \"ALICE\"", expected: ["Alice"]),
        PredicateCase("name LIKE[cd] \"chloe\"", expected: ["Chloé"]),
        PredicateCase("name MATCHES \"[A-C].*\"", expected: ["Alice", "Bob", "Chloé"]),
        PredicateCase("name MATCHES \"B\"", expected: []),
        PredicateCase("name MATCHES \"A|Alice\"", expected: ["Alice"]),
        PredicateCase("name MATCHES[c] \"bob\"", expected: ["Bob"]),
        PredicateCase("name MATCHES[cd] \"chloe\"", expected: ["Chloé"]),
    ] + openCoreDataStrings

    // OpenCoreData's deliberate difference "Predicates": an invalid MATCHES pattern matches nothing.
    #if canImport(CoreData)
    static let openCoreDataStrings: [PredicateCase] = []
    #else
    static let openCoreDataStrings: [PredicateCase] = [PredicateCase("name MATCHES \"(\"", expected: [])]
    #endif

    static let collections: [PredicateCase] = [
        PredicateCase("name IN {\"Bob\", \"Dan\"}", expected: ["Bob", "Dan"]),
        PredicateCase("age IN {25, 40}", expected: ["Bob", "Dan"]),
        PredicateCase("age IN {}", expected: []),
        PredicateCase("name IN[c] {\"bob\", \"DAN\"}", expected: ["Bob", "Dan"]),
        PredicateCase("city IN \"Paris, Zürich\"", expected: ["Alice", "Bob"]),
        PredicateCase("\"swift\" IN tags", expected: ["Alice", "Bob", "Dan"]),
        PredicateCase("tags CONTAINS \"go\"", expected: ["Alice", "Dan"]),
        PredicateCase("age BETWEEN {25, 35}", expected: ["Alice", "Bob", "Chloé"]),
        PredicateCase("score BETWEEN {7, 9}", expected: ["Bob", "Chloé"]),
        PredicateCase("name BETWEEN {\"B\", \"D\"}", expected: ["Bob", "Chloé"]),
        PredicateCase("age BETWEEN {25, 30, 35}", expected: []),
    ]

    static let nils: [PredicateCase] = [
        PredicateCase("nickname == nil", expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("nickname == NULL", expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("nickname == NIL", expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("nickname != nil", expected: ["Alice"]),
        PredicateCase("nickname < \"Z\"", expected: ["Alice"]),
        PredicateCase("nickname > \"\"", expected: ["Alice"]),
        PredicateCase("country.code == nil", expected: ["Chloé", "Dan"]),
    ]

    static let keyPaths: [PredicateCase] = [
        PredicateCase("country.name == \"France\"", expected: ["Alice", "Chloé"]),
        PredicateCase("SELF.name == \"Bob\"", expected: ["Bob"]),
        PredicateCase("#in == \"yes\"", expected: ["Alice"]),
        PredicateCase("ANY pets.kind == \"dog\"", expected: ["Alice", "Dan"]),
        PredicateCase("SOME pets.kind == \"dog\"", expected: ["Alice", "Dan"]),
        PredicateCase("NONE pets.kind == \"dog\"", expected: ["Bob", "Chloé"]),
        PredicateCase("ANY pets.age > 10", expected: ["Dan"]),
        PredicateCase("ANY tags BEGINSWITH \"r\"", expected: ["Dan"]),
        PredicateCase("ANY pets.kind IN {\"fish\", \"cat\"}", expected: ["Alice", "Chloé", "Dan"]),
        PredicateCase("tags.@count > 1", expected: ["Alice", "Dan"]),
        PredicateCase("tags.@count == 0", expected: ["Chloé"]),
        PredicateCase("pets.@count == 0", expected: ["Bob"]),
        PredicateCase("pets.@sum.age > 10", expected: ["Dan"]),
        PredicateCase("pets.@sum.age == 8", expected: ["Alice"]),
        PredicateCase("pets.@avg.age == 4", expected: ["Alice"]),
        PredicateCase("pets.@max.age == 12", expected: ["Dan"]),
        PredicateCase("pets.@min.age == 1", expected: ["Chloé", "Dan"]),
    ] + openCoreDataKeyPaths

    // OpenCoreData's deliberate difference "Predicates": ALL over an empty collection (Bob's pets) is true.
    #if canImport(CoreData)
    static let openCoreDataKeyPaths: [PredicateCase] = []
    #else
    static let openCoreDataKeyPaths: [PredicateCase] = [
        PredicateCase("ALL pets.kind == \"dog\"", expected: ["Bob"]),
        PredicateCase("ALL pets.age < 6", expected: ["Alice", "Bob", "Chloé"]),
    ]
    #endif

    static let compounds: [PredicateCase] = [
        PredicateCase("age > 26 AND city == \"Paris\"", expected: ["Alice"]),
        PredicateCase("age > 26 && active == YES", expected: ["Alice", "Chloé"]),
        PredicateCase("age < 26 OR age > 36", expected: ["Bob", "Dan"]),
        PredicateCase("age < 26 || age > 36", expected: ["Bob", "Dan"]),
        PredicateCase("name == \"Bob\" OR name == \"Alice\" AND age > 100", expected: ["Bob"]),
        PredicateCase("(name == \"Bob\" OR name == \"Alice\") AND age > 26", expected: ["Alice"]),
        PredicateCase("NOT name == \"Bob\"", expected: ["Alice", "Chloé", "Dan"]),
        PredicateCase("!(age > 26)", expected: ["Bob"]),
        PredicateCase("NOT age > 26 AND active == NO", expected: ["Bob"]),
        PredicateCase("TRUEPREDICATE", expected: ["Alice", "Bob", "Chloé", "Dan"]),
        PredicateCase("FALSEPREDICATE", expected: []),
        PredicateCase("NOT FALSEPREDICATE AND age == 25", expected: ["Bob"]),
        PredicateCase("name beginswith \"A\" and age > 1", expected: ["Alice"]),
        PredicateCase("any pets.kind == \"dog\" or not active == yes", expected: ["Alice", "Bob", "Dan"]),
    ]

    @Test("comparison operators", arguments: comparisons)
    func comparisonOperator(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("literals and mixed numeric types", arguments: literals)
    func literal(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("string operators and options", arguments: strings)
    func stringOperator(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("IN, CONTAINS and BETWEEN over collections", arguments: collections)
    func collectionOperator(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("nil and NSNull", arguments: nils)
    func nilComparison(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("key paths, modifiers and collection operators", arguments: keyPaths)
    func keyPath(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("compound predicates and precedence", arguments: compounds)
    func compound(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format) == testCase.expected)
    }

    @Test("SELF is the evaluated object")
    func evaluatedObject() {
        let predicate = NSPredicate(format: "SELF BEGINSWITH %@", "b")
        #expect(["apple", "banana", "blueberry"].filter { predicate.evaluate(with: $0) } == ["banana", "blueberry"])
    }

    @Test("SELF IN a list")
    func evaluatedObjectInList() {
        let predicate = NSPredicate(format: "SELF IN %@", [2, 3])
        #expect([1, 2, 3, 4].filter { predicate.evaluate(with: $0) } == [2, 3])
    }

    @Test("init(value: true) accepts any object")
    func truePredicate() {
        #expect(NSPredicate(value: true).evaluate(with: nil))
    }

    @Test("init(value: false) rejects any object")
    func falsePredicate() {
        #expect(!NSPredicate(value: false).evaluate(with: "x"))
    }

    @Test("block predicate receives object and bindings")
    func blockPredicate() {
        let predicate = NSPredicate { object, bindings in
            (object as? Int) == (bindings?["wanted"] as? Int)
        }
        #expect([2, 3, 4].filter { predicate.evaluate(with: $0, substitutionVariables: ["wanted": 3]) } == [3])
    }
}
