#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// The shared test model, built in code exactly as Apple's documentation shows, once per process.
// Core Data forbids mutating a model once a coordinator uses it, so every container shares
// this one immutable model (as apps do).

/// Holds the model; the model itself is never mutated after it is built.
final class ModelBox: @unchecked Sendable {
    let model: NSManagedObjectModel
    init(_ model: NSManagedObjectModel) { self.model = model }
}

enum TestModel {
    private static let box = ModelBox(makeModel())

    /// The one model every test container uses.
    static var shared: NSManagedObjectModel { box.model }

    // MARK: Description builders (plain Core Data API)

    static func attribute(
        _ name: String,
        _ type: NSAttributeType,
        optional: Bool = true,
        defaultValue: Any? = nil,
        transient: Bool = false
    ) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        attribute.isTransient = transient
        if let defaultValue { attribute.defaultValue = defaultValue }
        return attribute
    }

    static func relationship(
        _ name: String,
        to destination: NSEntityDescription,
        toMany: Bool,
        optional: Bool = true,
        ordered: Bool = false,
        deleteRule: NSDeleteRule = .nullifyDeleteRule,
        minCount: Int = 0,
        maxCount: Int = 0
    ) -> NSRelationshipDescription {
        let relationship = NSRelationshipDescription()
        relationship.name = name
        relationship.destinationEntity = destination
        relationship.isOptional = optional
        relationship.deleteRule = deleteRule
        relationship.minCount = minCount
        relationship.maxCount = toMany ? maxCount : 1
        relationship.isOrdered = ordered
        return relationship
    }

    static func inverse(_ first: NSRelationshipDescription, _ second: NSRelationshipDescription) {
        first.inverseRelationship = second
        second.inverseRelationship = first
    }

    static func entity(_ name: String, _ cls: AnyClass? = nil) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        if let cls {
            entity.managedObjectClassName = NSStringFromClass(cls)
        }
        return entity
    }

    // MARK: The model

    static func makeModel() -> NSManagedObjectModel {
        let person = entity("Person", Person.self)
        let country = entity("Country", Country.self)
        let tag = entity("Tag", Tag.self)
        let note = entity("Note", Note.self)

        let personCountry = relationship("country", to: country, toMany: false)
        let countryPeople = relationship("people", to: person, toMany: true)
        inverse(personCountry, countryPeople)

        let personTags = relationship("tags", to: tag, toMany: true)
        let tagPeople = relationship("people", to: person, toMany: true)
        inverse(personTags, tagPeople)

        let personNotes = relationship("notes", to: note, toMany: true, ordered: true, deleteRule: .cascadeDeleteRule)
        let notePerson = relationship("person", to: person, toMany: false)
        inverse(personNotes, notePerson)

        // One-to-one.
        let passport = entity("Passport", Passport.self)
        let personPassport = relationship("passport", to: passport, toMany: false)
        let passportHolder = relationship("holder", to: person, toMany: false)
        inverse(personPassport, passportHolder)
        passport.properties = [attribute("number", .stringAttributeType), passportHolder]

        person.properties = [
            attribute("name", .stringAttributeType),
            attribute("age", .integer64AttributeType, optional: false, defaultValue: 0),
            attribute("nickname", .stringAttributeType),
            personCountry, personTags, personNotes, personPassport,
        ]
        country.properties = [attribute("name", .stringAttributeType), countryPeople]
        tag.properties = [attribute("name", .stringAttributeType), tagPeople]
        note.properties = [attribute("text", .stringAttributeType), notePerson]

        // Inheritance: abstract Animal with Dog and Cat.
        let animal = entity("Animal", Animal.self)
        animal.isAbstract = true
        let personPets = relationship("pets", to: animal, toMany: true)
        let animalOwner = relationship("owner", to: person, toMany: false)
        inverse(personPets, animalOwner)
        person.properties.append(personPets)
        animal.properties = [
            attribute("name", .stringAttributeType),
            attribute("legs", .integer16AttributeType, optional: false, defaultValue: 4),
            animalOwner,
        ]
        let dog = entity("Dog", Dog.self)
        dog.properties = [attribute("breed", .stringAttributeType)]
        let cat = entity("Cat", Cat.self)
        cat.properties = [attribute("indoor", .booleanAttributeType, optional: false, defaultValue: true)]
        animal.subentities = [dog, cat]

        // Every attribute type, with defaults.
        let allTypes = entity("AllTypes", AllTypes.self)
        allTypes.userInfo = ["purpose": "every attribute type"]
        let int16 = attribute("int16", .integer16AttributeType, defaultValue: 16)
        int16.userInfo = ["note": "small"]
        allTypes.properties = [
            int16,
            attribute("int32", .integer32AttributeType, defaultValue: 32),
            attribute("int64", .integer64AttributeType, defaultValue: 64),
            attribute("decimal", .decimalAttributeType, defaultValue: NSDecimalNumber(string: "1.5")),
            attribute("double", .doubleAttributeType, defaultValue: 2.5),
            attribute("float", .floatAttributeType, defaultValue: 0.5),
            attribute("string", .stringAttributeType, defaultValue: "default"),
            attribute("boolean", .booleanAttributeType, defaultValue: true),
            attribute("date", .dateAttributeType),
            attribute("data", .binaryDataAttributeType),
            attribute("uuid", .UUIDAttributeType),
            attribute("uri", .URIAttributeType),
            attribute("optionalInt", .integer64AttributeType),
            attribute("scratch", .stringAttributeType, transient: true),
        ]

        // Uniqueness constraint.
        let product = entity("Product", Product.self)
        product.properties = [
            attribute("sku", .stringAttributeType, optional: false),
            attribute("name", .stringAttributeType),
            attribute("price", .integer64AttributeType, defaultValue: 0),
        ]
        product.uniquenessConstraints = [["sku"]]

        // Composite uniqueness constraint.
        let seat = entity("Seat")
        seat.properties = [
            attribute("row", .stringAttributeType, optional: false),
            attribute("number", .integer64AttributeType, optional: false, defaultValue: 0),
            attribute("holder", .stringAttributeType),
        ]
        seat.uniquenessConstraints = [["row", "number"]]

        // Validation.
        let account = entity("Account")
        account.properties = [
            attribute("email", .stringAttributeType, optional: false),
            attribute("owner", .stringAttributeType, optional: false),
            attribute("balance", .integer64AttributeType, optional: false, defaultValue: 0),
            attribute("nickname", .stringAttributeType),
        ]
        let team = entity("Team")
        let member = entity("Member")
        let teamMembers = relationship("members", to: member, toMany: true, optional: false, minCount: 2, maxCount: 3)
        let memberTeam = relationship("team", to: team, toMany: false, optional: false)
        inverse(teamMembers, memberTeam)
        team.properties = [attribute("name", .stringAttributeType), teamMembers]
        member.properties = [attribute("name", .stringAttributeType), memberTeam]

        // Lifecycle hooks.
        let event = entity("Event", Event.self)
        event.properties = [
            attribute("title", .stringAttributeType),
            attribute("createdAt", .dateAttributeType),
            attribute("revision", .stringAttributeType),
        ]

        // willSave fills a mandatory attribute before validation.
        let stamp = entity("Stamp", Stamp.self)
        stamp.properties = [attribute("code", .stringAttributeType, optional: false)]

        // Delete rules (plain NSManagedObject instances, used through key-value coding).
        let owner = entity("Owner")
        let item = entity("Item")
        let part = entity("Part")
        var ownerRelationships: [NSRelationshipDescription] = []
        var itemRelationships: [NSRelationshipDescription] = []
        let rules: [(String, String, NSDeleteRule)] = [
            ("nullifyItems", "nullifyOwner", .nullifyDeleteRule),
            ("cascadeItems", "cascadeOwner", .cascadeDeleteRule),
            ("denyItems", "denyOwner", .denyDeleteRule),
            ("noActionItems", "noActionOwner", .noActionDeleteRule),
        ]
        for (toMany, toOne, rule) in rules {
            let forward = relationship(toMany, to: item, toMany: true, deleteRule: rule)
            let back = relationship(toOne, to: owner, toMany: false)
            inverse(forward, back)
            ownerRelationships.append(forward)
            itemRelationships.append(back)
        }
        let itemParts = relationship("parts", to: part, toMany: true, deleteRule: .cascadeDeleteRule)
        let partItem = relationship("item", to: item, toMany: false)
        inverse(itemParts, partItem)
        owner.properties = [attribute("name", .stringAttributeType)] + ownerRelationships
        item.properties = [attribute("name", .stringAttributeType)] + itemRelationships + [itemParts]
        part.properties = [attribute("name", .stringAttributeType), partItem]

        let model = NSManagedObjectModel()
        model.entities = [
            person, country, tag, note, passport,
            animal, dog, cat,
            allTypes, product, seat, account, team, member, event, stamp,
            owner, item, part,
        ]
        return model
    }
}

// MARK: - Model classes (top level: NSClassFromString does not find nested classes on Linux)

final class Person: NSManagedObject {
    @Managed var name: String?
    @Managed var age: Int64
    @Managed("nickname") var alias: String?
    @Managed var country: Country?
    @Managed var tags: Set<Tag>
    @Managed var notes: NSOrderedSet
    @Managed var passport: Passport?
    @Managed var pets: Set<Animal>
}

extension Person {
    // What Xcode generates for an entity ("Class Definition" / "Category/Extension").
    @nonobjc class func fetchRequest() -> NSFetchRequest<Person> {
        NSFetchRequest<Person>(entityName: "Person")
    }
}

final class Country: NSManagedObject {
    @Managed var name: String?
    @Managed var people: NSSet
}

final class Tag: NSManagedObject {
    @Managed var name: String?
    @Managed var people: Set<Person>
}

final class Passport: NSManagedObject {
    @Managed var number: String?
    @Managed var holder: Person?
}

final class Note: NSManagedObject {
    @Managed var text: String?
    @Managed var person: Person?
}

class Animal: NSManagedObject {
    @Managed var name: String?
    @Managed var legs: Int16
    @Managed var owner: Person?
}

final class Dog: Animal {
    @Managed var breed: String?
}

final class Cat: Animal {
    @Managed var indoor: Bool
}

final class AllTypes: NSManagedObject {
    @Managed var int16: Int16
    @Managed var int32: Int32
    @Managed var int64: Int64
    @Managed var decimal: Decimal
    @Managed var double: Double
    @Managed var float: Float
    @Managed var string: String?
    @Managed var boolean: Bool
    @Managed var date: Date?
    @Managed var data: Data?
    @Managed var uuid: UUID?
    @Managed var uri: URL?
    @Managed var optionalInt: Int64?
    @Managed("int64") var int64AsInt: Int
    @Managed("boolean") var optionalBoolean: Bool?
    @Managed("double") var optionalDouble: Double?
    @Managed("decimal") var optionalDecimal: Decimal?
    @Managed("int16") var optionalInt16: Int16?
    @Managed("int32") var optionalInt32: Int32?
    @Managed("float") var optionalFloat: Float?
}

final class Product: NSManagedObject {
    @Managed var sku: String?
    @Managed var name: String?
    @Managed var price: Int64
}

/// Fills its mandatory `code` in willSave when nothing set it.
final class Stamp: NSManagedObject {
    @Managed var code: String?

    override func willSave() {
        super.willSave()
        if !isDeleted, code == nil { code = "from willSave" }
    }
}

/// Records the lifecycle callbacks Core Data makes.
final class Event: NSManagedObject {
    @Managed var title: String?
    @Managed var createdAt: Date?
    @Managed var revision: String?

    var awakeFromInsertCount = 0
    var awakeFromFetchCount = 0
    var willSaveCount = 0
    var didSaveCount = 0
    var prepareForDeletionCount = 0
    var willSaveSawDeleted = false
    /// When set, validateForInsert / validateForUpdate throw `Event.rejection`.
    var rejectsValidation = false

    static let rejection = NSError(domain: "OpenCoreDataTests.Event", code: 42)

    override func validateForInsert() throws {
        try super.validateForInsert()
        if rejectsValidation { throw Event.rejection }
    }

    override func validateForUpdate() throws {
        try super.validateForUpdate()
        if rejectsValidation { throw Event.rejection }
    }

    static let awakeDate = Date(timeIntervalSinceReferenceDate: 1_000)

    override func awakeFromInsert() {
        super.awakeFromInsert()
        awakeFromInsertCount += 1
        // Apple's documented pattern: set defaults with the primitive accessor.
        setPrimitiveValue(Event.awakeDate, forKey: "createdAt")
    }

    override func awakeFromFetch() {
        super.awakeFromFetch()
        awakeFromFetchCount += 1
    }

    override func didSave() {
        super.didSave()
        didSaveCount += 1
    }

    override func prepareForDeletion() {
        super.prepareForDeletion()
        prepareForDeletionCount += 1
    }

    override func willSave() {
        super.willSave()
        willSaveCount += 1
        if isDeleted { willSaveSawDeleted = true }
        // Apple's documented pattern: only change a value when it differs (avoids a save loop).
        if !isDeleted, let title, revision != title.uppercased() {
            revision = title.uppercased()
        }
    }
}
