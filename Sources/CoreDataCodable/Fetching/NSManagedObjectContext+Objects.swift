import Foundation

extension NSManagedObjectContext {
    /// The objects of `type` matching `query`: a predicate format, optionally followed by
    /// `ORDER BY keyPath [ASC|DESC], ...` and `LIMIT n` (see <doc:OneLineFetches>).
    ///
    /// ```swift
    /// let people = try context.objects(Person.self, "age > %@ ORDER BY name ASC, age DESC LIMIT 10", 30)
    /// ```
    ///
    /// The entity is the one whose class is `type`, as decoding finds it. Runs on the context's queue
    /// and waits, so it can be called from any thread; use the objects on the context's queue.
    ///
    /// - Parameters:
    ///   - type: The class of the entity to fetch.
    ///   - query: The query; empty (the default) fetches every object.
    ///   - arguments: The values that the predicate format's `%@`, `%K` and other specifiers stand for.
    /// - Throws: ``CoreDataCodableError/invalidFetchQuery`` for a malformed `ORDER BY` or `LIMIT`
    ///   clause or an unknown sort key, ``CoreDataCodableError/entityNotFound`` when no entity has
    ///   the class, ``CoreDataCodableError/missingModel``, or the fetch's error. The predicate format
    ///   is code, not data: on Apple platforms one that `NSPredicate` cannot parse raises an
    ///   Objective-C exception, which Swift cannot catch, so never build it from user input; pass
    ///   values as `arguments`.
    public func objects<Object: NSManagedObject>(_ type: Object.Type, _ query: String = "", _ arguments: Any...) throws -> [Object] {
        let parsed = try FetchQuery(parsing: query)
        return try performAndWaitHandingOff {
            let entity = try MappingRegistry.shared.entity(for: type, in: requireModel())
            return try objects(of: entity, matching: parsed, arguments).compactMap { $0 as? Object }
        }
    }

    /// The objects of the entity named `entityName` matching `query`, as
    /// ``objects(_:_:_:)`` fetches them.
    ///
    /// ```swift
    /// let people = try context.objects(entityNamed: "Person", "ORDER BY name")
    /// ```
    ///
    /// - Throws: ``CoreDataCodableError/unknownEntity`` when the context's model has no entity of
    ///   that name, and the errors of ``objects(_:_:_:)``. The predicate format is code, not data.
    public func objects(entityNamed entityName: String, _ query: String = "", _ arguments: Any...) throws -> [NSManagedObject] {
        let parsed = try FetchQuery(parsing: query)
        return try performAndWaitHandingOff {
            guard let entity = try requireModel().entitiesByName[entityName] else {
                throw CoreDataCodableError(.unknownEntity(name: entityName))
            }
            return try objects(of: entity, matching: parsed, arguments)
        }
    }

    /// Fetches `entity`'s objects matching `query`; `LIMIT 0` fetches none (a fetch limit of 0
    /// means no limit to Core Data).
    private func objects(of entity: NSEntityDescription, matching query: FetchQuery, _ arguments: [Any]) throws -> [NSManagedObject] {
        let request = try query.request(for: entity, arguments: arguments)
        return query.limit == 0 ? [] : try fetch(request)
    }
}
