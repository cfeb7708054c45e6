import Foundation

/// A predicate combining others with `AND`, `OR` or `NOT`, mirroring Foundation's `NSCompoundPredicate`.
///
/// Immutable after construction, hence `@unchecked Sendable`.
open class NSCompoundPredicate: NSPredicate, @unchecked Sendable {
    /// The logical operator, with Apple's raw values.
    public enum LogicalType: UInt, Sendable {
        case not = 0
        case and = 1
        case or = 2
    }

    /// `AND`, `OR` or `NOT`.
    public let compoundPredicateType: LogicalType
    private let predicates: [NSPredicate]

    /// A compound predicate. An empty `AND` is true, an empty `OR` false; `NOT` uses the first subpredicate
    /// (and is false when there is none).
    public init(type: LogicalType, subpredicates: [NSPredicate]) {
        compoundPredicateType = type
        predicates = type == .not ? Array(subpredicates.prefix(1)) : subpredicates
        super.init(evaluation: .subclass)
    }

    /// `subpredicates[0] AND subpredicates[1] AND …`
    public convenience init(andPredicateWithSubpredicates subpredicates: [NSPredicate]) {
        self.init(type: .and, subpredicates: subpredicates)
    }

    /// `subpredicates[0] OR subpredicates[1] OR …`
    public convenience init(orPredicateWithSubpredicates subpredicates: [NSPredicate]) {
        self.init(type: .or, subpredicates: subpredicates)
    }

    /// `NOT predicate`
    public convenience init(notPredicateWithSubpredicate predicate: NSPredicate) {
        self.init(type: .not, subpredicates: [predicate])
    }

    /// The combined predicates (`NSPredicate` instances; typed `[Any]` as on Apple platforms).
    open var subpredicates: [Any] {
        predicates
    }

    override open func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        switch compoundPredicateType {
        case .and: predicates.allSatisfy { $0.evaluate(with: object, substitutionVariables: bindings) }
        case .or: predicates.contains { $0.evaluate(with: object, substitutionVariables: bindings) }
        case .not: !predicates.allSatisfy { $0.evaluate(with: object, substitutionVariables: bindings) }
        }
    }

    override func substituting(_ variables: [String: Any]) -> NSPredicate {
        NSCompoundPredicate(type: compoundPredicateType, subpredicates: predicates.map { $0.substituting(variables) })
    }

    override open var predicateFormat: String {
        switch compoundPredicateType {
        case .not:
            return "NOT " + (predicates.first.map(Self.operandFormat) ?? "TRUEPREDICATE")
        case .and, .or:
            guard !predicates.isEmpty else { return compoundPredicateType == .and ? "TRUEPREDICATE" : "FALSEPREDICATE" }
            return predicates.map(Self.operandFormat).joined(separator: compoundPredicateType == .and ? " AND " : " OR ")
        }
    }

    /// A subpredicate's format, parenthesized when it is an `AND` or `OR` compound (`NOT` binds tighter than both).
    private static func operandFormat(_ predicate: NSPredicate) -> String {
        guard let compound = predicate as? NSCompoundPredicate, compound.compoundPredicateType != .not else {
            return predicate.predicateFormat
        }
        return "(\(predicate.predicateFormat))"
    }

    override func objectMatcher(for layout: EntityLayout) -> (NSManagedObject) -> Bool {
        let matchers = predicates.map { $0.objectMatcher(for: layout) }
        return switch compoundPredicateType {
        case .and: { object in matchers.allSatisfy { $0(object) } }
        case .or: { object in matchers.contains { $0(object) } }
        case .not: { object in !matchers.allSatisfy { $0(object) } }
        }
    }

    override var indexLookup: IndexLookup? {
        guard compoundPredicateType == .and, let lookup = predicates.lazy.compactMap(\.indexLookup).first else { return nil }
        return IndexLookup(key: lookup.key, values: lookup.values, isExact: lookup.isExact && predicates.count == 1)
    }
}
