#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// The model and stacks of the batch request tests.
///
/// - `Item`: one attribute of each common type, no relationships; its subentity `SpecialItem` adds `grade`.
/// - `Tag`: a uniqueness constraint on `code`.
/// - `Owner` with `parts` (nullify) ↔ `Part.owner`, `pieces` (cascade) ↔ `Piece.owner`, `tickets` (deny) ↔
///   `Ticket.owner`, `bolts` (nullify) ↔ `Bolt.owner` (required), `labels` (nullify) ↔ `Label.owners` (many-to-many).
enum BatchModel {
    private final class Box: @unchecked Sendable {
        let model = BatchModel.make()
    }

    private static let box = Box()

    static var shared: NSManagedObjectModel { box.model }

    /// The store types batch requests run on: SQLite (as on Apple) and, in OpenCoreData, the in-memory store.
    static var storeTypes: [String] {
        #if canImport(CoreData)
        [NSSQLiteStoreType]
        #else
        [NSSQLiteStoreType, NSInMemoryStoreType]
        #endif
    }

    static let referenceDate = Date(timeIntervalSinceReferenceDate: 700_000_000.25)

    private static func attribute(_ name: String, _ type: NSAttributeType, defaultValue: Any? = nil) -> NSAttributeDescription {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = true
        if let defaultValue { attribute.defaultValue = defaultValue }
        return attribute
    }

    private static func entity(_ name: String, _ properties: [NSPropertyDescription]) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName = NSStringFromClass(NSManagedObject.self)
        entity.properties = properties
        return entity
    }

    /// `Owner.<name>` (to-many, with `rule`) and its inverse `<destination>.<inverseName>`.
    private static func relate(
        _ name: String, rule: NSDeleteRule, to destination: NSEntityDescription, inverse inverseName: String,
        inverseToMany: Bool = false, inverseOptional: Bool = true, from owner: NSEntityDescription
    ) -> (NSRelationshipDescription, NSRelationshipDescription) {
        let forward = NSRelationshipDescription()
        forward.name = name
        forward.destinationEntity = destination
        forward.maxCount = 0
        forward.deleteRule = rule
        let inverse = NSRelationshipDescription()
        inverse.name = inverseName
        inverse.destinationEntity = owner
        inverse.maxCount = inverseToMany ? 0 : 1
        inverse.isOptional = inverseOptional
        forward.inverseRelationship = inverse
        inverse.inverseRelationship = forward
        return (forward, inverse)
    }

    private static func make() -> NSManagedObjectModel {
        let item = entity("Item", [
            attribute("name", .stringAttributeType), attribute("score", .integer64AttributeType, defaultValue: 7),
            attribute("price", .decimalAttributeType), attribute("when", .dateAttributeType),
            attribute("uid", .UUIDAttributeType), attribute("flag", .booleanAttributeType, defaultValue: false),
            attribute("ratio", .doubleAttributeType), attribute("small", .integer16AttributeType),
        ])
        let special = entity("SpecialItem", [attribute("grade", .integer64AttributeType)])
        item.subentities = [special]
        let tag = entity("Tag", [attribute("code", .stringAttributeType), attribute("label", .stringAttributeType), attribute("uses", .integer64AttributeType, defaultValue: 0)])
        tag.uniquenessConstraints = [["code"]]
        let owner = entity("Owner", [])
        let part = entity("Part", [])
        let piece = entity("Piece", [])
        let ticket = entity("Ticket", [])
        let bolt = entity("Bolt", [])
        let label = entity("Label", [])
        let parts = relate("parts", rule: .nullifyDeleteRule, to: part, inverse: "owner", from: owner)
        let pieces = relate("pieces", rule: .cascadeDeleteRule, to: piece, inverse: "owner", from: owner)
        let tickets = relate("tickets", rule: .denyDeleteRule, to: ticket, inverse: "owner", from: owner)
        let bolts = relate("bolts", rule: .nullifyDeleteRule, to: bolt, inverse: "owner", inverseOptional: false, from: owner)
        let labels = relate("labels", rule: .nullifyDeleteRule, to: label, inverse: "owners", inverseToMany: true, from: owner)
        owner.properties = [attribute("name", .stringAttributeType), parts.0, pieces.0, tickets.0, bolts.0, labels.0]
        for (entity, inverse) in [(part, parts.1), (piece, pieces.1), (ticket, tickets.1), (bolt, bolts.1), (label, labels.1)] {
            entity.properties = [attribute("name", .stringAttributeType), inverse]
        }
        let model = NSManagedObjectModel()
        model.entities = [item, special, tag, owner, part, piece, ticket, bolt, label]
        return model
    }
}

/// A coordinator with one store of a given type, and helpers to fill and read it.
struct BatchStack {
    let coordinator: NSPersistentStoreCoordinator

    init(storeType: String) throws {
        coordinator = NSPersistentStoreCoordinator(managedObjectModel: BatchModel.shared)
        // /dev/null: a SQLite store in memory.
        try coordinator.addPersistentStore(ofType: storeType, configurationName: nil, at: URL(fileURLWithPath: "/dev/null"), options: nil)
    }

    func newContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
        return context
    }

    /// Saves `count` items named `item0`… with `score` = index; returns their IDs in order.
    @discardableResult
    func saveItems(_ count: Int) throws -> [NSManagedObjectID] {
        let context = newContext()
        return try context.performAndWait {
            let items = (0..<count).map { index in
                let item = NSManagedObject(entity: BatchModel.shared.entitiesByName["Item"]!, insertInto: context)
                item.setValue("item\(index)", forKey: "name")
                item.setValue(index, forKey: "score")
                return item
            }
            try context.save()
            return items.map(\.objectID)
        }
    }

    /// Runs `request` in a new context.
    func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        let context = newContext()
        return try context.performAndWait { try context.execute(request) }
    }

    /// The values of `key` of the objects of `entityName`, fetched by a new context, sorted by `sortKey`.
    func values(_ key: String, of entityName: String, sortedBy sortKey: String = "name") throws -> [Any?] {
        let context = newContext()
        return try context.performAndWait {
            let request = NSFetchRequest<NSManagedObject>(entityName: entityName)
            request.sortDescriptors = [NSSortDescriptor(key: sortKey, ascending: true)]
            return try context.fetch(request).map { $0.value(forKey: key) }
        }
    }

    /// The names of the objects of `entityName` in the store, sorted.
    func names(of entityName: String) throws -> [String] {
        try values("name", of: entityName).compactMap { $0 as? String }
    }
}

/// A fetch request of the base result type, as `NSBatchDeleteRequest(fetchRequest:)` takes it.
func batchFetch(_ entityName: String, _ format: String? = nil, _ arguments: Any...) -> NSFetchRequest<NSFetchRequestResult> {
    let request = NSFetchRequest<NSFetchRequestResult>(entityName: entityName)
    if let format { request.predicate = NSPredicate(format: format, argumentArray: arguments) }
    return request
}
