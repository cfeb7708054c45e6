import Foundation

/// An object whose properties can be read by name, the way key-value coding reads them on Apple platforms.
///
/// `NSManagedObject` and store rows adopt it. To-one relationships return the related object (or `nil`),
/// to-many relationships return an `NSSet` or `NSOrderedSet`.
protocol KeyValueReadable: AnyObject {
    func value(forKey key: String) -> Any?
}

/// Reads one key of `object`: the single place predicates and sort descriptors look values up.
///
/// Handles `KeyValueReadable` objects, `[String: Any]` and `NSDictionary`; any other object yields `nil`
/// (Apple raises for an undefined key instead). Optionals and `NSNull` come back as `nil`.
func keyValue(of object: Any, forKey key: String) -> Any? {
    let found: Any?
    if isObject(object) {
        if let readable = object as? KeyValueReadable {
            found = readable.value(forKey: key)
        } else if let dictionary = object as? NSDictionary {
            found = dictionary.object(forKey: key)
        } else {
            found = nil
        }
    } else if let dictionary = object as? [String: Any] {
        found = dictionary[key]
    } else {
        found = nil
    }
    return found.flatMap(unwrappedValue)
}

/// Whether `value` is a class instance. Casting a Swift value (a dictionary, say) to a class or class-bound protocol
/// bridges it to Foundation first, which costs microseconds, so such casts are only tried on objects.
func isObject(_ value: Any) -> Bool {
    type(of: value) is AnyClass
}

/// `value` with any `Optional` wrapping removed; `nil` for `.none` and `NSNull`.
func unwrappedValue(_ value: Any) -> Any? {
    if type(of: value) is AnyOptional.Type, let optional = value as? AnyOptional {
        return optional.wrappedAny.flatMap(unwrappedValue)
    }
    return isNullValue(value) ? nil : value
}

/// The elements of a to-many value (`NSSet`, `NSOrderedSet`, `NSArray`, `Array`, `Set`), or `nil` for anything else.
/// Strings and dictionaries are not collections here.
func collectionElements(_ value: Any) -> [Any]? {
    if isObject(value) {
        switch value {
        case let set as NSOrderedSet: return set.array
        case let set as NSSet: return set.allObjects
        case let array as NSArray: return array.map { $0 }
        default: return nil
        }
    }
    switch value {
    case let array as [Any]: return array
    case let set as Set<AnyHashable>: return Array(set)
    default: return nil
    }
}

/// Lets `unwrappedValue` see through an `Optional` stored in an `Any`.
private protocol AnyOptional {
    var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
    fileprivate var wrappedAny: Any? { map { $0 } }
}
