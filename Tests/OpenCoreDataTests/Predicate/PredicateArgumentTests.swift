#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

@Suite("Predicate format arguments and variables")
struct PredicateArgumentTests {
    static let arguments: [PredicateCase] = [
        PredicateCase("%K == %@", "name", "Bob", expected: ["Bob"]),
        PredicateCase("%K.name == %@", "country", "France", expected: ["Alice", "Chloé"]),
        PredicateCase("%K == %@", "country.code", "CH", expected: ["Bob"]),
        PredicateCase("%K IN %@", "age", [25, 30], expected: ["Alice", "Bob"]),
        PredicateCase("age IN %@", Set([35]), expected: ["Chloé"]),
        PredicateCase("age IN %@", NSArray(array: [40]), expected: ["Dan"]),
        PredicateCase("age IN %@", NSSet(array: [25, 40]), expected: ["Bob", "Dan"]),
        PredicateCase("age IN %@", NSOrderedSet(array: [30]), expected: ["Alice"]),
        PredicateCase("age IN %@", Array(100..<2000) + [35], expected: ["Chloé"]),
        PredicateCase("name IN[c] %@", ["ALICE", "dan"], expected: ["Alice", "Dan"]),
        PredicateCase("age BETWEEN %@", [30, 40], expected: ["Alice", "Chloé", "Dan"]),
        PredicateCase("age == %d", 25, expected: ["Bob"]),
        PredicateCase("age == %i", 25, expected: ["Bob"]),
        PredicateCase("age == %ld", Int64(25), expected: ["Bob"]),
        PredicateCase("age == %lld", Int64(25), expected: ["Bob"]),
        PredicateCase("age == %u", UInt(25), expected: ["Bob"]),
        PredicateCase("age == %lu", UInt64(25), expected: ["Bob"]),
        PredicateCase("score > %f", 8.0, expected: ["Alice", "Chloé"]),
        PredicateCase("score > %lf", Float(8), expected: ["Alice", "Chloé"]),
        PredicateCase("name == %s", "Dan", expected: ["Dan"]),
        PredicateCase("%2$K == %1$@", "Bob", "name", expected: ["Bob"]),
        PredicateCase("name == %@", NSString(string: "Bob"), expected: ["Bob"]),
        PredicateCase("age == %@", NSNumber(value: 25), expected: ["Bob"]),
        PredicateCase("score == %@", Decimal(string: "8.25") as Any, expected: ["Chloé"]),
        PredicateCase("nickname == %@", NSNull(), expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("nickname == %@", Optional<String>.none as Any, expected: ["Bob", "Chloé", "Dan"]),
        PredicateCase("joined > %@", Date(timeIntervalSinceReferenceDate: 500), expected: ["Alice", "Chloé"]),
        PredicateCase("joined < %@", NSDate(timeIntervalSinceReferenceDate: 500), expected: ["Bob"]),
        PredicateCase("id == %@", PredicateFixtures.aliceID, expected: ["Alice"]),
        PredicateCase("avatar == %@", Data([1, 2]), expected: ["Bob"]),
        PredicateCase("homepage == %@", URL(string: "https://alice.example") as Any, expected: ["Alice"]),
        PredicateCase("%K == %@", "active", true, expected: ["Alice", "Chloé"]),
    ]

    @Test("arguments replace format specifiers", arguments: arguments)
    func argument(_ testCase: PredicateCase) {
        #expect(PredicateFixtures.names(matching: testCase.format, testCase.arguments) == testCase.expected)
    }

    @Test("variadic initializer takes Swift collections")
    func variadicArguments() {
        let predicate = NSPredicate(format: "%K IN %@ AND age > %d", "name", ["Alice", "Bob"], 26)
        #expect(PredicateFixtures.names(matching: predicate) == ["Alice"])
    }

    @Test("variables are read from the substitution variables")
    func variablesAtEvaluation() {
        let predicate = NSPredicate(format: "age > $minimum")
        #expect(PredicateFixtures.names(matching: predicate, substitutionVariables: ["minimum": 30]) == ["Chloé", "Dan"])
    }

    @Test("withSubstitutionVariables replaces variables with constants")
    func substitutedVariables() {
        let predicate = NSPredicate(format: "age > $minimum AND name IN $names")
            .withSubstitutionVariables(["minimum": 20, "names": ["Bob", "Dan"]])
        #expect(PredicateFixtures.names(matching: predicate) == ["Bob", "Dan"])
    }

    @Test("withSubstitutionVariables renders the substituted constants")
    func substitutedFormat() {
        let predicate = NSPredicate(format: "age > $minimum").withSubstitutionVariables(["minimum": 30])
        #expect(predicate.predicateFormat == "age > 30")
    }

    @Test("withSubstitutionVariables keeps the comparison class")
    func substitutedClass() {
        let predicate = NSComparisonPredicate(
            leftExpression: NSExpression(forKeyPath: "age"),
            rightExpression: NSExpression(forVariable: "limit"),
            modifier: .direct,
            type: .lessThan
        )
        let substituted: NSComparisonPredicate = predicate.withSubstitutionVariables(["limit": 26])
        #expect(substituted.rightExpression.constantValue as? Int == 26)
    }

    @Test("expressionValue reads variables from the context")
    func expressionValueWithContext() {
        let context = NSMutableDictionary(dictionary: ["x": 42])
        #expect(NSExpression(forVariable: "x").expressionValue(with: nil, context: context) as? Int == 42)
    }

    @Test("expressionValue of a key path reads the object")
    func expressionValueOfKeyPath() {
        let value = NSExpression(forKeyPath: "country.name").expressionValue(with: PredicateFixtures.people[0], context: nil)
        #expect(value as? String == "France")
    }
}
