import CoreDataCodable
import Foundation
import Testing

/// A crate of ordered items, for the failed-decode tests.
final class Crate: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var i16: Int16
    @Managed var label: String?
    @Managed var items: NSOrderedSet

    static let identityAttribute: IdentityAttribute = "id"
}

/// An item of a crate.
final class CrateItem: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var crate: Crate?

    static let identityAttribute: IdentityAttribute = "id"
}

/// A decode that fails leaves the context exactly as it was: its change sets, `hasChanges`, its
/// registered objects, and each object's values, changed values and committed values.
@Suite("The context after a failed decode")
struct FailedDecodeStateTests {
    private static let model: NSManagedObjectModel = {
        func attribute(_ name: String, _ type: NSAttributeType) -> NSAttributeDescription {
            let attribute = NSAttributeDescription()
            attribute.name = name
            attribute.attributeType = type
            return attribute
        }
        let crate = NSEntityDescription()
        crate.name = "Crate"
        crate.managedObjectClassName = NSStringFromClass(Crate.self)
        let item = NSEntityDescription()
        item.name = "CrateItem"
        item.managedObjectClassName = NSStringFromClass(CrateItem.self)
        let items = NSRelationshipDescription()
        items.name = "items"
        items.destinationEntity = item
        items.isOrdered = true
        let owner = NSRelationshipDescription()
        owner.name = "crate"
        owner.destinationEntity = crate
        owner.maxCount = 1
        items.inverseRelationship = owner
        owner.inverseRelationship = items
        crate.properties = [attribute("id", .integer64AttributeType), attribute("i16", .integer16AttributeType), attribute("label", .stringAttributeType), items]
        item.properties = [attribute("id", .integer64AttributeType), owner]
        let model = NSManagedObjectModel()
        model.entities = [crate, item]
        return model
    }()

    /// A SQLite stack holding crate 1 with items 100 and 101, in that order, saved; the context reset.
    private static func withSavedCrate<Result>(_ body: (TestStack) throws -> Result) throws -> Result {
        try withTemporaryStoreURL { url in
            let stack = try TestStack(model: model, storeURL: url)
            _ = try stack.decoder().decode(Crate.self, from: Data(#"{"id": 1, "i16": 3, "label": "one", "items": [{"id": 100}, {"id": 101}]}"#.utf8))
            try stack.read {
                try stack.context.save()
                stack.context.reset()
            }
            return try body(stack)
        }
    }

    /// Decodes `json` as `Many<Crate>`, expecting it to fail.
    private static func decodeFailing(_ json: String, in stack: TestStack) {
        #expect(throws: (any Error).self) { try stack.decoder().decode(Many<Crate>.self, from: Data(json.utf8)) }
    }

    /// The context's change sets, `hasChanges` and the registered objects that are not saved (saved
    /// objects a decode fetched may stay registered, as after any fetch).
    private struct ContextState: Equatable {
        let hasChanges: Bool
        let inserted: Set<NSManagedObjectID>
        let updated: Set<NSManagedObjectID>
        let deleted: Set<NSManagedObjectID>
        let registeredUnsaved: Set<NSManagedObjectID>

        init(_ context: NSManagedObjectContext) {
            hasChanges = context.hasChanges
            inserted = Set(context.insertedObjects.map(\.objectID))
            updated = Set(context.updatedObjects.map(\.objectID))
            deleted = Set(context.deletedObjects.map(\.objectID))
            registeredUnsaved = Set(context.registeredObjects.map(\.objectID).filter(\.isTemporaryID))
        }
    }

    static let failingPayloads = [
        #"[{"id": "one"}]"#,                                  // a string identity for an Int64 one
        #"[{"id": 2, "i16": 70000}]"#,                         // an Int16 that overflows
        #"[{"id": 2, "items": {"id": 100}}]"#,                 // an object where an array belongs
        #"[{"id": 2, "label": "two"}, {"id": 3, "label": "thr"#, // truncated JSON
        #"[{"id": 1, "label": "changed"}, {"id": 5, "i16": "x"}]"#, // a saved object changed, then a failure
    ]

    @Test(arguments: failingPayloads)
    func aContextWithoutChangesHasNoneAfterwards(json: String) throws {
        try Self.withSavedCrate { stack in
            let before = stack.read { ContextState(stack.context) }
            Self.decodeFailing(json, in: stack)
            stack.read {
                #expect(ContextState(stack.context) == before)
                #expect(stack.context.hasChanges == false)
            }
        }
    }

    @Test func invalidUTF8LeavesNoChanges() throws {
        try Self.withSavedCrate { stack in
            let bytes = Data(#"[{"id": 2, "label": ""#.utf8) + Data([0xFF, 0xFE]) + Data(#""}]"#.utf8)
            #expect(throws: (any Error).self) { try stack.decoder().decode(Many<Crate>.self, from: bytes) }
            stack.read { #expect(stack.context.hasChanges == false) }
        }
    }

    // Item 100 moves to crate 0 before the second element fails: crate 1 keeps its order.
    @Test func aSavedOrderedRelationshipKeepsItsOrder() throws {
        try Self.withSavedCrate { stack in
            Self.decodeFailing(#"[{"id": 0, "items": [{"id": 100}]}, {"id": 5, "i16": "x"}]"#, in: stack)
            try stack.read {
                let crate = try #require(try stack.context.fetch(NSFetchRequest<Crate>(entityName: "Crate")).first { $0.id == 1 })
                #expect(crate.items.array.compactMap { ($0 as? CrateItem)?.id } == [100, 101])
                #expect(stack.context.hasChanges == false)
            }
        }
    }

    // Nothing of the failed decode is left to conflict with another context's save of the same row.
    @Test func anotherContextsSaveOfTheSameRowDoesNotConflict() throws {
        try Self.withSavedCrate { stack in
            Self.decodeFailing(#"[{"id": 1, "label": "changed"}, {"id": 5, "i16": "x"}]"#, in: stack)
            let other = stack.container.newBackgroundContext()
            try other.performAndWait {
                let crate = try #require(try other.fetch(NSFetchRequest<Crate>(entityName: "Crate")).first)
                crate.label = "other"
                try other.save()
            }
            try stack.read { try stack.context.save() }
        }
    }

    @Test func theContextsOwnChangesAreKeptExactly() throws {
        try Self.withSavedCrate { stack in
            let crate = try stack.read {
                let crate = try #require(try stack.context.fetch(NSFetchRequest<Crate>(entityName: "Crate")).first)
                crate.i16 = 7
                return crate
            }
            let before = stack.read { ContextState(stack.context) }
            Self.decodeFailing(#"[{"id": 1, "i16": 9, "label": "changed"}, {"id": 5, "i16": "x"}]"#, in: stack)
            stack.read {
                #expect(ContextState(stack.context) == before)
                #expect(crate.isUpdated)
                #expect(crate.changedValues().keys.sorted() == ["i16"])
                #expect(crate.i16 == 7)
                #expect(crate.label == "one")
                #expect((crate.committedValues(forKeys: ["i16"])["i16"] as? NSNumber)?.intValue == 3)
            }
        }
    }
}
