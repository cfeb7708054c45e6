import CoreDataCodable
import Foundation
import Testing

// Groot's own model and fixtures (gonzalezreal/Groot, MIT), in `../shared/peers/groot/` beside the
// package, with its user-info keys unchanged. The folder is not part of the repository: without it
// the suite is skipped and `PeerGrootCorpusPresenceTests` says so.
#if !canImport(CoreData)

private let groot = PeerCorpus("groot")

@Suite("Groot's peer corpus presence")
struct PeerGrootCorpusPresenceTests {
    // Always runs: says whether the Groot suite ran or was skipped.
    @Test func recordsWhetherTheCorpusIsPresent() {
        print(groot.isAvailable ? "Groot's corpus found at \(groot.root.path)." : "Groot's corpus not found at \(groot.root.path): its tests are skipped.")
    }
}

/// Groot's character, card and container scenarios, synced by entity name with Groot's semantics
/// (`.upsert`).
@Suite("Groot's model and fixtures", .enabled(if: groot.isAvailable))
struct PeerGrootTests {
    private static func stack() throws -> TestStack {
        try TestStack(model: NSManagedObjectModel(validatingContentsOf: groot.root.appendingPathComponent("Model.xcdatamodeld")))
    }

    private static func sync(_ name: String, into entity: String, in stack: TestStack) throws {
        let data = try Data(contentsOf: groot.root.appendingPathComponent("JSON/\(name).json"))
        _ = try stack.read { try stack.context.sync(data, inEntityNamed: entity, operations: .upsert) }
    }

    /// `identifier`, `name` and `realName` of every character, by identifier.
    private static func characters(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "Character", "ORDER BY identifier").map {
                "\($0.value(forKey: "identifier") ?? "nil") \($0.value(forKey: "name") ?? "nil") \($0.value(forKey: "realName") ?? "nil")"
            }
        }
    }

    @Test func charactersMapByJSONKeyPathWithTheirIdentityAttribute() throws {
        let stack = try Self.stack()
        try Self.sync("characters", into: "Character", in: stack)
        #expect(try Self.characters(in: stack) == ["1699 Batman Guille Gonzalez", "1700 Superman Franck Letellier"])
    }

    @Test func anUpdateMergesIntoTheSameObjects() throws {
        let stack = try Self.stack()
        try Self.sync("characters", into: "Character", in: stack)
        _ = try stack.read {
            try stack.context.sync([["id": "1699", "real_name": "Bruce Wayne"], ["id": "1700", "real_name": "Clark Kent"]],
                                   inEntityNamed: "Character", operations: .upsert)
        }
        #expect(try Self.characters(in: stack) == ["1699 Batman Bruce Wayne", "1700 Superman Clark Kent"])
    }

    // Groot's testValidationDuringMerge: Spiderman, new, has no `real_name`, which the model
    // requires; the whole update fails with Core Data's validation error.
    @Test func anUpdateWithANewCharacterLackingItsRealNameFailsValidation() throws {
        let stack = try Self.stack()
        try Self.sync("characters", into: "Character", in: stack)
        #expect {
            try Self.sync("characters_update", into: "Character", in: stack)
        } throws: { error in
            let error = error as NSError
            return error.domain == NSCocoaErrorDomain && error.code == NSValidationMissingMandatoryPropertyError
                && error.userInfo[NSValidationKeyErrorKey] as? String == "realName"
        }
        #expect(try Self.characters(in: stack) == ["1699 Batman Guille Gonzalez", "1700 Superman Franck Letellier"])
    }

    // Groot's testInsertInvalidToOneRelationship: a to-one given as an array.
    @Test func aToOneGivenAsAnArrayThrows() throws {
        let stack = try Self.stack()
        stack.read {
            #expect(throws: (any Error).self) {
                try stack.context.sync(["id": "1699", "name": "Batman", "real_name": "Bruce Wayne", "publisher": ["DC"]], inEntityNamed: "Character")
            }
            #expect(!stack.context.hasChanges)
        }
    }

    // Groot's testInsertInvalidToManyRelationship: a to-many given as an object.
    @Test func aToManyGivenAsAnObjectThrows() throws {
        let stack = try Self.stack()
        stack.read {
            #expect(throws: (any Error).self) {
                try stack.context.sync(["id": "1699", "name": "Batman", "real_name": "Bruce Wayne", "powers": ["id": "4", "name": "Agility"]],
                                       inEntityNamed: "Character")
            }
            #expect(!stack.context.hasChanges)
        }
    }

    /// `suit value played` of every card, by suit and value.
    private static func cards(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "Card", "ORDER BY suit, value").map {
                "\($0.value(forKey: "suit") ?? "nil") \($0.value(forKey: "value") ?? "nil") \($0.value(forKey: "numberOfTimesPlayed") ?? "nil")"
            }
        }
    }

    // Groot's testSerializationWithCompositeKey: `identityAttributes` is "suit, value".
    @Test func cardsMatchByTheirCompositeIdentity() throws {
        let stack = try Self.stack()
        try Self.sync("cards", into: "Card", in: stack)
        try Self.sync("cards_update", into: "Card", in: stack)
        #expect(try Self.cards(in: stack) == ["Clubs Three 1", "Diamonds Three 2", "Hearts Jack 4"])
    }

    /// Groot's tests' entity mapper of `Abstract`: `type` "A" or "B" as `ConcreteA` or `ConcreteB`.
    private final class AbstractMapper: ValueTransformer {
        override func transformedValue(_ value: Any?) -> Any? {
            switch (value as? [String: Any])?["type"] as? String {
            case "A": "ConcreteA"
            case "B": "ConcreteB"
            default: nil
            }
        }
    }

    /// `entity identifier foo-or-bar` of every `Abstract`, by identifier.
    private static func abstracts(in stack: TestStack) throws -> [String] {
        try stack.read {
            try stack.context.objects(entityNamed: "Abstract", "ORDER BY identifier").map { object in
                let own = object.entity.attributesByName["foo"] != nil ? "foo" : "bar"
                return "\(object.entity.name ?? "?") \(object.value(forKey: "identifier") ?? "nil") \(object.value(forKey: own) ?? "nil")"
            }
        }
    }

    // Groot's testSerializationWithEntityInheritance: `entityMapperName` on the abstract entity.
    @Test func aContainersAbstractsAreMadeOfTheSubentitiesTheMapperNames() throws {
        ValueTransformer.setValueTransformer(AbstractMapper(), forName: NSValueTransformerName("GrootTests.Abstract"))
        let stack = try Self.stack()
        try Self.sync("container", into: "Container", in: stack)
        #expect(try Self.abstracts(in: stack) == ["ConcreteA 1 this is A", "ConcreteB 2 this is B"])
        #expect(try stack.read { try stack.context.objects(entityNamed: "Container").count } == 1)
    }

    // Groot's testSerializationWithEntityInheritance, continued: an update by the abstract entity.
    @Test func anUpdateByTheAbstractEntitySetsTheSubentitysAttribute() throws {
        ValueTransformer.setValueTransformer(AbstractMapper(), forName: NSValueTransformerName("GrootTests.Abstract"))
        let stack = try Self.stack()
        try Self.sync("container", into: "Container", in: stack)
        _ = try stack.read {
            try stack.context.sync(["id": 1, "foo": "A has been updated"], inEntityNamed: "Abstract", operations: .upsert)
        }
        #expect(try Self.abstracts(in: stack) == ["ConcreteA 1 A has been updated", "ConcreteB 2 this is B"])
    }

    /// Groot's tests' dictionary transformer: `legacy_id` as `id`.
    private final class LegacyIDTransformer: ValueTransformer {
        override func transformedValue(_ value: Any?) -> Any? {
            guard var object = value as? [String: Any] else { return nil }
            object["id"] = object["legacy_id"]
            return object
        }
    }

    // Groot's testSerializationWithDictionaryTransformer: the key set on `Character` at run time.
    @Test func aDictionaryTransformerRewritesEachCharacterFirst() throws {
        ValueTransformer.setValueTransformer(LegacyIDTransformer(), forName: NSValueTransformerName("GrootTests.DictionaryTransformer"))
        let model = try NSManagedObjectModel(validatingContentsOf: groot.root.appendingPathComponent("Model.xcdatamodeld"))
        model.entitiesByName["Character"]?.userInfo?["JSONDictionaryTransformerName"] = "GrootTests.DictionaryTransformer"
        let stack = try TestStack(model: model)
        _ = try stack.read {
            try stack.context.sync(["name": "Batman", "real_name": "Bruce Wayne", "legacy_id": "1699"], inEntityNamed: "Character")
        }
        #expect(try Self.characters(in: stack) == ["1699 Batman Bruce Wayne"])
    }

    // Groot's testSerializationFromIdentifiers: a payload of bare identifiers.
    @Test func aPayloadOfBareIdentifiersMakesTheirObjects() throws {
        let stack = try Self.stack()
        _ = try stack.read { try stack.context.sync(Data(#"["1699", "1455"]"#.utf8), inEntityNamed: "Character", operations: .upsert) }
        #expect(try Self.characters(in: stack) == ["1455 nil nil", "1699 nil nil"])
    }

    // Groot's testRelationshipSerializationFromIdentifiers: the objects that bare identifiers name
    // are made first, and filled in by a later payload.
    @Test func relatedObjectsNamedByBareIdentifiersAreFilledInLater() throws {
        let stack = try Self.stack()
        let batman: [String: Any] = ["name": "Batman", "real_name": "Bruce Wayne", "id": "1699", "powers": ["4", NSNull(), "9"], "publisher": "10"]
        let powers: [[String: Any]] = [["id": "4", "name": "Agility"], ["id": "9", "name": "Insanely Rich"]]
        let summary = try stack.read {
            try stack.context.sync(batman, inEntityNamed: "Character", operations: .upsert)
            try stack.context.sync(powers, inEntityNamed: "Power", operations: .upsert)
            try stack.context.sync(["id": "10", "name": "DC Comics"], inEntityNamed: "Publisher", operations: .upsert)
            let character = try stack.context.object(entityNamed: "Character", withPrimaryKey: 1699)
            let names = (character?.value(forKey: "powers") as? Set<NSManagedObject>)?.compactMap { $0.value(forKey: "name") as? String }.sorted()
            let publisher = (character?.value(forKey: "publisher") as? NSManagedObject)?.value(forKey: "name") as? String
            return (names ?? []) + [publisher ?? "nil"]
        }
        #expect(summary == ["Agility", "Insanely Rich", "DC Comics"])
    }

    /// Groot's tests' `GrootTests.Transformer`: a string identifier as a number, and back.
    private final class StringIdentifierTransformer: ValueTransformer {
        override class func allowsReverseTransformation() -> Bool { true }
        override func transformedValue(_ value: Any?) -> Any? {
            if let string = value as? String { return Int64(string).map { NSNumber(value: $0) } }
            return value as? NSNumber
        }
        override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? NSNumber).map { $0.stringValue } }
    }

    /// `object` as sorted JSON text.
    private static func sortedJSON(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Inserts an object of `entity` with `values`.
    private static func insert(_ entity: String, _ values: [String: Any], into context: NSManagedObjectContext) -> NSManagedObject {
        let object = NSEntityDescription.insertNewObject(forEntityName: entity, into: context)
        for (key, value) in values { object.setValue(value, forKey: key) }
        return object
    }

    // Groot's testSerializationToJSON: keys by `JSONKeyPath` only (not the inverse `characters`),
    // identifiers reverse-transformed, powers by identifier, nil as null and no powers as [].
    @Test func exportWritesGrootsJSON() throws {
        ValueTransformer.setValueTransformer(StringIdentifierTransformer(), forName: NSValueTransformerName("GrootTests.Transformer"))
        let stack = try Self.stack()
        let (batman, ironMan) = stack.read {
            let context = stack.context
            let publisher = Self.insert("Publisher", ["identifier": 10, "name": "DC Comics"], into: context)
            let agility = Self.insert("Power", ["identifier": 4, "name": "Agility"], into: context)
            let wealth = Self.insert("Power", ["identifier": 9, "name": "Insanely Rich"], into: context)
            let batman = Self.insert("Character", [
                "identifier": 1699, "name": "Batman", "realName": "Bruce Wayne", "powers": NSSet(array: [wealth, agility]), "publisher": publisher,
            ], into: context)
            let ironMan = Self.insert("Character", ["name": "Iron Man"], into: context)
            return (batman.export(), ironMan.export())
        }
        #expect(try Self.sortedJSON(batman) == #"{"id":"1699","name":"Batman","powers":[{"id":"4","name":"Agility"},{"id":"9","name":"Insanely Rich"}],"publisher":{"id":"10","name":"DC Comics"},"real_name":"Bruce Wayne"}"#)
        #expect(try Self.sortedJSON(ironMan) == #"{"id":null,"name":"Iron Man","powers":[],"publisher":null,"real_name":null}"#)
    }
}
#endif
