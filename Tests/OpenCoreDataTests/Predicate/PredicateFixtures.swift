#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Objects the evaluation tests filter: dictionaries with nested dictionaries (to-one) and arrays (to-many).
enum PredicateFixtures {
    static let aliceID = UUID(uuidString: "00000000-0000-0000-0000-00000000000A") ?? UUID()

    static var people: [[String: Any]] {
        [
            [
                "name": "Alice", "age": 30, "score": 9.5, "city": "Paris", "nickname": "Ali", "active": true,
                "motto": "it's", "in": "yes", "id": aliceID, "joined": Date(timeIntervalSinceReferenceDate: 1000),
                "homepage": URL(string: "https://alice.example") as Any,
                "country": ["name": "France", "code": "FR"] as [String: Any],
                "tags": ["swift", "go"],
                "pets": [["kind": "cat", "age": 3], ["kind": "dog", "age": 5]] as [[String: Any]],
            ],
            [
                "name": "Bob", "age": Int16(25), "score": 7.0, "city": "Zürich", "nickname": Optional<String>.none as Any,
                "active": false, "motto": "say \"hi\"", "avatar": Data([1, 2]),
                "joined": NSDate(timeIntervalSinceReferenceDate: 100),
                "country": ["name": "Switzerland", "code": "CH"] as [String: Any],
                "tags": ["swift"],
                "pets": [[String: Any]](),
            ],
            [
                "name": "Chloé", "age": NSNumber(value: 35), "score": NSNumber(value: 8.25), "city": "paris",
                "nickname": NSNull(), "active": NSNumber(value: true),
                "joined": Date(timeIntervalSinceReferenceDate: 2000),
                "country": ["name": "France"] as [String: Any],
                "tags": [String](),
                "pets": NSSet(array: [["kind": "cat", "age": 1] as NSDictionary]),
            ],
            [
                "name": "Dan", "age": Int64(40), "score": Decimal(6), "active": false,
                "tags": NSOrderedSet(array: ["rust", "swift", "go"]),
                "pets": [["kind": "dog", "age": 10], ["kind": "dog", "age": 12], ["kind": "fish", "age": 1]] as [[String: Any]],
            ],
        ]
    }

    /// The names of the people `predicate` accepts, in fixture order.
    static func names(matching predicate: NSPredicate, substitutionVariables: [String: Any]? = nil) -> [String] {
        people.filter { predicate.evaluate(with: $0, substitutionVariables: substitutionVariables) }
            .compactMap { $0["name"] as? String }
    }

    static func names(matching format: String, _ arguments: [Any] = []) -> [String] {
        names(matching: NSPredicate(format: format, argumentArray: arguments))
    }
}

/// A format string with arguments and the names of the people it must select.
struct PredicateCase: CustomTestStringConvertible, @unchecked Sendable {
    let format: String
    let arguments: [Any]
    let expected: [String]

    init(_ format: String, _ arguments: Any..., expected: [String]) {
        self.format = format
        self.arguments = arguments
        self.expected = expected
    }

    var testDescription: String {
        arguments.isEmpty ? format : "\(format) with \(arguments)"
    }
}
