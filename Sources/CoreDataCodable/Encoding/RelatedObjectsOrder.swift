import Foundation

/// The order in which `JSONEncoder` and ``NSManagedObject/export(using:)`` write a to-many
/// relationship's objects: an ordered relationship's own order, else by identity (objects without
/// one last), then by object ID, so that the same objects are always written the same way.
enum RelatedObjectsOrder {
    /// The objects of the to-many value `value`, in order; `identity` gives an object's identity.
    static func objects(of value: Any?, ordered: Bool, identity: (NSManagedObject) -> ObjectIdentity?) -> [NSManagedObject] {
        if ordered { return ((value as? NSOrderedSet)?.array ?? []).compactMap { $0 as? NSManagedObject } }
        let objects = ((value as? NSSet)?.allObjects ?? []).compactMap { $0 as? NSManagedObject }
        let keyed = objects.map { object in
            (object: object, identity: identity(object), uri: object.objectID.uriRepresentation().absoluteString)
        }
        return keyed.sorted { lhs, rhs in
            switch (lhs.identity, rhs.identity) {
            case let (left?, right?) where left != right: left < right
            case (.some, nil): true
            case (nil, .some): false
            default: lhs.uri < rhs.uri
            }
        }.map(\.object)
    }
}
