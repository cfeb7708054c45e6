import Foundation

/// A value reduced to what predicate comparisons look at, so that equality is plain `==` and hashing is consistent
/// with it (used for `IN` hash sets).
///
/// Numbers of every type compare numerically; `String`/`NSString`, `Date`/`NSDate`, `URL`/`NSURL`, `UUID`/`NSUUID`,
/// `Data`/`NSData` compare by value; other `Hashable` values (including `NSObject`, via `isEqual:`) by `==`;
/// other objects by identity. `nil` and `NSNull` are `.null`, equal only to each other.
enum PredicateValue: Hashable {
    case null
    case number(NumericValue)
    case string(String)
    case date(Date)
    /// Another `Hashable` value (boxed, see `HashableBox`).
    case hashable(HashableBox)
    case identity(ObjectIdentifier)

    /// `nil` for values that cannot be compared at all (non-`Hashable` structs).
    init?(_ value: Any?) {
        guard let value else {
            self = .null
            return
        }
        // The common plain types, recognized by their exact type before the general (costlier) casts.
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(Int.self): if let int = value as? Int { self = .number(.integer(Int64(int))); return }
        case ObjectIdentifier(Int64.self): if let int = value as? Int64 { self = .number(.integer(int)); return }
        case ObjectIdentifier(String.self): if let string = value as? String { self = .string(string); return }
        case ObjectIdentifier(Double.self): if let double = value as? Double { self = .number(NumericValue(real: double)); return }
        case ObjectIdentifier(Date.self): if let date = value as? Date { self = .date(date); return }
        default: break
        }
        guard let value = unwrappedValue(value) else {
            self = .null
            return
        }
        if let string = value as? String {
            self = .string(string)
        } else if let number = NumericValue(value) {
            self = .number(number)
        } else if let substring = value as? Substring {
            self = .string(String(substring))
        } else if let date = value as? Date {
            self = .date(date)
        } else if let identifiable = value as? ObjectIDIdentifiable {
            self = .hashable(HashableBox(identifiable.objectID))
        } else if let bridged = Self.bridgedValue(value) {
            self = .hashable(HashableBox(bridged))
        } else if let hashable = value as? AnyHashable {
            self = .hashable(HashableBox(hashable))
        } else if isObject(value) {
            self = .identity(ObjectIdentifier(value as AnyObject))
        } else {
            return nil
        }
    }

    /// Foundation reference types that must compare equal to their Swift value counterparts.
    private static func bridgedValue(_ value: Any) -> AnyHashable? {
        switch value {
        case let url as URL: url
        case let uuid as UUID: uuid
        case let data as Data: data
        default: nil
        }
    }

    /// The value with strings folded as the comparison options ask (`[c]`, `[d]`); other values unchanged.
    func folded(_ options: NSComparisonPredicate.Options) -> PredicateValue {
        guard case .string(let string) = self else { return self }
        return .string(string.foldedForComparison(options))
    }

    /// The order of two values of comparable kinds; `nil` when either is `.null` or their kinds differ.
    func compare(_ other: PredicateValue) -> ComparisonResult? {
        switch (self, other) {
        case (.number(let left), .number(let right)):
            return left.compare(right)
        case (.string(let left), .string(let right)):
            return Self.order(left, right)
        case (.date(let left), .date(let right)):
            return Self.order(left, right)
        case (.hashable(let left), .hashable(let right)):
            guard let comparable = left.value.base as? any Comparable else { return nil }
            return Self.order(comparable, right.value.base)
        default:
            return nil
        }
    }

    private static func order<T: Comparable>(_ left: T, _ right: Any) -> ComparisonResult? {
        guard let right = right as? T else { return nil }
        return left < right ? .orderedAscending : (right < left ? .orderedDescending : .orderedSame)
    }
}

extension PredicateValue {
    /// The predicate value of `value`, a canonical stored value of an attribute of `kind`: the same as
    /// `PredicateValue(value)`, without trying every type for the common kinds.
    init?(stored value: Any, kind: AttributeKind) {
        switch kind {
        case .integer16, .integer32, .integer64:
            if let integer = value as? Int64 { self = .number(.integer(integer)); return }
        case .boolean:
            if let bool = value as? Bool { self = .number(.integer(bool ? 1 : 0)); return }
        case .double:
            if let double = value as? Double { self = .number(NumericValue(real: double)); return }
        case .string:
            if let string = value as? String { self = .string(string); return }
        case .date:
            if let date = value as? Date { self = .date(date); return }
        case .decimal, .float, .binary, .uuid, .uri, .any:
            break
        }
        self.init(value)
    }
}

/// The order of two arbitrary values under predicate semantics; `nil` when they are not comparable (including `nil` values).
func compareValues(_ lhs: Any?, _ rhs: Any?) -> ComparisonResult? {
    guard let left = PredicateValue(lhs), let right = PredicateValue(rhs) else { return nil }
    return left.compare(right)
}

extension String {
    /// The string folded for `[c]` (case) and `[d]` (diacritics) comparison options.
    func foldedForComparison(_ options: NSComparisonPredicate.Options) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? self : self.folding(options: folding, locale: nil)
    }
}
