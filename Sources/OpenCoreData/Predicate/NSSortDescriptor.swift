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
    private let parsedKey: ParsedKeyPath?

    /// Orders by the value at `key` (a key path; `nil` compares the objects themselves).
    public convenience init(key: String?, ascending: Bool) {
        self.init(key: key, ascending: ascending, customComparator: nil)
    }

    /// Orders by the value at `key`, comparing values with `cmptr`.
    public convenience init(key: String?, ascending: Bool, comparator cmptr: @escaping Comparator) {
        self.init(key: key, ascending: ascending, customComparator: cmptr)
    }

    private init(key: String?, ascending: Bool, customComparator: Comparator?) {
        self.key = key
        self.ascending = ascending
        self.customComparator = customComparator
        parsedKey = key.map(ParsedKeyPath.init)
        super.init()
    }

    /// The comparator used for values: the custom one, or the default value ordering.
    open var comparator: Comparator {
        customComparator ?? { lhs, rhs in compareValues(lhs, rhs) ?? .orderedSame }
    }

    /// The same descriptor with the opposite order (an `NSSortDescriptor`, typed `Any` as on Apple platforms).
    open var reversedSortDescriptor: Any {
        NSSortDescriptor(key: key, ascending: !ascending, customComparator: customComparator)
    }

    /// The order of `object1` and `object2` under this descriptor.
    open func compare(_ object1: Any, to object2: Any) -> ComparisonResult {
        compareSortValues(sortValue(of: object1), sortValue(of: object2))
    }

    /// The value at the descriptor's key, prepared once for repeated comparisons.
    enum SortValue {
        /// `nil` or `NSNull`.
        case none
        /// A value for the default ordering (`nil` when it has no comparable kind).
        case normalized(PredicateValue?)
        /// A value for the custom comparator.
        case raw(Any)
    }

    /// The value this descriptor compares for `object`.
    func sortValue(of object: Any) -> SortValue {
        guard let value = parsedKey.map({ $0.value(of: object) }) ?? unwrappedValue(object) else { return .none }
        if customComparator != nil { return .raw(value) }
        let normalized = PredicateValue(value)
        return normalized == .null ? .none : .normalized(normalized)
    }

    /// The order of two values obtained with `sortValue(of:)`, direction applied.
    func compareSortValues(_ lhs: SortValue, _ rhs: SortValue) -> ComparisonResult {
        let order: ComparisonResult = switch (lhs, rhs) {
        case (.none, .none): .orderedSame
        case (.none, _): .orderedAscending
        case (_, .none): .orderedDescending
        case (.normalized(let left?), .normalized(let right?)): left.compare(right) ?? .orderedSame
        case (.raw(let left), .raw(let right)): customComparator?(left, right) ?? .orderedSame
        default: .orderedSame
        }
        guard !ascending else { return order }
        return ComparisonResult(rawValue: -order.rawValue) ?? order
    }

    override open var description: String {
        "(\(key ?? "SELF"), \(ascending ? "ascending" : "descending"), \(customComparator == nil ? "compare:" : "comparator"))"
    }
}
