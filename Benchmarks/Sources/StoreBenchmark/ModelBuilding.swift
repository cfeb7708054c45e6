import Foundation
import OpenCoreData

/// Small helpers to build the benchmark models in code.
enum ModelBuilding {
    static func attribute(_ name: String, _ type: NSAttributeType, indexed: Bool = false) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isIndexed = indexed
        return attribute
    }

    static func entity(_ name: String, constrainedBy key: String? = nil) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        if let key { entity.uniquenessConstraints = [[key]] }
        return entity
    }

    /// A relationship and its inverse; `toMany` says which sides are to-many.
    static func pair(
        _ name: String, from source: NSEntityDescription, toMany: Bool,
        inverse inverseName: String, to destination: NSEntityDescription, inverseToMany: Bool
    ) -> (NSRelationshipDescription, NSRelationshipDescription) {
        let forward = NSRelationshipDescription()
        forward.name = name
        forward.destinationEntity = destination
        forward.maxCount = toMany ? 0 : 1
        let inverse = NSRelationshipDescription()
        inverse.name = inverseName
        inverse.destinationEntity = source
        inverse.maxCount = inverseToMany ? 0 : 1
        forward.inverseRelationship = inverse
        inverse.inverseRelationship = forward
        return (forward, inverse)
    }

    /// A container with one store: a SQLite file at `url`, or an in-memory store when nil.
    static func container(_ model: NSManagedObjectModel, storeURL url: URL?) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "StoreBenchmark", managedObjectModel: model)
        let description = url.map(NSPersistentStoreDescription.init(url:)) ?? NSPersistentStoreDescription()
        description.type = url == nil ? NSInMemoryStoreType : NSSQLiteStoreType
        container.persistentStoreDescriptions = [description]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        return container
    }
}
