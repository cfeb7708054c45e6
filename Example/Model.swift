import CoreDataCodable
import Foundation

// The example's classes: people, the country they come from (shared, by id or nested), attributes
// of their own and tags shared by many. Their entities are in `Model.xcdatamodeld`, whose class
// names (`.Person`) refer to this module. The classes use `@Managed`, so the same source compiles
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
