import Foundation

extension FetchQuery {
    /// A request for `entity`'s objects matching the query, its predicate format given `arguments`.
    ///
    /// Throws ``CoreDataCodableError/invalidFetchQuery`` when a sort key's first component is not a
    /// property of `entity`, where Apple's store would raise an exception during the fetch.
    func request(for entity: NSEntityDescription, arguments: [Any]) throws -> NSFetchRequest<NSManagedObject> {
        let properties = entity.propertiesByName
        if let unknown = sortKeys.map({ String($0.keyPath.prefix { $0 != "." }) }).first(where: { properties[$0] == nil }) {
            throw Self.invalid(text, "\(entity.codableName) has no property \"\(unknown)\" to sort by: "
                + "write an attribute or relationship name, or a key path that starts with one")
        }
        let request = NSFetchRequest<NSManagedObject>(entityName: entity.codableName)
        request.predicate = predicateFormat.map { NSPredicate(format: $0, argumentArray: arguments) }
        request.sortDescriptors = sortKeys.map { NSSortDescriptor(key: $0.keyPath, ascending: $0.ascending) }
        request.fetchLimit = limit ?? 0
        return request
    }
}
