import CoreDataCodable
import Foundation

// The benchmark's classes (`B`) declare what a user's first classes would: the protocol, the
// default coding keys and an identity. The `D` classes are the same, declaring `UsingDefaultHooks`.
// Both take their properties from one superclass per entity.

class CountryRecord: NSManagedObject {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var code: String?
}

class PersonRecord: NSManagedObject {
    @Managed var id: Int64
    @Managed var fullName: String?
    @Managed var email: String?
    @Managed var birthDate: Date?
    @Managed var height: Double
    @Managed var isActive: Bool
    @Managed var country: CountryRecord?
    @Managed var notes: Set<NoteRecord>
    @Managed var tags: Set<TagRecord>
}

class NoteRecord: NSManagedObject {
    @Managed var id: Int64
    @Managed var text: String?
    @Managed var createdAt: Date?
}

class TagRecord: NSManagedObject {
    @Managed var id: Int64
    @Managed var name: String?
}

final class BCountry: CountryRecord, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
}

final class BPerson: PersonRecord, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
}

final class BNote: NoteRecord, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
}

final class BTag: TagRecord, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
}

final class DCountry: CountryRecord, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    static let identityAttribute: IdentityAttribute = "id"
}

final class DPerson: PersonRecord, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    static let identityAttribute: IdentityAttribute = "id"
}

final class DNote: NoteRecord, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    static let identityAttribute: IdentityAttribute = "id"
}

final class DTag: TagRecord, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    static let identityAttribute: IdentityAttribute = "id"
}

/// The benchmark's model, built in code, of the classes that declare nothing about their hooks.
let benchmarkModel = makeBenchmarkModel(country: BCountry.self, person: BPerson.self, note: BNote.self, tag: BTag.self)

/// The same model, of the classes that declare `UsingDefaultHooks`.
let declaredHooksModel = makeBenchmarkModel(country: DCountry.self, person: DPerson.self, note: DNote.self, tag: DTag.self)

private func makeBenchmarkModel(
    country countryClass: NSManagedObject.Type, person personClass: NSManagedObject.Type,
    note noteClass: NSManagedObject.Type, tag tagClass: NSManagedObject.Type
) -> NSManagedObjectModel {
    func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        return attribute
    }
    func entity(_ name: String, _ type: NSManagedObject.Type) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName = NSStringFromClass(type)
        entity.uniquenessConstraints = [["id"]]
        return entity
    }
    func relationship(_ name: String, to destination: NSEntityDescription, toMany: Bool) -> NSRelationshipDescription {
        let relationship = NSRelationshipDescription()
        relationship.name = name
        relationship.destinationEntity = destination
        relationship.maxCount = toMany ? 0 : 1
        return relationship
    }
    func pair(_ forward: NSRelationshipDescription, _ inverse: NSRelationshipDescription) {
        forward.inverseRelationship = inverse
        inverse.inverseRelationship = forward
    }
    let country = entity("Country", countryClass)
    let person = entity("Person", personClass)
    let note = entity("Note", noteClass)
    let tag = entity("Tag", tagClass)
    let personCountry = relationship("country", to: country, toMany: false)
    let countryPeople = relationship("people", to: person, toMany: true)
    pair(personCountry, countryPeople)
    let personNotes = relationship("notes", to: note, toMany: true)
    personNotes.deleteRule = .cascadeDeleteRule
    let notePerson = relationship("person", to: person, toMany: false)
    pair(personNotes, notePerson)
    let personTags = relationship("tags", to: tag, toMany: true)
    let tagPeople = relationship("people", to: person, toMany: true)
    pair(personTags, tagPeople)
    country.properties = [attribute("id", .integer64AttributeType, optional: false), attribute("name", .stringAttributeType), attribute("code", .stringAttributeType), countryPeople]
    person.properties = [
        attribute("id", .integer64AttributeType, optional: false), attribute("fullName", .stringAttributeType), attribute("email", .stringAttributeType),
        attribute("birthDate", .dateAttributeType), attribute("height", .doubleAttributeType), attribute("isActive", .booleanAttributeType),
        personCountry, personNotes, personTags,
    ]
    note.properties = [attribute("id", .integer64AttributeType, optional: false), attribute("text", .stringAttributeType), attribute("createdAt", .dateAttributeType), notePerson]
    tag.properties = [attribute("id", .integer64AttributeType, optional: false), attribute("name", .stringAttributeType), tagPeople]
    let model = NSManagedObjectModel()
    model.entities = [country, person, note, tag]
    return model
}

/// CoreDataCodable decoding the payload into a context over an in-memory store or a SQLite file.
final class ManagedScenario {
    let container: NSPersistentContainer
    let context: NSManagedObjectContext
    /// Whether the classes decoded declare `UsingDefaultHooks` (the `D` classes).
    let declaresHooks: Bool

    init(storeURL: URL?, declaresHooks: Bool = false) throws {
        self.declaresHooks = declaresHooks
        container = NSPersistentContainer(name: "Benchmark", managedObjectModel: declaresHooks ? declaredHooksModel : benchmarkModel)
        let description = storeURL.map(NSPersistentStoreDescription.init(url:)) ?? NSPersistentStoreDescription()
        description.type = storeURL == nil ? NSInMemoryStoreType : NSSQLiteStoreType
        container.persistentStoreDescriptions = [description]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        context = container.newBackgroundContext()
    }

    /// Decodes `payload` as `Many<BPerson>` (`Many<DPerson>` when the classes declare their
    /// hooks) into the context, then saves if asked.
    func decode(_ payload: Data, save: Bool = false) throws {
        if declaresHooks {
            try Self.decode(payload, as: DPerson.self, into: context, save: save)
        } else {
            try Self.decode(payload, into: context, save: save)
        }
    }

    /// Decodes `payload` as `Many<Person>` into `context`, then saves if asked.
    static func decode<Person: CoreDataDecodable & NSManagedObject>(
        _ payload: Data, as _: Person.Type = BPerson.self, into context: NSManagedObjectContext, save: Bool
    ) throws {
        let decoder = makeDecoder()
        decoder.managedObjectContext = context
        try context.performAndWait {
            _ = try decoder.decode(Many<Person>.self, from: payload)
            if save { try context.save() }
        }
    }

    /// Syncs `payload` into the `Person` entity by the model alone, as Sync would.
    func sync(_ payload: Data) throws {
        try context.performAndWait {
            _ = try context.sync(payload, inEntityNamed: "Person")
        }
    }

    func reset() {
        context.reset()
    }

    /// Times `body` and counts the fetches it made.
    func measure(_ body: () throws -> Void) throws -> Scenario.Measurement {
        let before = context.executedFetchRequestCount
        let seconds = try timed(body)
        return Scenario.Measurement(seconds: seconds, fetches: context.executedFetchRequestCount - before)
    }
}
