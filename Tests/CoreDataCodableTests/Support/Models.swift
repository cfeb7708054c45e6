import CoreDataCodable
import Foundation

// The test model's classes. Entities are built in code by `TestModel`.

final class Person: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var personId: Int64
    @Managed var fullName: String?
    @Managed var city: String?
    @Managed var date: Date?
    @Managed var country: Country?
    @Managed var attributesSet: Set<PersonAttribute>
    /// Not a model property: set by `initialize(from:)`.
    var customValue: String?

    static let identityAttribute: IdentityAttribute = "personId"

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        customValue = "custom"
    }
}

final class PersonAttribute: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var person: Person?

    static let identityAttribute: IdentityAttribute = "id"
}

final class Country: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var people: Set<Person>

    static let identityAttribute: IdentityAttribute = "id"
}

/// Custom keys, key paths for attributes and relationships.
final class PersonDiffKeys: NSManagedObject, CoreDataCodable {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var city: String?
    @Managed var one: String?
    @Managed var two: String?
    @Managed var country: Country?
    @Managed var attributes: Set<PersonAttribute>

    enum CodingKeys: String, CoreDataCodingKey {
        case id = "identifier"
        case name = "full_name"
        case city
        case one = "object.one"
        case two = "object.nested.two"
        case country = "location.country"
        case attributes = "meta.attributes"
    }

    static let identityAttribute: IdentityAttribute = "id"
}

/// A key path with another delimiter.
final class ArrowKeys: NSManagedObject, CoreDataCodable {
    @Managed var id: Int64
    @Managed var name: String?

    enum CodingKeys: String, CoreDataCodingKey {
        case id
        case name = "profile->name"

        var keyPathDelimiter: String { "->" }
    }

    static let identityAttribute: IdentityAttribute = "id"
}

/// A string identifier coerced to an integer, values built from several keys.
final class Custom: NSManagedObject, CoreDataDecodable {
    @Managed var id: Int64
    @Managed var compound: String?
    @Managed var integer: Int64

    enum CodingKeys: String, CoreDataCodingKey {
        case id, compound, integer, first, second
    }

    static let identityAttribute: IdentityAttribute = "id"

    static func container(for decoder: any Decoder) throws -> any AnyCoreDataKeyedDecodingContainer {
        CallCounter.record("Custom.container", in: decoder)
        var container = try decoder.container(for: Self.self)
        container[.id] = try Int64(container.decode(String.self, forKey: .id))
        return container
    }

    func initialize(from decoder: any Decoder) throws {
        CallCounter.record("Custom.initialize", in: decoder)
        try defaultInitialization(from: decoder, with: [.id])
        let container = try decoder.container(for: Self.self)
        if let first = try container.decodeIfPresent(String.self, forKey: .first),
           let second = try container.decodeIfPresent(String.self, forKey: .second) {
            compound = first + " " + second
        }
        if let integer = try container.decodeIfPresent(String.self, forKey: .integer) {
            self.integer = Int64(integer) ?? 0
        }
    }
}

/// A `container(for:)` that sets a value for every object, bare identifiers included.
final class Labeled: NSManagedObject, CoreDataDecodable {
    @Managed var id: Int64
    @Managed var label: String?

    enum CodingKeys: String, CoreDataCodingKey {
        case id, label
    }

    static let identityAttribute: IdentityAttribute = "id"

    static func container(for decoder: any Decoder) throws -> any AnyCoreDataKeyedDecodingContainer {
        var container = try decoder.container(for: Self.self)
        container[.label] = "labeled"
        return container
    }
}

/// An identity computed from two keys in `container(for:)`.
final class CustomDoubleId: NSManagedObject, CoreDataDecodable {
    @Managed var id: String?
    @Managed var value: String?

    enum CodingKeys: String, CoreDataCodingKey {
        case id, value, first, last
    }

    static let identityAttribute: IdentityAttribute = "id"

    static func container(for decoder: any Decoder) throws -> any AnyCoreDataKeyedDecodingContainer {
        var container = try decoder.container(for: Self.self)
        container[.id] = try container.decode(String.self, forKey: .first) + container.decode(String.self, forKey: .last)
        return container
    }
}

/// A composite identity (suit, value).
final class Card: NSManagedObject, CoreDataCodable {
    @Managed var suit: String?
    @Managed var value: String?
    @Managed var numberOfTimesPlayed: Int16
    @Managed var deck: Deck?

    enum CodingKeys: String, CoreDataCodingKey {
        case suit, value
        case numberOfTimesPlayed = "played"
        case deck
    }

    static let identityAttribute: IdentityAttribute = ["suit", "value"]
}

final class Deck: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var cards: Set<Card>

    static let identityAttribute: IdentityAttribute = "id"
}

/// A value stored as JSON in a binary attribute.
struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

/// Every attribute type; not final, so that `SubComplete` can override its hooks.
class Complete: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var int16: Int16
    @Managed var int32: Int32
    @Managed var int64: Int64
    @Managed var decimal: Decimal?
    @Managed var double: Double
    @Managed var float: Float
    @Managed var bool: Bool
    @Managed var string: String?
    @Managed var date: Date?
    @Managed var data: Data?
    @Managed var uuid: UUID?
    @Managed var uri: URL?
    /// Not a model property: which class's `initialize(from:)` ran last.
    var initializedBy: String?

    class var identityAttribute: IdentityAttribute { "id" }

    class var codableAttributes: [String: any Codable.Type] {
        ["tags": [String].self, "point": Point.self]
    }

    var tags: [String]? {
        get { value(forKey: "tags") as? [String] }
        set { setValue(newValue, forKey: "tags") }
    }

    var point: Point? {
        (value(forKey: "point") as? Data).flatMap { try? JSONDecoder().decode(Point.self, from: $0) }
    }

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        initializedBy = "Complete"
    }
}

final class SubComplete: Complete {
    @Managed var extra: String?

    override func initialize(from decoder: any Decoder) throws {
        try super.initialize(from: decoder)
        initializedBy = "SubComplete"
    }
}

/// A plain `Codable` managed object with hand-written coding.
final class Note: NSManagedObject, Codable {
    @Managed var text: String?

    enum CodingKeys: String, CodingKey { case text }

    convenience init(from decoder: any Decoder) throws {
        guard let context = decoder.managedObjectContext,
              let entity = context.persistentStoreCoordinator?.managedObjectModel.entitiesByName["Note"] else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no context"))
        }
        self.init(entity: entity, insertInto: context)
        text = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
    }
}

/// Relationships to a plain Codable class, to a class without coding (`Tag`, a plain
/// NSManagedObject), and to a library-coded class.
final class Holder: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var note: Note?
    @Managed var notes: Set<Note>
    @Managed var tags: Set<NSManagedObject>
    @Managed var owner: Person?

    static let identityAttribute: IdentityAttribute = "id"
}

/// An ordered relationship.
final class Playlist: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var songs: NSOrderedSet

    static let identityAttribute: IdentityAttribute = "id"
}

final class Song: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var title: String?
    @Managed var playlists: Set<Playlist>

    static let identityAttribute: IdentityAttribute = "id"
}

/// Relationships without inverses, for cycles.
final class Member: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var mentor: Member?
    @Managed var friends: Set<Member>

    static let identityAttribute: IdentityAttribute = "id"
}

/// No identity: every decode inserts.
final class LogEntry: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var message: String?
}

/// A task whose `destroy` flag Rails' nested attributes write as `_destroy`.
final class Chore: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var destroy: Bool
}

/// A class with no entity in the model.
final class Unmodeled: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {}

/// Default initialization of some keys only, chosen by the JSON's `mode`.
final class Filtered: NSManagedObject, CoreDataDecodable {
    @Managed var id: Int64
    @Managed var a: String?
    @Managed var b: String?

    enum CodingKeys: String, CoreDataCodingKey {
        case id, a, b, mode
    }

    static let identityAttribute: IdentityAttribute = "id"

    func initialize(from decoder: any Decoder) throws {
        switch try decoder.container(for: Self.self).decode(String.self, forKey: .mode) {
        case "with": try defaultInitialization(from: decoder, with: [.id, .a])
        case "skipping": try defaultInitialization(from: decoder, skipping: [.a])
        default: try defaultInitialization(from: decoder, including: { $0 != .a })
        }
    }
}

/// Records what its hooks could do with a bare identifier's decoder.
final class IdProbe: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    /// Not a model property: whether asking the decoder for an unkeyed container threw.
    var unkeyedContainerThrew = false

    static let identityAttribute: IdentityAttribute = "id"

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        do {
            _ = try decoder.unkeyedContainer()
        } catch {
            unkeyedContainerThrew = true
        }
    }
}

/// Nested objects with a `container(for:)` hook.
final class Box: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var customs: Set<Custom>
    @Managed var main: Custom?

    static let identityAttribute: IdentityAttribute = "id"
}

/// Reads a key outside its model through its own coding keys and through a single value container.
final class Annotated: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var note: String?

    static let identityAttribute: IdentityAttribute = "id"

    private enum ExtraKeys: String, CodingKey {
        case extra
    }

    private struct Extra: Decodable {
        let extra: String
    }

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        let keyed = try decoder.container(keyedBy: ExtraKeys.self).decode(String.self, forKey: .extra)
        let whole = try decoder.singleValueContainer().decode(Extra.self).extra
        note = keyed + "/" + whole
    }
}

/// A `Box` whose `initialize(from:)` decodes its relationships itself.
final class HandBox: NSManagedObject, CoreDataDecodable {
    @Managed var id: Int64
    @Managed var customs: Set<Custom>
    @Managed var main: Custom?

    enum CodingKeys: String, CoreDataCodingKey {
        case id, customs, main
    }

    static let identityAttribute: IdentityAttribute = "id"

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder, with: [.id])
        let container = try decoder.container(for: Self.self)
        customs = Set(try container.decode(Many<Custom>.self, forKey: .customs))
        main = try container.decodeIfPresent(Custom.self, forKey: .main)
    }
}

/// A hook that catches a failed decode of a person and decodes the person again.
final class Retry: NSManagedObject, CoreDataDecodable {
    @Managed var id: Int64
    @Managed var person: Person?

    enum CodingKeys: String, CoreDataCodingKey {
        case id, person, firstAttempt, secondAttempt, check
    }

    static let identityAttribute: IdentityAttribute = "id"

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder, with: [.id])
        let container = try decoder.container(for: Self.self)
        person = try? container.decode(Person.self, forKey: .firstAttempt)
        person = try container.decode(Person.self, forKey: .secondAttempt)
        _ = try container.decode(Int.self, forKey: .check)
    }
}

/// A hook that changes its related country after the default initialization, then checks a value.
final class Renamer: NSManagedObject, CoreDataDecodable {
    @Managed var id: Int64
    @Managed var country: Country?

    enum CodingKeys: String, CoreDataCodingKey {
        case id, country, check
    }

    static let identityAttribute: IdentityAttribute = "id"

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        country?.name = "Renamed"
        _ = try decoder.container(for: Self.self).decode(Int.self, forKey: .check)
    }
}

/// The root of an entity hierarchy (entity `Animal`, subentity `Dog`).
class Animal: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?

    class var identityAttribute: IdentityAttribute { "id" }
}

final class Dog: Animal {
    @Managed var breed: String?
}

/// `identityAttribute` names an attribute the entity does not have.
final class UnknownIdentity: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "identifier"
}

/// The identity attribute has no coding key.
final class UnmappedIdentity: NSManagedObject, CoreDataDecodable {
    enum CodingKeys: String, CoreDataCodingKey {
        case name
    }

    static let identityAttribute: IdentityAttribute = "id"
}

/// A team whose entity's uniqueness constraint names its identity; the class declares none.
final class Team: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var code: String?
    @Managed var name: String?
}

/// A team whose class declares no identity, over an entity with a uniqueness constraint.
final class UnidentifiedTeam: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var code: String?
    @Managed var name: String?
    static let identityAttribute: IdentityAttribute = .none
}

/// A player whose `playerID` is marked `sync.isPrimaryKey` in the model; the class declares no identity.
final class Player: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var playerID: Int64
    @Managed var name: String?
}

/// A match whose entity has a composite uniqueness constraint (`home`, `away`) and a venue of a
/// plain `NSManagedObject` entity identified by `JC.isIdentifier`; the class declares no identity.
final class Match: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var home: String?
    @Managed var away: String?
    @Managed var score: String?
    @Managed var venue: NSManagedObject?
}

/// A coach whose entity names its identity as Groot does (`identityAttributes`); the class declares none.
final class Coach: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var license: String?
    @Managed var name: String?
}

/// A track whose model names no identity (an `id` attribute alone is not one).
final class Track: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var title: String?
}

/// A member whose keys follow the model's Sync conventions.
final class SyncMember: NSManagedObject, CoreDataCodable, UsingModelKeys {
    @Managed var remoteID: Int64
    @Managed var fullName: String?
    @Managed var avatarURL: String?
    @Managed var syncMemberType: String?
    @Managed var nickname: String?
    static let identityAttribute: IdentityAttribute = "remoteID"
}
