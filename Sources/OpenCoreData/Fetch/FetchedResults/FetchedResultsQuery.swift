import Foundation

/// What a fetched results controller fetched, read from its request at `performFetch()`: which
/// objects belong to the results, their order and their sections.
struct FetchedResultsQuery {
    /// The fetched entity and, when the request includes them, its subentities.
    let entities: Set<ObjectIdentifier>
    let predicate: NSPredicate?
    let sortDescriptors: [NSSortDescriptor]
    let sectionNameKeyPath: String?

    /// Reads `request`; throws when it has no sort descriptors, names no entity of `model`, or
    /// `sectionNameKeyPath` names no property path of the entity.
    init<T>(request: NSFetchRequest<T>, model: NSManagedObjectModel?, sectionNameKeyPath: String?) throws {
        guard let sortDescriptors = request.sortDescriptors, !sortDescriptors.isEmpty else {
            throw CoreDataError.make(NSCoreDataError, "An NSFetchedResultsController requires a fetch request with sort descriptors.")
        }
        guard let entity = request.entity ?? request.entityName.flatMap({ model?.entitiesByName[$0] }) else {
            throw CoreDataError.unknownEntity(request.entityName)
        }
        if let keyPath = sectionNameKeyPath { try Self.validate(keyPath, from: entity) }
        entities = Set((request.includesSubentities ? entity.layout.hierarchy : [entity]).map(ObjectIdentifier.init))
        predicate = request.predicate
        self.sortDescriptors = sortDescriptors
        self.sectionNameKeyPath = sectionNameKeyPath
    }

    /// Throws unless each component of `keyPath` names a property, through relationships, from `entity`.
    private static func validate(_ keyPath: String, from entity: NSEntityDescription) throws {
        var current: NSEntityDescription? = entity
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let property = current?.propertiesByName[component] else {
                throw CoreDataError.make(NSCoreDataError, "The section name key path '\(keyPath)' names no property of entity '\(entity.name ?? "")'.")
            }
            current = (property as? NSRelationshipDescription)?.destinationEntity
        }
    }

    /// Whether `object` is of a fetched entity.
    func covers(_ object: NSManagedObject) -> Bool {
        entities.contains(ObjectIdentifier(object.entity))
    }

    /// Whether `object`, as it is now, belongs to the results.
    func matches(_ object: NSManagedObject) -> Bool {
        !object.isDeleted && object.managedObjectContext != nil && (predicate?.evaluate(with: object) ?? true)
    }

    /// The order of two objects under the sort descriptors.
    func compare(_ lhs: NSManagedObject, _ rhs: NSManagedObject) -> ComparisonResult {
        for descriptor in sortDescriptors {
            let result = descriptor.compareSortValues(descriptor.sortValue(of: lhs), descriptor.sortValue(of: rhs))
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }

    /// The name of the section `object` belongs in: the section key path's value as text, empty for nil.
    func sectionName(of object: NSManagedObject) -> String {
        guard let keyPath = sectionNameKeyPath else { return "" }
        guard let value = object.value(forKeyPath: keyPath), !(value is NSNull) else { return "" }
        switch value {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return "\(value)"
        }
    }
}
