import Foundation

/// Something predicates compare by object ID: a managed object, or a store row standing for one.
/// So `country == %@` matches whether the predicate runs over live objects or over stored rows.
protocol ObjectIDIdentifiable {
    var objectID: NSManagedObjectID { get }
}

extension NSManagedObject: KeyValueReadable, ObjectIDIdentifiable {}
