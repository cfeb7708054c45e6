#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

@Suite("Predicate parse tree")
struct PredicateParseTreeTests {
    private func comparison(_ format: String, _ arguments: Any...) throws -> NSComparisonPredicate {
        try #require(NSPredicate(format: format, argumentArray: arguments) as? NSComparisonPredicate)
    }

    private func compound(_ format: String) throws -> NSCompoundPredicate {
        try #require(NSPredicate(format: format) as? NSCompoundPredicate)
    }

    static let operators: [(String, NSComparisonPredicate.Operator, UInt)] = [
        ("<", .lessThan, 0), ("<=", .lessThanOrEqualTo, 1), (">", .greaterThan, 2), (">=", .greaterThanOrEqualTo, 3),
        ("==", .equalTo, 4), ("!=", .notEqualTo, 5), ("MATCHES", .matches, 6), ("LIKE", .like, 7),
        ("BEGINSWITH", .beginsWith, 8), ("ENDSWITH", .endsWith, 9), ("IN", .in, 10), ("CONTAINS", .contains, 99),
        ("BETWEEN", .between, 100),
    ]

    @Test("operators map to Apple's operator types", arguments: operators)
    func operatorType(_ symbol: String, _ expected: NSComparisonPredicate.Operator, _ rawValue: UInt) throws {
        let predicate = try comparison("value \(symbol) %@", "x")
        #expect(predicate.predicateOperatorType == expected)
        #expect(predicate.predicateOperatorType.rawValue == rawValue)
    }

    @Test("key path compared with a string constant")
    func keyPathEqualsConstant() throws {
        let predicate = try comparison("name == \"Bob\"")
        #expect(predicate.leftExpression.expressionType == .keyPath)
        #expect(predicate.leftExpression.keyPath == "name")
        #expect(predicate.rightExpression.expressionType == .constantValue)
        #expect(predicate.rightExpression.constantValue as? String == "Bob")
        #expect(predicate.comparisonPredicateModifier == .direct)
        #expect(predicate.options == [])
    }

    @Test("ANY with options over a to-many key path")
    func anyWithOptions() throws {
        let predicate = try comparison("ANY pets.kind ==[cd] \"dog\"")
        #expect(predicate.comparisonPredicateModifier == .any)
        #expect(predicate.leftExpression.keyPath == "pets.kind")
        #expect(predicate.options == [.caseInsensitive, .diacriticInsensitive])
    }

    @Test("ALL modifier with the normalized option")
    func allNormalized() throws {
        let predicate = try comparison("ALL tags BEGINSWITH[n] 's'")
        #expect(predicate.comparisonPredicateModifier == .all)
        #expect(predicate.options == .normalized)
    }

    @Test("%K IN %@ gives a key path and the array constant")
    func keyPathInArgument() throws {
        let predicate = try comparison("%K IN %@", "id", [1, 2])
        #expect(predicate.leftExpression.keyPath == "id")
        #expect(predicate.rightExpression.constantValue as? [Int] == [1, 2])
    }

    @Test("BETWEEN with an array literal gives an aggregate expression")
    func betweenAggregate() throws {
        let predicate = try comparison("age BETWEEN {1, 5}")
        #expect(predicate.rightExpression.expressionType == .aggregate)
        let elements = try #require(predicate.rightExpression.collection as? [NSExpression])
        #expect(elements.map { $0.constantValue as? Int } == [1, 5])
    }

    @Test("SELF is the evaluated-object expression")
    func evaluatedObject() throws {
        #expect(try comparison("SELF == 'x'").leftExpression.expressionType == .evaluatedObject)
    }

    @Test("SELF.key is a key path without the SELF prefix")
    func selfKeyPath() throws {
        #expect(try comparison("SELF.name == 'x'").leftExpression.keyPath == "name")
    }

    @Test("$VARIABLE is a variable expression")
    func variable() throws {
        let predicate = try comparison("$limit < age")
        #expect(predicate.leftExpression.expressionType == .variable)
        #expect(predicate.leftExpression.variable == "limit")
    }

    @Test("@count stays in the key path")
    func countKeyPath() throws {
        #expect(try comparison("tags.@count > 2").leftExpression.keyPath == "tags.@count")
    }

    @Test("nil, YES and numbers are constants", arguments: [("nil", "nil"), ("YES", "1"), ("NO", "0"), ("-2.5", "-2.5"), ("0x10", "16")])
    func constant(_ literal: String, _ rendered: String) throws {
        let right = try comparison("value == \(literal)").rightExpression
        #expect(right.expressionType == .constantValue)
        #expect(right.description == rendered)
    }

    @Test("NONE becomes NOT ANY")
    func noneModifier() throws {
        let predicate = try compound("NONE tags == 'x'")
        #expect(predicate.compoundPredicateType == .not)
        let inner = try #require(predicate.subpredicates.first as? NSComparisonPredicate)
        #expect(inner.comparisonPredicateModifier == .any)
    }

    @Test("a chain of AND is one compound")
    func andChain() throws {
        let predicate = try compound("a == 1 AND b == 2 AND c == 3")
        #expect(predicate.compoundPredicateType == .and)
        #expect(predicate.subpredicates.count == 3)
    }

    @Test("AND binds tighter than OR")
    func precedence() throws {
        let predicate = try compound("a == 1 OR b == 2 AND c == 3")
        #expect(predicate.compoundPredicateType == .or)
        let right = try #require(predicate.subpredicates.last as? NSCompoundPredicate)
        #expect(right.compoundPredicateType == .and)
    }

    @Test("TRUEPREDICATE is a plain value predicate")
    func truePredicate() {
        let predicate = NSPredicate(format: "TRUEPREDICATE")
        #expect(!(predicate is NSComparisonPredicate))
        #expect(predicate.predicateFormat == "TRUEPREDICATE")
    }

    @Test("enum raw values match Apple's")
    func rawValues() {
        #expect(NSComparisonPredicate.Modifier.any.rawValue == 2)
        #expect(NSComparisonPredicate.Options.diacriticInsensitive.rawValue == 2)
        #expect(NSCompoundPredicate.LogicalType.or.rawValue == 2)
        #expect(NSExpression.ExpressionType.aggregate.rawValue == 14)
    }

    @Test("built predicates evaluate like parsed ones")
    func builtPredicate() {
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            NSComparisonPredicate(
                leftExpression: NSExpression(forKeyPath: "name"),
                rightExpression: NSExpression(forConstantValue: ["Bob", "Dan"]),
                modifier: .direct,
                type: .in
            ),
            NSCompoundPredicate(notPredicateWithSubpredicate: NSPredicate(format: "age > 30")),
        ])
        #expect(PredicateFixtures.names(matching: predicate) == ["Bob"])
    }

    @Test("OR of no subpredicates is false")
    func emptyOr() {
        #expect(!NSCompoundPredicate(orPredicateWithSubpredicates: []).evaluate(with: nil))
    }

    @Test("AND of no subpredicates is true")
    func emptyAnd() {
        #expect(NSCompoundPredicate(andPredicateWithSubpredicates: []).evaluate(with: nil))
    }
}
