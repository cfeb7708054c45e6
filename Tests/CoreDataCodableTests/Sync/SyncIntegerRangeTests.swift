import CoreDataCodable
import Foundation
import Testing

// Whole numbers that do not fit their integer attribute are bad input: the sync throws a
// `DecodingError` naming the attribute and its type, at the value's coding path, and changes nothing.
@Suite("Sync of integers out of their attribute's range")
struct SyncIntegerRangeTests {
    /// `User`: `remoteID` (Integer 64), `age` (Integer 16), `visits` (Integer 32), `total` (Integer 64).
    private static let model = inlineModel("User", [
        ("remoteID", .integer64AttributeType, nil), ("age", .integer16AttributeType, nil),
        ("visits", .integer32AttributeType, nil), ("total", .integer64AttributeType, nil),
    ])

    /// The error syncing `payload` throws, and whether the context has changes after it.
    private static func failure(syncing payload: String) throws -> (error: DecodingError?, hasChanges: Bool) {
        let stack = try TestStack(model: model)
        return stack.read {
            do {
                try stack.context.sync(Data(payload.utf8), inEntityNamed: "User")
                return (nil, stack.context.hasChanges)
            } catch {
                return (error as? DecodingError, stack.context.hasChanges)
            }
        }
    }

    @Test(arguments: [
        (#"[{"id": 1, "age": 32768}]"#, "age", "Integer 16"),
        (#"[{"id": 1, "age": "-32769"}]"#, "age", "Integer 16"),
        (#"[{"id": 1, "visits": 2147483648}]"#, "visits", "Integer 32"),
        (#"[{"id": 1, "total": 9223372036854775808}]"#, "total", "Integer 64"),
        (#"[{"id": 1, "total": -9223372036854775809}]"#, "total", "Integer 64"),
    ])
    func numberBeyondTheAttributesRangeThrows(payload: String, attribute: String, type: String) throws {
        let (error, hasChanges) = try Self.failure(syncing: payload)
        #expect(codingPath(of: error) == ["Index 0", attribute])
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("Expected a type mismatch, got \(String(describing: error)).")
            return
        }
        #expect(context.debugDescription.contains("attribute \(attribute) of type \(type)"))
        #expect(!hasChanges)
    }

    @Test func theCodingPathGivesThePositionInThePayloadAfterSkippedElements() throws {
        let (error, hasChanges) = try Self.failure(syncing: #"[{"age": 1}, null, {"id": 2, "age": 40000}]"#)
        #expect(codingPath(of: error) == ["Index 2", "age"])
        #expect(!hasChanges)
    }

    @Test func limitsOfEachWidthAreStored() throws {
        let stack = try TestStack(model: Self.model)
        let payload = #"[{"id": 1, "age": -32768, "visits": 2147483647, "total": -9223372036854775808}]"#
        let values = try stack.read {
            try stack.context.sync(Data(payload.utf8), inEntityNamed: "User")
            let user = try #require(try stack.context.object(entityNamed: "User", withPrimaryKey: 1))
            return ["age", "visits", "total"].map { (user.value(forKey: $0) as? NSNumber)?.int64Value }
        }
        #expect(values == [-32768, 2_147_483_647, Int64.min])
    }
}
