import Foundation

/// A relationship value a decode sets, typed, so that comparing it with the current value casts
/// the current value only.
enum RelationshipValue {
    /// The destination object of a to-one relationship; nil clears it.
    case one(NSManagedObject?)
    /// The objects of an unordered to-many relationship, as a set that Core Data bridges to `NSSet`.
    case set(Set<NSManagedObject>)
    /// The objects of an ordered to-many relationship.
    case ordered(NSOrderedSet)

    /// The objects of a to-many relationship, ordered or not.
    init(toMany objects: [NSManagedObject], ordered: Bool) {
        self = ordered ? .ordered(NSOrderedSet(array: objects)) : .set(Set(objects))
    }

    /// The value `setValue(_:forKey:)` takes.
    var value: Any? {
        switch self {
        case .one(let object): object
        case .set(let objects): objects
        case .ordered(let objects): objects
        }
    }

    /// Whether the relationship `key` of `object` holds the same objects (in the same order when
    /// ordered), so that setting this value would change nothing.
    func isSame(asRelationship key: String, of object: NSManagedObject) -> Bool {
        switch self {
        case .one(let new):
            let current = object.value(forKey: key)
            guard let new else { return current == nil }
            return (current as? NSManagedObject) === new
        case .set(let new):
            // Read through the relationship's mutable set, which looks objects up in the relationship
            // itself: `value(forKey:)` would make a set of its objects first. Looking the new objects
            // up costs a hash each; enumerating the current ones would cost a cast each.
            let current = object.mutableSetValue(forKey: key)
            return current.count == new.count && new.allSatisfy(current.contains)
        case .ordered(let new):
            guard let current = object.value(forKey: key) as? NSOrderedSet, current.count == new.count else { return false }
            return zip(current, new).allSatisfy { ($0 as? NSManagedObject) === ($1 as? NSManagedObject) }
        }
    }
}
