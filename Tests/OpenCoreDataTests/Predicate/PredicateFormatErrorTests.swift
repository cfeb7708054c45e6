#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// The throwing parser is an OpenCoreData extension: Apple's NSPredicate(format:) raises instead.
#if !canImport(CoreData)
@Suite("Malformed predicate formats")
struct PredicateFormatErrorTests {
    static let malformed: [(format: String, arguments: [String], offset: Int)] = [
        ("age >", [], 5),
        ("age 5", [], 4),
        ("name == \"Bob", [], 8),
        ("(age > 1", [], 8),
        ("age == %@", [], 7),
        ("age ==[x] 1", [], 7),
        ("age == 1 extra", [], 9),
        ("AND age == 1", [], 0),
        ("age == ^", [], 7),
        ("age == %y", [], 7),
        ("age == 1 AND", [], 12),
        ("tags.@count.", [], 12),
        ("size == 1", [], 0),
        ("age IN {1, 2", [], 12),
        ("age == $", [], 8),
        ("age == %d", ["x"], 7),
        ("%K == 1", [], 0),
    ]

    @Test("reports the offset of the offending token", arguments: malformed)
    func offset(_ format: String, _ arguments: [String], _ offset: Int) throws {
        let error = try #require(throws: PredicateFormatError.self) {
            try NSPredicate(validatingFormat: format, argumentArray: arguments)
        }
        #expect(error.offset == offset)
    }

    @Test("%K needs a string argument")
    func keyPathArgumentType() throws {
        let error = try #require(throws: PredicateFormatError.self) {
            try NSPredicate(validatingFormat: "%K == 1", argumentArray: [5])
        }
        #expect(error.reason == "%K needs a string argument")
    }

    @Test("message shows the format with a caret under the offset")
    func message() throws {
        let error = try #require(throws: PredicateFormatError.self) {
            try NSPredicate(validatingFormat: "age >", argumentArray: nil)
        }
        #expect(error.description == """
            Unable to parse the format string "age >": expected an expression but found end of format at offset 5
                age >
                     ^
            """)
    }

    @Test("a valid format parses through the throwing initializer")
    func validFormat() throws {
        let predicate = try NSPredicate(validatingFormat: "age == %@", argumentArray: [30])
        #expect(PredicateFixtures.names(matching: predicate) == ["Alice"])
    }
}
#endif
