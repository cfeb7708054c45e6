import Foundation

/// The one fetch that finds the existing objects of a batch of identities.
enum IdentityFetch {
    /// The objects of `mapping`'s entity whose identities are among `identities`, and possibly
    /// others, with their identities, in the order fetched (pending changes included), their to-many
    /// relationships named in `prefetched` loaded.
    ///
    /// A single identity attribute fetches with `id IN {...}`. A composite identity fetches with
    /// `suit IN {...} AND value IN {...}`: a superset of the identities asked for that stores and
    /// indexes evaluate as fast as a single `IN` (an `OR` of one `AND` per identity costs a
    /// comparison per identity and object). Every object found is returned under its own identity.
    static func objects(
        with identities: [ObjectIdentity], of mapping: EntityMapping, prefetching prefetched: [String], in context: NSManagedObjectContext
    ) throws -> [(identity: ObjectIdentity, object: NSManagedObject)] {
        let request = NSFetchRequest<NSManagedObject>(entityName: mapping.entityName)
        // The object forms take constants as `Any`, so identity values need no bridging.
        let attributes = mapping.identityAttributes
        let conditions = attributes.enumerated().map { index, attribute in
            comparison(attribute.name, .in, distinctValues(at: index, of: identities, count: attributes.count))
        }
        if conditions.count == 1, let condition = conditions.first {
            request.predicate = condition
        } else {
            request.predicate = NSCompoundPredicate(andPredicateWithSubpredicates: conditions)
        }
        request.returnsObjectsAsFaults = false
        if !prefetched.isEmpty { request.relationshipKeyPathsForPrefetching = prefetched }
        return try context.fetch(request).compactMap { object in
            mapping.identity(of: object).map { ($0, object) }
        }
    }

    /// The predicate of exactly the objects whose identity attributes, named `names`, have one of
    /// `identities`: `id IN {...}` for a single attribute, else an `OR` of one `AND` per identity.
    /// A sync deletes the objects it fetches and does not name, so it cannot fetch a superset.
    static func predicate(matching identities: Set<ObjectIdentity>, of names: [String]) -> NSPredicate {
        guard names.count > 1 else { return comparison(names.first ?? "", .in, identities.map { $0.constant(at: 0) }) }
        return NSCompoundPredicate(orPredicateWithSubpredicates: identities.map { identity in
            NSCompoundPredicate(andPredicateWithSubpredicates: names.indices.map { comparison(names[$0], .equalTo, identity.constant(at: $0)) })
        })
    }

    /// `name type constant`, the constant taken as `Any`, so identity values need no bridging.
    private static func comparison(_ name: String, _ type: NSComparisonPredicate.Operator, _ constant: Any) -> NSComparisonPredicate {
        NSComparisonPredicate(
            leftExpression: NSExpression(forKeyPath: name), rightExpression: NSExpression(forConstantValue: constant),
            modifier: .direct, type: type, options: []
        )
    }

    /// The distinct values of the identity attribute at `index`, in first-seen order.
    private static func distinctValues(at index: Int, of identities: [ObjectIdentity], count: Int) -> [Any] {
        // Identities are distinct: so are the values of a single identity attribute.
        guard count > 1 else { return identities.map { $0.constant(at: index) } }
        var seen: Set<AnyHashable> = []
        var values: [Any] = []
        for identity in identities {
            let value = identity.values[index]
            if seen.insert(value).inserted { values.append(value.base) }
        }
        return values
    }
}
