import Foundation

/// Comparisons that plain SQL evaluates exactly as the in-memory store does, so indexes serve them.
///
/// - Numbers (integers, Booleans, doubles, floats, `@count`) against numeric constants: `==`, `!=`, `<`, `<=`,
///   `>`, `>=`, `IN`, `BETWEEN`. Mixed integer/real comparisons beyond 2^53 are left to `OCD_MATCH`, since the
///   in-memory comparison goes through `Double` there.
/// - Dates against dates, with the same operators.
/// - Strings against strings for `==`, `!=`, `<`, `<=`, `>`, `>=` and `IN` without `[c]`/`[d]`, when the constants
///   and every string stored in the column are in Unicode normal form C: there, byte equality is `String` equality
///   and byte order is `String` order. (The store records columns holding other strings in `Z_DENORMALIZED`.)
/// - UUIDs against UUIDs for `==`, `!=` and `IN`.
///
/// `nil` compares with `IS NULL`, and `!=` uses `IS NOT`, so a missing value differs from every constant as in memory.
struct SQLiteNativeComparison {
    typealias Fragment = SQLitePredicateTranslator.Fragment

    /// The compared column (or scalar subquery).
    let column: String
    let kind: AttributeKind
    /// Whether every string in the column is in normal form C.
    let normalizedText: Bool
    /// Turns a long `IN` list into a subquery over a temporary table, keeping under SQLite's parameter limit.
    let listTable: ([SQLValue]) -> String

    /// The SQL of the comparison, or nil when SQL would not be exact.
    func fragment(_ operatorType: NSComparisonPredicate.Operator?, options: NSComparisonPredicate.Options, constant: Any?) -> Fragment? {
        guard let operatorType else { return nil }
        let isString = if case .string = kind { true } else { false }
        if isString, !normalizedText || !options.subtracting(.normalized).isEmpty { return nil }
        switch operatorType {
        case .equalTo, .notEqualTo:
            let negate = operatorType == .notEqualTo
            guard let constant else { return Fragment(sql: "\(column) IS \(negate ? "NOT " : "")NULL") }
            guard let value = value(constant) else { return nil }
            return Fragment(sql: negate ? "\(column) IS NOT ?" : "\(column) = ?", bindings: [value])
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            guard isOrdered, let constant, let value = value(constant) else { return nil }
            let symbol = switch operatorType {
            case .lessThan: "<"
            case .lessThanOrEqualTo: "<="
            case .greaterThan: ">"
            default: ">="
            }
            // NaN (stored as text) compares "same" with everything in memory: true for <= and >=, false otherwise.
            let nan = operatorType == .lessThanOrEqualTo || operatorType == .greaterThanOrEqualTo ? "1" : "0"
            return Fragment(sql: guardingNaN("\(column) \(symbol) ?", nan: nan), bindings: [value])
        case .between:
            guard isOrdered, let bounds = constant.flatMap(collectionElements), bounds.count == 2,
                  let lower = unwrappedValue(bounds[0]).flatMap(value),
                  let upper = unwrappedValue(bounds[1]).flatMap(value)
            else { return nil }
            return Fragment(sql: guardingNaN("\(column) BETWEEN ? AND ?", nan: "1"), bindings: [lower, upper])
        case .in:
            return membership(constant)
        case .matches, .like, .beginsWith, .endsWith, .contains:
            return nil
        }
    }

    /// `column IN (…)`: members of other types never match and are left out; nil members match nothing, as in
    /// SQL and in the in-memory store's indexed lookup.
    private func membership(_ constant: Any?) -> Fragment? {
        // A Swift array casts to [Any] without bridging each element through NSArray.
        guard let constant, let elements = (constant as? [Any]) ?? collectionElements(constant) else { return nil }
        var bindings: [SQLValue] = []
        bindings.reserveCapacity(elements.count)
        for element in elements {
            if let value = value(element) {
                bindings.append(value)
            } else if let element = unwrappedValue(element), isSameType(element) {
                return nil
            }
        }
        guard !bindings.isEmpty else { return Fragment(sql: "0") }
        guard bindings.count <= SQLitePredicateTranslator.maximumListParameters else {
            return Fragment(sql: "\(column) IN (\(listTable(bindings)))")
        }
        return Fragment(sql: "\(column) IN (\(bindings.map { _ in "?" }.joined(separator: ", ")))", bindings: bindings)
    }

    private var isOrdered: Bool {
        switch kind {
        case .integer16, .integer32, .integer64, .boolean, .double, .float, .date, .string: true
        case .decimal, .binary, .uuid, .uri, .any: false
        }
    }

    private func guardingNaN(_ comparison: String, nan: String) -> String {
        switch kind {
        case .double, .float: "CASE WHEN typeof(\(column)) = 'text' THEN \(nan) ELSE \(comparison) END"
        default: comparison
        }
    }

    /// Whether `value` has the column's type but no exact SQL form (so the comparison needs `OCD_MATCH`).
    private func isSameType(_ value: Any) -> Bool {
        switch kind {
        case .string: value is String || value is Substring
        case .integer16, .integer32, .integer64, .boolean, .double, .float: NumericValue(value) != nil
        default: false
        }
    }

    /// The bound form of a constant when SQL compares it with the column exactly as memory does; nil otherwise.
    private func value(_ constant: Any) -> SQLValue? {
        switch kind {
        case .integer16, .integer32, .integer64, .boolean:
            if let integer = constant as? Int64 { return .integer(integer) }
            if let integer = constant as? Int { return .integer(Int64(integer)) }
            guard !(constant is String), let number = NumericValue(constant) else { return nil }
            switch number {
            case .integer(let integer): return .integer(integer)
            case .real(let real): return real.isNaN || abs(real) >= 9_007_199_254_740_992 ? nil : .real(real)
            }
        case .double, .float:
            guard !(constant is String), let number = NumericValue(constant) else { return nil }
            switch number {
            case .integer(let integer): return abs(integer) < 9_007_199_254_740_992 ? .real(Double(integer)) : nil
            case .real(let real): return real.isNaN ? nil : .real(real)
            }
        case .date:
            return (constant as? Date).map { .real($0.timeIntervalSinceReferenceDate) }
        case .string:
            guard let string = constant as? String, string.isInNormalFormC else { return nil }
            return .text(string)
        case .uuid:
            return (constant as? UUID).map { .blob(withUnsafeBytes(of: $0.uuid) { Data($0) }) }
        case .decimal, .binary, .uri, .any:
            return nil
        }
    }
}

extension String {
    /// Whether the string is in Unicode normal form C. Characters below U+0300 (UTF-8 bytes below 0xCC) never
    /// change under normalization, so most text is checked without normalizing.
    var isInNormalFormC: Bool {
        utf8.allSatisfy { $0 < 0xCC } || precomposedStringWithCanonicalMapping.utf8.elementsEqual(utf8)
    }
}
