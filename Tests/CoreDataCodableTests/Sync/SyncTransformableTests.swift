import CoreDataCodable
import Foundation
import Testing

/// Reads `/Date(<milliseconds>)/`, the form of PropertyMapper's `testRegisteredTransformables`, as
/// a date; other values pass through. One-way, as there.
final class MillisecondsDateTransformer: ValueTransformer {
    static let name = NSValueTransformerName(rawValue: "MillisecondsDateTransformer")

    override class func transformedValueClass() -> AnyClass { NSDate.self }
    override class func allowsReverseTransformation() -> Bool { false }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let text = value as? String, text.hasPrefix("/Date("), text.hasSuffix(")/"),
              let milliseconds = Double(text.dropFirst(6).dropLast(2))
        else { return value }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}

// PropertyMapper's transformable tests (`testIgnoredTransformables`,
// `testRegisteredTransformables`) and the issue's rule that JSON arrays and objects go into
// transformable attributes, on a model built here.
@Suite("Sync into transformable attributes")
struct SyncTransformableTests {
    /// `User`: `remoteID`, and three transformable attributes: `registeredTransformable` (through
    /// ``MillisecondsDateTransformer``), `ignoreTransformable` and `hobbies`.
    static let model = inlineModel("User", [
        ("remoteID", .integer64AttributeType, nil),
        ("registeredTransformable", .transformableAttributeType, MillisecondsDateTransformer.name),
        ("ignoreTransformable", .transformableAttributeType, nil),
        ("hobbies", .transformableAttributeType, nil),
    ])

    /// A stack whose store has had `payloads` synced into `User` in turn, each saved.
    private static func stack(syncing payloads: String...) throws -> TestStack {
        ValueTransformer.setValueTransformer(MillisecondsDateTransformer(), forName: MillisecondsDateTransformer.name)
        let stack = try TestStack(model: model)
        try stack.read {
            for payload in payloads {
                try stack.context.sync(Data(payload.utf8), inEntityNamed: "User")
                try stack.context.save()
            }
        }
        return stack
    }

    private static func value(_ key: String, in stack: TestStack) throws -> Any? {
        try stack.read { try stack.context.object(entityNamed: "User", withPrimaryKey: 1)?.value(forKey: key) }
    }

    @Test func registeredTransformerOfTheModelReadsTheValue() throws {
        ValueTransformer.setValueTransformer(MillisecondsDateTransformer(), forName: MillisecondsDateTransformer.name)
        let stack = try TestStack(model: Self.model)
        let stored = try stack.read {
            try stack.context.sync(Data(#"[{"id": 1, "registeredTransformable": "/Date(1451606400000)/"}]"#.utf8), inEntityNamed: "User")
            return try stack.context.object(entityNamed: "User", withPrimaryKey: 1)?.value(forKey: "registeredTransformable")
        }
        #expect(stored as? Date == Date(timeIntervalSince1970: 1_451_606_400))
    }

    @Test func textForATransformableWithoutTransformerIsIgnored() throws {
        let stack = try Self.stack(syncing: #"[{"id": 1, "ignoreTransformable": "I'm going to be ignored"}]"#)
        #expect(try Self.value("ignoreTransformable", in: stack) == nil)
    }

    @Test func jsonArrayIsStoredInATransformable() throws {
        let stack = try Self.stack(syncing: #"[{"id": 1, "hobbies": ["Football", "Code"]}]"#)
        stack.read { stack.context.reset() }
        #expect(try Self.value("hobbies", in: stack) as? [String] == ["Football", "Code"])
    }

    @Test func jsonObjectIsStoredInATransformable() throws {
        let stack = try Self.stack(syncing: #"[{"id": 1, "hobbies": {"cake": 12}}]"#)
        stack.read { stack.context.reset() }
        let stored = try Self.value("hobbies", in: stack) as? [AnyHashable: Any]
        #expect(stored?["cake"] as? Int == 12)
    }

    @Test func nullClearsATransformable() throws {
        let stack = try Self.stack(syncing: #"[{"id": 1, "hobbies": ["Code"]}]"#, #"[{"id": 1, "hobbies": null}]"#)
        #expect(try Self.value("hobbies", in: stack) == nil)
    }

    @Test func missingKeyKeepsTheStoredTransformable() throws {
        let stack = try Self.stack(syncing: #"[{"id": 1, "hobbies": ["Code"]}]"#, #"[{"id": 1}]"#)
        #expect(try Self.value("hobbies", in: stack) as? [String] == ["Code"])
    }

    @Test func equalTransformableIsNotSetAgain() throws {
        let payload = #"[{"id": 1, "hobbies": ["Code"]}]"#
        let stack = try Self.stack(syncing: payload)
        let changed = try stack.read {
            try stack.context.sync(Data(payload.utf8), inEntityNamed: "User")
            return stack.context.hasChanges
        }
        #expect(!changed)
    }

    @Test func updateLeftOutByOperationsKeepsTheTransformable() throws {
        let stack = try Self.stack(syncing: #"[{"id": 1, "hobbies": ["Code"]}]"#)
        _ = try stack.read {
            try stack.context.sync(Data(#"[{"id": 1, "hobbies": ["Chess"]}]"#.utf8), inEntityNamed: "User", operations: [.insert])
        }
        #expect(try Self.value("hobbies", in: stack) as? [String] == ["Code"])
    }
}
