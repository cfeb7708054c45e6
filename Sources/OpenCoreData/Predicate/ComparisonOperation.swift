import Foundation

/// The evaluation of one comparison operator with its options, split into preparing the right operand
/// (done once for constants) and matching a left value against it.
struct ComparisonOperation {
    typealias Operator = NSComparisonPredicate.Operator

    /// A right-hand value prepared for the operator.
    enum Operand {
        /// A single value, strings folded; `nil` when the value cannot be compared.
        case value(PredicateValue?)
        /// The members of a collection for `IN`, strings folded.
        case members(Set<PredicateValue>)
        /// Inclusive bounds for `BETWEEN`.
        case range(PredicateValue, PredicateValue)
        /// A compiled `LIKE` pattern.
        case pattern(LikePattern)
        /// A compiled `MATCHES` expression.
        case regularExpression(NSRegularExpression)
        /// A right value the operator cannot use: nothing matches.
        case invalid
    }

    let operatorType: Operator
    let options: NSComparisonPredicate.Options

    /// The right-hand value in the form `matches` uses: once at construction for constants, per evaluation otherwise.
    func prepare(_ right: Any?) -> Operand {
        switch operatorType {
        case .in:
            if let elements = right.flatMap(collectionElements) {
                return .members(Set(elements.compactMap(normalized)))
            }
            return .value(normalized(right))
        case .between:
            guard let bounds = right.flatMap(collectionElements), bounds.count == 2,
                  let lower = normalized(bounds[0]), let upper = normalized(bounds[1])
            else { return .invalid }
            return .range(lower, upper)
        case .like:
            guard case .string(let pattern)? = normalized(right) else { return .invalid }
            return .pattern(LikePattern(pattern))
        case .matches:
            return regularExpression(right).map(Operand.regularExpression) ?? .invalid
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo, .equalTo, .notEqualTo,
             .beginsWith, .endsWith, .contains:
            return .value(normalized(right))
        }
    }

    /// Whether the left-hand value satisfies the operator against a prepared right operand.
    func matches(_ left: Any?, _ right: Operand) -> Bool {
        if operatorType == .contains, case .value(let value) = right, let elements = left.flatMap(collectionElements) {
            return elements.contains { normalized($0) == value }
        }
        return matches(comparable: PredicateValue(left), right)
    }

    /// Whether a left-hand value that is not a collection, as `PredicateValue(_:)` gives it (not folded),
    /// satisfies the operator against a prepared right operand.
    func matches(comparable left: PredicateValue?, _ right: Operand) -> Bool {
        let value = left?.folded(options)
        switch right {
        case .invalid:
            return false
        case .members(let members):
            return value.map(members.contains) ?? false
        case .range(let lower, let upper):
            guard let value, let low = value.compare(lower), let high = value.compare(upper) else { return false }
            return low != .orderedAscending && high != .orderedDescending
        case .pattern(let pattern):
            guard case .string(let string)? = value else { return false }
            return pattern.matches(string)
        case .regularExpression(let expression):
            guard case .string(let string)? = left else { return false }
            let subject = string.foldedForComparison(options.intersection(.diacriticInsensitive))
            let range = NSRange(subject.startIndex..., in: subject)
            return expression.firstMatch(in: subject, options: [], range: range) != nil
        case .value(let right):
            return matches(folded: value, right)
        }
    }

    private func matches(folded value: PredicateValue?, _ right: PredicateValue?) -> Bool {
        switch operatorType {
        case .equalTo:
            return value != nil && value == right
        case .notEqualTo:
            return value == nil || value != right
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            guard let value, let right, let order = value.compare(right) else { return false }
            return Self.accepts(order, operatorType)
        case .beginsWith, .endsWith, .contains, .in:
            guard case .string(let string)? = value, case .string(let other)? = right, !string.isEmpty, !other.isEmpty
            else { return false }
            return Self.stringMatches(string, other, operatorType)
        case .between, .like, .matches:
            return false
        }
    }

    private static func accepts(_ order: ComparisonResult, _ operatorType: Operator) -> Bool {
        switch operatorType {
        case .lessThan: order == .orderedAscending
        case .lessThanOrEqualTo: order != .orderedDescending
        case .greaterThan: order == .orderedDescending
        default: order != .orderedAscending
        }
    }

    /// `BEGINSWITH`, `ENDSWITH`, `CONTAINS` (left contains right) and `IN` (left is a substring of right).
    private static func stringMatches(_ left: String, _ right: String, _ operatorType: Operator) -> Bool {
        switch operatorType {
        case .beginsWith: left.hasPrefix(right)
        case .endsWith: left.hasSuffix(right)
        case .contains: left.range(of: right) != nil
        default: right.range(of: left) != nil
        }
    }

    private func normalized(_ value: Any?) -> PredicateValue? {
        PredicateValue(value)?.folded(options)
    }

    /// A whole-string ICU regular expression; `[c]` ignores case, `[d]` folds diacritics of pattern and subject.
    /// An invalid pattern matches nothing (Apple raises at evaluation).
    private func regularExpression(_ right: Any?) -> NSRegularExpression? {
        guard case .string(let pattern)? = PredicateValue(right) else { return nil }
        let folded = pattern.foldedForComparison(options.intersection(.diacriticInsensitive))
        let regexOptions: NSRegularExpression.Options = options.contains(.caseInsensitive) ? [.caseInsensitive] : []
        return try? NSRegularExpression(pattern: "\\A(?:\(folded))\\z", options: regexOptions)
    }
}
