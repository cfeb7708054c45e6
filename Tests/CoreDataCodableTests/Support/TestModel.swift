import CoreDataCodable
import Foundation

/// The test model, built in code once and shared by every test's store.
enum TestModel {
    static var shared: NSManagedObjectModel { models.shared }

    /// A model with `LogEntry` only, its class named the way Xcode writes "current module" classes.
    static var dotted: NSManagedObjectModel { models.dotted }

    /// A model with the `Animal` entity and its subentity `Dog`.
    static var inheritance: NSManagedObjectModel { models.inheritance }

    /// A model whose entities name their identity: by a uniqueness constraint, by Sync's user info, or not at all.
    static var modelIdentity: NSManagedObjectModel { models.modelIdentity }

    /// The models, made once. (`NSManagedObjectModel` is `Sendable` on some platforms only.)
    private final class Models: @unchecked Sendable {
        let shared = TestModel.make()
        let modelIdentity = TestModel.makeModelIdentity()
        let dotted = TestModel.makeDotted()
        let inheritance = TestModel.makeInheritance()
    }

    private static let models = Models()

    /// A new test model: decodes into it are the first of their types for that model.
    static func make() -> NSManagedObjectModel {
        let builder = ModelBuilder()
        let person = builder.entity("Person", Person.self, [
            attribute("personId", .integer64AttributeType, optional: false),
            attribute("fullName", .stringAttributeType),
            attribute("city", .stringAttributeType),
            attribute("date", .dateAttributeType),
        ])
        let personAttribute = builder.entity("PersonAttribute", PersonAttribute.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
        ])
        let country = builder.entity("Country", Country.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
        ])
        builder.relate(person, "country", to: country, inverse: "people", inverseToMany: true)
        builder.relate(person, "attributesSet", to: personAttribute, toMany: true, inverse: "person")

        let diffKeys = builder.entity("PersonDiffKeys", PersonDiffKeys.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
            attribute("city", .stringAttributeType),
            attribute("one", .stringAttributeType),
            attribute("two", .stringAttributeType),
        ])
        builder.relate(diffKeys, "country", to: country)
        builder.relate(diffKeys, "attributes", to: personAttribute, toMany: true)

        builder.entity("ArrowKeys", ArrowKeys.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
        ])
        let custom = builder.entity("Custom", Custom.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("compound", .stringAttributeType),
            attribute("integer", .integer64AttributeType),
        ])
        let box = builder.entity("Box", Box.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.relate(box, "customs", to: custom, toMany: true)
        builder.relate(box, "main", to: custom)
        builder.entity("Annotated", Annotated.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("note", .stringAttributeType),
        ])
        let handBox = builder.entity("HandBox", HandBox.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.relate(handBox, "customs", to: custom, toMany: true)
        builder.relate(handBox, "main", to: custom)
        let retry = builder.entity("Retry", Retry.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.relate(retry, "person", to: person)
        let renamer = builder.entity("Renamer", Renamer.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.relate(renamer, "country", to: country)
        builder.entity("Labeled", Labeled.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("label", .stringAttributeType),
        ])
        builder.entity("CustomDoubleId", CustomDoubleId.self, [
            attribute("id", .stringAttributeType),
            attribute("value", .stringAttributeType),
        ])
        let card = builder.entity("Card", Card.self, [
            attribute("suit", .stringAttributeType),
            attribute("value", .stringAttributeType),
            attribute("numberOfTimesPlayed", .integer16AttributeType),
        ])
        let deck = builder.entity("Deck", Deck.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
        ])
        builder.relate(deck, "cards", to: card, toMany: true, inverse: "deck")

        let completeAttributes = {
            [
                attribute("id", .integer64AttributeType, optional: false),
                attribute("int16", .integer16AttributeType),
                attribute("int32", .integer32AttributeType, optional: false),
                attribute("int64", .integer64AttributeType),
                attribute("decimal", .decimalAttributeType),
                attribute("double", .doubleAttributeType),
                attribute("float", .floatAttributeType),
                attribute("bool", .booleanAttributeType),
                attribute("string", .stringAttributeType),
                attribute("date", .dateAttributeType),
                attribute("data", .binaryDataAttributeType),
                attribute("uuid", .UUIDAttributeType),
                attribute("uri", .URIAttributeType),
                attribute("tags", .transformableAttributeType),
                attribute("point", .binaryDataAttributeType),
            ]
        }
        builder.entity("Complete", Complete.self, completeAttributes())
        builder.entity("SubComplete", SubComplete.self, completeAttributes() + [attribute("extra", .stringAttributeType)])
        builder.entity("UnregisteredTransformable", UnregisteredTransformable.self, completeAttributes())

        let note = builder.entity("Note", Note.self, [attribute("text", .stringAttributeType)])
        let tag = builder.entity("Tag", NSManagedObject.self, [attribute("label", .stringAttributeType)])
        tag.uniquenessConstraints = [["label"]]
        let holder = builder.entity("Holder", Holder.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.relate(holder, "note", to: note)
        builder.relate(holder, "notes", to: note, toMany: true)
        builder.relate(holder, "tags", to: tag, toMany: true)
        builder.relate(holder, "owner", to: person)

        let playlist = builder.entity("Playlist", Playlist.self, [attribute("id", .integer64AttributeType, optional: false)])
        let song = builder.entity("Song", Song.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("title", .stringAttributeType),
        ])
        builder.relate(playlist, "songs", to: song, toMany: true, ordered: true, inverse: "playlists", inverseToMany: true)

        let member = builder.entity("Member", Member.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.relate(member, "mentor", to: member)
        builder.relate(member, "friends", to: member, toMany: true)

        builder.entity("Filtered", Filtered.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("a", .stringAttributeType),
            attribute("b", .stringAttributeType),
        ])
        builder.entity("IdProbe", IdProbe.self, [attribute("id", .integer64AttributeType, optional: false)])
        builder.entity("LogEntry", LogEntry.self, [attribute("message", .stringAttributeType)])
        builder.entity("UnknownIdentity", UnknownIdentity.self, [attribute("id", .integer64AttributeType)])
        builder.entity("UnmappedIdentity", UnmappedIdentity.self, [
            attribute("id", .integer64AttributeType),
            attribute("name", .stringAttributeType),
        ])
        let shelf = builder.entity("Shelf", Shelf.self, [
            attribute("id", .integer64AttributeType), attribute("label", .stringAttributeType), attribute("size", .integer16AttributeType),
        ])
        let book = builder.entity("Book", Book.self, [attribute("id", .integer64AttributeType), attribute("title", .stringAttributeType)])
        builder.relate(shelf, "books", to: book, toMany: true, inverse: "shelf")
        builder.entity("Relabel", Relabel.self, [attribute("id", .integer64AttributeType)])
        builder.entity("DerivingShelf", DerivingShelf.self, [attribute("id", .integer64AttributeType), attribute("label", .stringAttributeType)])
        builder.entity("Chore", Chore.self, [attribute("id", .integer64AttributeType), attribute("destroy", .booleanAttributeType)])
        builder.entity("PresettingShelf", PresettingShelf.self, [attribute("id", .integer64AttributeType), attribute("label", .stringAttributeType)])
        return builder.model()
    }

    private static func makeInheritance() -> NSManagedObjectModel {
        let builder = ModelBuilder()
        let animal = builder.entity("Animal", Animal.self, [
            attribute("id", .integer64AttributeType, optional: false),
            attribute("name", .stringAttributeType),
        ])
        let dog = builder.entity("Dog", Dog.self, [attribute("breed", .stringAttributeType)])
        let model = builder.model()
        animal.subentities = [dog]
        return model
    }

    private static func makeDotted() -> NSManagedObjectModel {
        let builder = ModelBuilder()
        let entity = builder.entity("LogEntry", LogEntry.self, [attribute("message", .stringAttributeType)])
        entity.managedObjectClassName = "." + String(describing: LogEntry.self)
        return builder.model()
    }

    /// A new model with `Logbook`, whose to-one `entry` is a `LogEntry`; both classes are named in
    /// Xcode's unresolved ".Name" form, so their objects are `NSManagedObject`s to the context.
    static func makeDottedLogbook() -> NSManagedObjectModel {
        let builder = ModelBuilder()
        let entry = builder.entity("LogEntry", LogEntry.self, [attribute("message", .stringAttributeType)])
        entry.managedObjectClassName = "." + String(describing: LogEntry.self)
        let logbook = builder.entity("Logbook", NSManagedObject.self, [attribute("id", .integer64AttributeType), attribute("title", .stringAttributeType)])
        logbook.managedObjectClassName = ".Logbook"
        builder.relate(logbook, "entry", to: entry)
        return builder.model()
    }

    private static func makeModelIdentity() -> NSManagedObjectModel {
        let builder = ModelBuilder()
        let team = builder.entity("Team", Team.self, [attribute("code", .stringAttributeType), attribute("name", .stringAttributeType)])
        team.uniquenessConstraints = [["code"]]
        let unidentifiedTeam = builder.entity("UnidentifiedTeam", UnidentifiedTeam.self, [
            attribute("code", .stringAttributeType), attribute("name", .stringAttributeType),
        ])
        unidentifiedTeam.uniquenessConstraints = [["code"]]
        let playerID = attribute("playerID", .integer64AttributeType)
        playerID.userInfo = ["sync.isPrimaryKey": "YES"]
        builder.entity("Player", Player.self, [playerID, attribute("name", .stringAttributeType)])
        builder.entity("Track", Track.self, [attribute("id", .integer64AttributeType), attribute("title", .stringAttributeType)])
        let match = builder.entity("Match", Match.self, [
            attribute("home", .stringAttributeType), attribute("away", .stringAttributeType), attribute("score", .stringAttributeType),
        ])
        match.uniquenessConstraints = [["home", "away"]]
        let venueID = attribute("venueID", .integer64AttributeType)
        venueID.userInfo = ["JC.isIdentifier": "true"]
        let venue = builder.entity("Venue", NSManagedObject.self, [venueID, attribute("name", .stringAttributeType)])
        builder.relate(match, "venue", to: venue)
        let coach = builder.entity("Coach", Coach.self, [attribute("license", .stringAttributeType), attribute("name", .stringAttributeType)])
        coach.userInfo = ["identityAttributes": "license"]
        let nickname = attribute("nickname", .stringAttributeType)
        nickname.userInfo = ["sync.remoteKey": "profile.nick"]
        builder.entity("SyncMember", SyncMember.self, [
            attribute("remoteID", .integer64AttributeType), attribute("fullName", .stringAttributeType),
            attribute("avatarURL", .stringAttributeType), attribute("syncMemberType", .stringAttributeType), nickname,
        ])
        return builder.model()
    }

    private static func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        return attribute
    }
}

/// Collects entities and their properties, then makes the model.
private final class ModelBuilder {
    private var entities: [NSEntityDescription] = []
    private var properties: [ObjectIdentifier: [NSPropertyDescription]] = [:]

    @discardableResult
    func entity(_ name: String, _ type: AnyClass, _ attributes: [NSAttributeDescription]) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName = NSStringFromClass(type)
        entities.append(entity)
        properties[ObjectIdentifier(entity)] = attributes
        return entity
    }

    func relate(
        _ source: NSEntityDescription, _ name: String, to destination: NSEntityDescription,
        toMany: Bool = false, ordered: Bool = false, inverse inverseName: String? = nil, inverseToMany: Bool = false
    ) {
        let relationship = relationship(name, to: destination, toMany: toMany, ordered: ordered)
        properties[ObjectIdentifier(source), default: []].append(relationship)
        guard let inverseName else { return }
        let inverse = self.relationship(inverseName, to: source, toMany: inverseToMany, ordered: false)
        properties[ObjectIdentifier(destination), default: []].append(inverse)
        relationship.inverseRelationship = inverse
        inverse.inverseRelationship = relationship
    }

    private func relationship(_ name: String, to destination: NSEntityDescription, toMany: Bool, ordered: Bool) -> NSRelationshipDescription {
        let relationship = NSRelationshipDescription()
        relationship.name = name
        relationship.destinationEntity = destination
        relationship.minCount = 0
        relationship.maxCount = toMany ? 0 : 1
        relationship.isOrdered = ordered
        relationship.deleteRule = .nullifyDeleteRule
        relationship.isOptional = true
        return relationship
    }

    func model() -> NSManagedObjectModel {
        for entity in entities {
            entity.properties = properties[ObjectIdentifier(entity)] ?? []
        }
        let model = NSManagedObjectModel()
        model.entities = entities
        return model
    }
}
