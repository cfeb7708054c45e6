// The names the documentation's code blocks take as given, for `.ci/doc-snippets`: CI compiles the
// blocks with these declarations and never runs them.
import CoreDataCodable

final class Person: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var age: Int64
    @Managed var country: Country?
    @Managed var tags: Set<Tag>

    static let identityAttribute: IdentityAttribute = "id"
}

final class Country: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var people: Set<Person>

    static let identityAttribute: IdentityAttribute = "id"
}

final class Tag: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?

    static let identityAttribute: IdentityAttribute = "id"
}

final class Band: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: String?
    @Managed var name: String?

    static let identityAttribute: IdentityAttribute = "id"
}

final class Album: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: String?
    @Managed var band: Band?

    static let identityAttribute: IdentityAttribute = "id"
}

var context: NSManagedObjectContext { fatalError("compiled, never run") }
var container: NSPersistentContainer { fatalError("compiled, never run") }
var decoder: JSONDecoder { fatalError("compiled, never run") }
var entity: NSEntityDescription { fatalError("compiled, never run") }
var json: Data { fatalError("compiled, never run") }
var list: Data { fatalError("compiled, never run") }
var array: Data { fatalError("compiled, never run") }
var data: Data { fatalError("compiled, never run") }
var notes: Data { fatalError("compiled, never run") }
var dictionaries: [[String: Any]] { fatalError("compiled, never run") }
var bandsAndAlbums: Data { fatalError("compiled, never run") }
var user: NSManagedObject { fatalError("compiled, never run") }
var note: NSManagedObject { fatalError("compiled, never run") }
var team: NSManagedObject { fatalError("compiled, never run") }
var page: NSPredicate { fatalError("compiled, never run") }
var progress: Progress { fatalError("compiled, never run") }

extension Bundle {
    /// What SwiftPM generates for a target with resources.
    static var module: Bundle { fatalError("compiled, never run") }
}
