#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Models, store files and containers for the SQLite store tests.
enum SQLiteTestSupport {
    /// A new empty directory under the temporary directory; the caller removes it.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("OpenCoreDataSQLite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        return attribute
    }

    static func entity(_ name: String, _ properties: [NSPropertyDescription]) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.properties = properties
        return entity
    }

    /// Makes `first` and `second` inverses of each other, between `source` and `destination`.
    static func relate(_ first: NSRelationshipDescription, _ second: NSRelationshipDescription) {
        first.inverseRelationship = second
        second.inverseRelationship = first
    }

    static func relationship(_ name: String, to destination: NSEntityDescription, toMany: Bool = false, ordered: Bool = false) -> NSRelationshipDescription {
        let relationship = NSRelationshipDescription()
        relationship.name = name
        relationship.destinationEntity = destination
        relationship.maxCount = toMany ? 0 : 1
        relationship.isOrdered = ordered
        return relationship
    }

    /// Every attribute type on `Item`; every relationship kind between `Item`, `Owner`, `Profile`, `Tag` (with the
    /// subentity `SpecialTag`).
    ///
    /// - `Owner.items` ↔ `Item.owner`: one-to-many; `Owner.ranked` ↔ `Item.rankedBy`: ordered one-to-many;
    /// - `Owner.profile` ↔ `Profile.owner`: one-to-one; `Item.tags` ↔ `Tag.items`: many-to-many;
    /// - `Owner.playlist` ↔ `Tag.listedBy`: ordered many-to-many; `Owner.favorites`: to-many without inverse.
    static func model() -> NSManagedObjectModel {
        let item = entity("Item", [
            attribute("int16", .integer16AttributeType), attribute("int32", .integer32AttributeType),
            attribute("int64", .integer64AttributeType), attribute("decimal", .decimalAttributeType),
            attribute("double", .doubleAttributeType), attribute("float", .floatAttributeType),
            attribute("string", .stringAttributeType), attribute("flag", .booleanAttributeType),
            attribute("date", .dateAttributeType), attribute("data", .binaryDataAttributeType),
            attribute("uuid", .UUIDAttributeType), attribute("url", .URIAttributeType),
            attribute("plist", .transformableAttributeType),
        ])
        let indexed = attribute("serial", .integer64AttributeType)
        indexed.isIndexed = true
        item.properties.append(indexed)
        let owner = entity("Owner", [attribute("name", .stringAttributeType)])
        owner.uniquenessConstraints = [["name"]]
        let profile = entity("Profile", [attribute("bio", .stringAttributeType)])
        let tag = entity("Tag", [attribute("label", .stringAttributeType)])
        let special = entity("SpecialTag", [attribute("level", .integer32AttributeType)])
        tag.subentities = [special]

        let items = relationship("items", to: item, toMany: true), itemOwner = relationship("owner", to: owner)
        let ranked = relationship("ranked", to: item, toMany: true, ordered: true), rankedBy = relationship("rankedBy", to: owner)
        let ownerProfile = relationship("profile", to: profile), profileOwner = relationship("owner", to: owner)
        let itemTags = relationship("tags", to: tag, toMany: true), tagItems = relationship("items", to: item, toMany: true)
        let playlist = relationship("playlist", to: tag, toMany: true, ordered: true), listedBy = relationship("listedBy", to: owner, toMany: true)
        let favorites = relationship("favorites", to: tag, toMany: true)
        relate(items, itemOwner)
        relate(ranked, rankedBy)
        relate(ownerProfile, profileOwner)
        relate(itemTags, tagItems)
        relate(playlist, listedBy)
        item.properties += [itemOwner, rankedBy, itemTags]
        owner.properties += [items, ranked, ownerProfile, playlist, favorites]
        profile.properties += [profileOwner]
        tag.properties += [tagItems, listedBy]

        let model = NSManagedObjectModel()
        model.entities = [item, owner, profile, tag, special]
        return model
    }

    /// A container with one store of `type` at `url` (nil for `/dev/null`), loaded; throws the load error.
    static func container(at url: URL?, model: NSManagedObjectModel, type: String = NSSQLiteStoreType, configure: (NSPersistentStoreDescription) -> Void = { _ in }) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Test", managedObjectModel: model)
        // No URL: the usual throw-away store at /dev/null.
        let description = NSPersistentStoreDescription(url: url ?? URL(fileURLWithPath: "/dev/null"))
        description.type = type
        configure(description)
        container.persistentStoreDescriptions = [description]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        return container
    }

    /// The objects of `entityName`, sorted by `key` when given.
    static func fetch(_ entityName: String, in context: NSManagedObjectContext, predicate: NSPredicate? = nil, sortedBy key: String? = nil) throws -> [NSManagedObject] {
        let request = NSFetchRequest<NSManagedObject>(entityName: entityName)
        request.predicate = predicate
        request.sortDescriptors = key.map { [NSSortDescriptor(key: $0, ascending: true)] }
        return try context.fetch(request)
    }
}
