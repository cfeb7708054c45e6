import Foundation

/// Describes how to order objects by the value at a key path, mirroring Foundation's `NSSortDescriptor`.
///
/// Values are ordered like predicate comparisons: numbers of any type numerically, strings, dates, then any other
/// `Comparable` values of the same type; values of different kinds compare as equal. `nil` (and `NSNull`) sorts
/// before every other value when ascending, after when descending; Apple's in-memory sort may raise on `nil` instead,
/// while SQLite-backed fetches also put NULL first. A `comparator` is only called with two non-nil values.
///
/// Immutable after construction, hence `@unchecked Sendable`.
open class NSSortDescriptor: NSObject, @unchecked Sendable {
    /// The key path compared, or `nil` to compare the objects themselves.
    public let key: String?
    /// Whether smaller values come first.
    public let ascending: Bool
    private let customComparator: Comparator?
    private let keyPath: ParsedKeyPath?

    /// Orders by the value at `key` (a key path; `nil` compares the objects themselves).
    public init(key: String?, ascending: Bool) {
        self.key = key
        self.ascending = ascending
        customComparator = nil
        keyPath = key.map(ParsedKeyPath.init)
        super.init()
    }

    /// Orders by the value at `key`, comparing values with `cmptr`.
    public init(key: String?, ascending: Bool, comparator cmptr: @escaping Comparator) {
        self.key = key
        self.ascending = ascending
        customComparator = cmptr
        keyPath = key.map(ParsedKeyPath.init)
        super.init()
    }

    /// The comparator used for values: the custom one, or the default value ordering.
    open var comparator: Comparator {
        customComparator ?? { lhs, rhs in compareValues(lhs, rhs) ?? .orderedSame }
    }

    /// The same descriptor with the opposite order (an `NSSortDescriptor`, typed `Any` as on Apple platforms).
    open var reversedSortDescriptor: Any {
        if let customComparator {
            return NSSortDescriptor(key: key, ascending: !ascending, comparator: customComparator)
        }
        return NSSortDescriptor(key: key, ascending: !ascending)
    }

    /// The order of `object1` and `object2` under this descriptor.
    open func compare(_ object1: Any, to object2: Any) -> ComparisonResult {
        compareSortValues(sortValue(of: object1), sortValue(of: object2))
    }

    /// The value this descriptor compares for `object`.
    func sortValue(of object: Any) -> Any? {
        guard let keyPath else { return unwrappedValue(object) }
        return keyPath.value(of: object)
    }

    /// The order of two values obtained with `sortValue(of:)`, direction applied.
    func compareSortValues(_ lhs: Any?, _ rhs: Any?) -> ComparisonResult {
        let order: ComparisonResult = switch (lhs, rhs) {
        case (nil, nil): .orderedSame
        case (nil, _): .orderedAscending
        case (_, nil): .orderedDescending
        case (let lhs?, let rhs?): comparator(lhs, rhs)
        }
        guard !ascending else { return order }
        return ComparisonResult(rawValue: -order.rawValue) ?? order
    }

    override open var description: String {
        "(\(key ?? "SELF"), \(ascending ? "ascending" : "descending"), \(customComparator == nil ? "compare:" : "comparator"))"
    }
}
