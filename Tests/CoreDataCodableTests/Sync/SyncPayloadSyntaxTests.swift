import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The model is an Xcode model file (`Fixture.model`).
@Suite("JSON syntax of a sync's payload")
struct SyncPayloadSyntaxTests {
    /// The value `Export`'s user 1 holds for `attribute` after a sync of `json`.
    private static func syncedValue(_ json: [UInt8], attribute: String) throws -> Any? {
        let stack = try TestStack(model: Fixture.model("Export"))
        return try stack.read {
            try stack.context.sync(Data(json), inEntityNamed: "User")
            return try stack.context.object(entityNamed: "User", withPrimaryKey: 1)?.value(forKey: attribute)
        }
    }

    /// The reason `json`'s sync gives for not being valid JSON; the context is left without changes.
    private static func syntaxError(_ json: [UInt8]) throws -> String? {
        let stack = try TestStack(model: Fixture.model("Export"))
        return try stack.read {
            defer { #expect(!stack.context.hasChanges) }
            do {
                try stack.context.sync(Data(json), inEntityNamed: "User")
                return nil
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription == "The payload is not valid JSON.")
                return context.underlyingError.map { String(describing: $0) }
            }
        }
    }

    @Test func escapesInAStringAreDecoded() throws {
        let json = #"{"id": 1, "first_name": "A\"b\\c\/d\te\u00e9\ud83d\ude00"}"#
        #expect(try Self.syncedValue(Array(json.utf8), attribute: "firstName") as? String == "A\"b\\c/d\te\u{E9}\u{1F600}")
    }

    @Test func textInUTF8IsKept() throws {
        let json = #"{"id": 1, "first_name": "Zoë 日本 😀"}"#
        #expect(try Self.syncedValue(Array(json.utf8), attribute: "firstName") as? String == "Zoë 日本 😀")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let json = [0xEF, 0xBB, 0xBF] + Array(#"{"id": 1, "first_name": "Ada"}"#.utf8)
        #expect(try Self.syncedValue(json, attribute: "firstName") as? String == "Ada")
    }

    @Test func aCommaBeforeAClosingBracketIsAccepted() throws {
        // As `JSONSerialization` accepts it: Sync's own fixtures hold such commas.
        let json = #"[{"id": 1, "first_name": "Ada",}, ]"#
        #expect(try Self.syncedValue(Array(json.utf8), attribute: "firstName") as? String == "Ada")
    }

    @Test func anExponentNumberFitsAnIntegerAttribute() throws {
        #expect(try Self.syncedValue(Array(#"{"id": 1, "age": 3.6e1}"#.utf8), attribute: "age") as? Int16 == 36)
    }

    @Test func anIntegerBeyondUInt64KeepsItsDigitsInADecimalAttribute() throws {
        let json = #"{"id": 1, "balance": 123456789012345678901234567890}"#
        let balance = try #require(Decimal(string: "123456789012345678901234567890"))
        #expect(try Self.syncedValue(Array(json.utf8), attribute: "balance") as? Decimal == balance)
    }

    @Test func invalidUTF8InAStringIsRefused() throws {
        let json = Array(#"{"id": 1, "first_name": "A"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(try Self.syntaxError(json) == "Invalid UTF-8 in a string at byte 25.")
    }

    @Test func aLoneHighSurrogateIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"{"id": 1, "first_name": "\ud83d"}"#.utf8)) == "A high surrogate without its low surrogate at byte 31.")
    }

    @Test func aLoneLowSurrogateIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"{"id": 1, "first_name": "\ude00"}"#.utf8)) == "A low surrogate without its high surrogate at byte 31.")
    }

    @Test func aControlCharacterInAStringIsRefused() throws {
        #expect(try Self.syntaxError(Array("{\"id\": 1, \"first_name\": \"A\nB\"}".utf8)) == "Unescaped control character in a string at byte 26.")
    }

    @Test func aNumberWithALeadingZeroIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"{"id": 01}"#.utf8)) == "A number with a leading zero at byte 9.")
    }

    @Test func aNumberBeyondDoubleIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"{"id": 1, "rating": 1e400}"#.utf8)) == "A number out of range at byte 20.")
    }

    @Test func textAfterThePayloadIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"{"id": 1} {"id": 2}"#.utf8)) == "Unexpected text after the JSON value at byte 10.")
    }

    @Test func aMissingCommaIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"[{"id": 1} {"id": 2}]"#.utf8)) == "Expected ',' or ']' in an array at byte 11.")
    }

    @Test func anUnterminatedStringIsRefused() throws {
        #expect(try Self.syntaxError(Array(#"{"id": 1, "first_name": "Ada"#.utf8)) == "Unterminated string at byte 28.")
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWithoutExhaustingTheStack() throws {
        let json = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(try Self.syntaxError(json) == "Arrays and objects nest deeper than 512 levels at byte 512.")
    }

    @Test func nestingAtTheLimitIsRead() throws {
        // 511 arrays around the payload's top-level object of one user: 512 levels.
        let json = Array(repeating: UInt8(ascii: "["), count: 511) + Array(#"{"id": 1}"#.utf8) + Array(repeating: UInt8(ascii: "]"), count: 511)
        let stack = try TestStack(model: Fixture.model("Export"))
        let error = #expect(throws: DecodingError.self) { try stack.read { try stack.context.sync(Data(json), inEntityNamed: "User") } }
        // Parsed, the payload's one element is an array, not a user.
        guard case .typeMismatch? = error else { Issue.record("expected a type mismatch, got \(String(describing: error))"); return }
    }
}
#endif
