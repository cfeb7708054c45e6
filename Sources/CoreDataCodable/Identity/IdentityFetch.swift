import Foundation

/// The one fetch that finds the existing objects of a batch of identities.
enum IdentityFetch {
    /// The objects of `mapping`'s entity with one of `identities`, by identity (pending changes
    /// included): `id IN {...}` for a single attribute, `(a == 1 AND b == 2) OR ...` for a
    /// composite identity.
    static func objects(
        with identities: [ObjectIdentity], of mapping: EntityMapping, in context: NSManagedObjectContext
    ) throws -> [ObjectIdentity: NSManagedObject] {
        let request = NSFetchRequest<NSManagedObject>(entityName: mapping.entityName)
        // The object forms take constants as `Any`, so identity values need no bridging.
        let attributes = mapping.identityAttributes
        if attributes.count == 1, let attribute = attributes.first {
            request.predicate = NSComparisonPredicate(
                leftExpression: NSExpression(forKeyPath: attribute.name),
                rightExpression: NSExpression(forConstantValue: identities.compactMap { $0.values.first?.base }),
                modifier: .direct, type: .in, options: []
            )
        } else {
            request.predicate = NSCompoundPredicate(orPredicateWithSubpredicates: identities.map { identity in
                NSCompoundPredicate(andPredicateWithSubpredicates: zip(attributes, identity.values).map { attribute, value in
                    NSComparisonPredicate(
                        leftExpression: NSExpression(forKeyPath: attribute.name),
                        rightExpression: NSExpression(forConstantValue: value.base),
                        modifier: .direct, type: .equalTo, options: []
                    )
                })
            })
        }
        request.returnsObjectsAsFaults = false
        var found: [ObjectIdentity: NSManagedObject] = [:]
        for object in try context.fetch(request) {
            guard let identity = mapping.identity(of: object) else { continue }
            if found[identity] == nil { found[identity] = object }
        }
        return found
    }
}
