#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

@Suite("predicateFormat")
struct PredicateFormatTests {
    static let renderings: [(String, String)] = [
        ("name == 'Bob'", "name == \"Bob\""),
        ("age >= 18 AND age <= 65", "age >= 18 AND age <= 65"),
        ("age => 18 && age =< 65", "age >= 18 AND age <= 65"),
        ("a = 1 || b <> 2", "a == 1 OR b != 2"),
        ("any pets.kind ==[c] 'dog'", "ANY pets.kind ==[c] \"dog\""),
        ("ALL tags LIKE[cd] 'a*'", "ALL tags LIKE[cd] \"a*\""),
        ("(a == 1 OR b == 2) AND NOT c == 3", "(a == 1 OR b == 2) AND NOT c == 3"),
        ("NOT (a == 1 AND b == 2)", "NOT (a == 1 AND b == 2)"),
        ("name IN {'a', 'b'}", "name IN {\"a\", \"b\"}"),
        ("NONE tags == 'x'", "NOT ANY tags == \"x\""),
        ("#in == 1", "#in == 1"),
        ("age BETWEEN {1, 5}", "age BETWEEN {1, 5}"),
        ("flag == YES", "flag == 1"),
        ("SELF == nil", "SELF == nil"),
        ("x == $v", "x == $v"),
        ("tags.@count > 2", "tags.@count > 2"),
        ("score < -1.5", "score < -1.5"),
        (#"text == "a\"b\\c""#, #"text == "a\"b\\c""#),
        ("TRUEPREDICATE", "TRUEPREDICATE"),
        ("name MATCHES '[a-z]+' OR name ENDSWITH 'x' OR name CONTAINS 'y'", "name MATCHES \"[a-z]+\" OR name ENDSWITH \"x\" OR name CONTAINS \"y\""),
        ("joined > CAST(500, 'NSDate')", "joined > CAST(500.0, \"NSDate\")"),
    ]

    @Test("renders Apple-style format", arguments: renderings)
    func rendering(_ format: String, _ expected: String) {
        #expect(NSPredicate(format: format).predicateFormat == expected)
    }

    @Test("rendered format parses back to the same format", arguments: renderings.map(\.1))
    func roundTrip(_ format: String) {
        #expect(NSPredicate(format: format).predicateFormat == format)
    }

    @Test("arguments render as literals")
    func argumentRendering() {
        #expect(NSPredicate(format: "%K IN %@", "id", [1, 2]).predicateFormat == "id IN {1, 2}")
    }

    @Test("description is the predicate format")
    func description() {
        #expect(NSPredicate(format: "name == %@", "Bob").description == "name == \"Bob\"")
    }

    @Test("predicates with the same format are equal")
    func equality() {
        #expect(NSPredicate(format: "a == 1") == NSPredicate(format: "a = 1"))
    }
}
