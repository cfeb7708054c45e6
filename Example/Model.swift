import CoreDataCodable
import Foundation

// The example's model: people, the country they come from (shared, by id or nested), attributes
// of their own and tags shared by many. The classes use `@Managed`, so the same source compiles
// against Apple's Core Data and OpenCoreData.

final class Country: NSManagedObject, CoreDataCodable {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var isoCode: String?
    @Managed var people: Set<Person>

    static let identityAttribute: IdentityAttribute = "id"

    enum CodingKeys: String, CoreDataCodingKey {
        case id, name
        case isoCode = "iso_code"
    }
}

final class Person: NSManagedObject, CoreDataCodable {
    @Managed var id: Int64
    @Managed var fullName: String?
    @Managed var email: String?
    @Managed var birthDate: Date?
    @Managed var city: String?
    @Managed var country: Country?
    @Managed var attributes: NSOrderedSet
    @Managed var tags: Set<Tag>

    static let identityAttribute: IdentityAttribute = "id"

    /// Case names are model properties, raw values JSON keys; dotted raw values are key paths.
    enum CodingKeys: String, CoreDataCodingKey {
        case id, email, attributes, tags
        case fullName = "full_name"
        case birthDate = "born_on"
        case city = "origin.city"
        case country = "origin.country"
    }
}

final class PersonAttribute: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var value: String?

    static let identityAttribute: IdentityAttribute = "id"
}

final class Tag: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?

    static let identityAttribute: IdentityAttribute = "id"
}

/// The model, built in code (Apple platforms may load the same from an Xcode model instead).
func makeModel() -> NSManagedObjectModel {
    let country = entity("Country", Country.self, [
        attribute("id", .integer64AttributeType, optional: false), attribute("name", .stringAttributeType), attribute("isoCode", .stringAttributeType),
    ])
    let person = entity("Person", Person.self, [
        attribute("id", .integer64AttributeType, optional: false), attribute("fullName", .stringAttributeType), attribute("email", .stringAttributeType),
        attribute("birthDate", .dateAttributeType), attribute("city", .stringAttributeType),
    ])
    let personAttribute = entity("PersonAttribute", PersonAttribute.self, [
        attribute("id", .integer64AttributeType, optional: false), attribute("name", .stringAttributeType), attribute("value", .stringAttributeType),
    ])
    let tag = entity("Tag", Tag.self, [attribute("id", .integer64AttributeType, optional: false), attribute("name", .stringAttributeType)])

    relate(person, "country", to: country, "people", toMany: false, inverseToMany: true)
    relate(person, "attributes", to: personAttribute, "person", toMany: true, inverseToMany: false, ordered: true, deleteRule: .cascadeDeleteRule)
    relate(person, "tags", to: tag, "people", toMany: true, inverseToMany: true)

    let model = NSManagedObjectModel()
    model.entities = [country, person, personAttribute, tag]
    return model
}

private func entity(_ name: String, _ type: NSManagedObject.Type, _ attributes: [NSAttributeDescription]) -> NSEntityDescription {
    let entity = NSEntityDescription()
    entity.name = name
    entity.managedObjectClassName = NSStringFromClass(type)
    entity.properties = attributes
    entity.uniquenessConstraints = [["id"]]
    return entity
}

private func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true) -> NSAttributeDescription {
    let attribute = NSAttributeDescription()
    attribute.name = name
    attribute.attributeType = type
    attribute.isOptional = optional
    return attribute
}

private func relate(
    _ source: NSEntityDescription, _ name: String, to destination: NSEntityDescription, _ inverseName: String,
    toMany: Bool, inverseToMany: Bool, ordered: Bool = false, deleteRule: NSDeleteRule = .nullifyDeleteRule
) {
    let forward = NSRelationshipDescription()
    forward.name = name
    forward.destinationEntity = destination
    forward.maxCount = toMany ? 0 : 1
    forward.isOrdered = ordered
    forward.deleteRule = deleteRule
    let inverse = NSRelationshipDescription()
    inverse.name = inverseName
    inverse.destinationEntity = source
    inverse.maxCount = inverseToMany ? 0 : 1
    forward.inverseRelationship = inverse
    inverse.inverseRelationship = forward
    source.properties.append(forward)
    destination.properties.append(inverse)
}
