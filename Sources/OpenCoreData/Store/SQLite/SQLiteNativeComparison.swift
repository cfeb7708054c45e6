import Foundation

/// Comparisons that plain SQL evaluates exactly as the in-memory store does, so indexes serve them.
///
/// - Numbers (integers, Booleans, doubles, floats, `@count`) against numeric constants: `==`, `!=`, `<`, `<=`,
///   `>`, `>=`, `IN`, `BETWEEN`. Mixed integer/real comparisons beyond 2^53 are left to `OCD_MATCH`, since the
///   in-memory comparison goes through `Double` there.
/// - Dates against dates, with the same operators.
/// - Strings against strings for `==`, `!=` and `IN` without `[c]`/`[d]`, when every constant is made of characters
///   below U+0300 (text that is already in Unicode normal form C, where byte equality is `String` equality).
/// - UUIDs against UUIDs for `==`, `!=` and `IN`.
///
/// `nil` compares with `IS NULL`, and `!=` uses `IS NOT`, so a missing value differs from every constant as in memory.
enum SQLiteNativeComparison {
    typealias Fragment = SQLitePredicateTranslator.Fragment

    /// The SQL of the comparison, or nil when SQL would not be exact. `listTable` turns a long `IN` list into a
    /// subquery over a temporary table, keeping under SQLite's parameter limit.
    static func fragment(_ operatorType: NSComparisonPredicate.Operator?, options: NSComparisonPredicate.Options, column: String, kind: AttributeKind, constant: Any?, listTable: ([SQLValue]) -> String) -> Fragment? {
        guard let operatorType else { return nil }
        let isString = if case .string = kind { true } else { false }
        if isString, !options.subtracting(.normalized).isEmpty { return nil }
        switch operatorType {
        case .equalTo, .notEqualTo:
            let negate = operatorType == .notEqualTo
            guard let constant else { return Fragment(sql: "\(column) IS \(negate ? "NOT " : "")NULL") }
            guard let value = value(constant, kind: kind) else { return nil }
            return Fragment(sql: negate ? "\(column) IS NOT ?" : "\(column) = ?", bindings: [value])
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            guard isOrdered(kind), let constant, let value = value(constant, kind: kind) else { return nil }
            let symbol = switch operatorType {
            case .lessThan: "<"
            case .lessThanOrEqualTo: "<="
            case .greaterThan: ">"
            default: ">="
            }
            // NaN (stored as text) compares "same" with everything in memory: true for <= and >=, false otherwise.
            let nan = operatorType == .lessThanOrEqualTo || operatorType == .greaterThanOrEqualTo ? "1" : "0"
            return Fragment(sql: guardingNaN("\(column) \(symbol) ?", column: column, kind: kind, nan: nan), bindings: [value])
        case .between:
            guard isOrdered(kind), let bounds = constant.flatMap(collectionElements), bounds.count == 2,
                  let lower = unwrappedValue(bounds[0]).flatMap({ value($0, kind: kind) }),
                  let upper = unwrappedValue(bounds[1]).flatMap({ value($0, kind: kind) })
            else { return nil }
            return Fragment(sql: guardingNaN("\(column) BETWEEN ? AND ?", column: column, kind: kind, nan: "1"), bindings: [lower, upper])
        case .in:
            return membership(column: column, kind: kind, constant: constant, listTable: listTable)
        case .matches, .like, .beginsWith, .endsWith, .contains:
            return nil
        }
    }

    /// `column IN (…)`: members of other types never match and are left out; nil members match nothing, as in
    /// SQL and in the in-memory store's indexed lookup.
    private static func membership(column: String, kind: AttributeKind, constant: Any?, listTable: ([SQLValue]) -> String) -> Fragment? {
        // A Swift array casts to [Any] without bridging each element through NSArray.
        guard let constant, let elements = (constant as? [Any]) ?? collectionElements(constant) else { return nil }
        var bindings: [SQLValue] = []
        bindings.reserveCapacity(elements.count)
        for element in elements {
            if let value = value(element, kind: kind) {
                bindings.append(value)
            } else if let element = unwrappedValue(element), isSameType(element, kind: kind) {
                return nil
            }
        }
        guard !bindings.isEmpty else { return Fragment(sql: "0") }
        guard bindings.count <= SQLitePredicateTranslator.maximumListParameters else {
            return Fragment(sql: "\(column) IN (\(listTable(bindings)))")
        }
        return Fragment(sql: "\(column) IN (\(bindings.map { _ in "?" }.joined(separator: ", ")))", bindings: bindings)
    }

    private static func isOrdered(_ kind: AttributeKind) -> Bool {
        switch kind {
        case .integer16, .integer32, .integer64, .boolean, .double, .float, .date: true
        case .decimal, .string, .binary, .uuid, .uri, .any: false
        }
    }

    private static func guardingNaN(_ comparison: String, column: String, kind: AttributeKind, nan: String) -> String {
        switch kind {
        case .double, .float: "CASE WHEN typeof(\(column)) = 'text' THEN \(nan) ELSE \(comparison) END"
        default: comparison
        }
    }

    /// Whether `value` has the column's type but no exact SQL form (so the comparison needs `OCD_MATCH`).
    private static func isSameType(_ value: Any, kind: AttributeKind) -> Bool {
        switch kind {
        case .string: value is String || value is Substring
        case .integer16, .integer32, .integer64, .boolean, .double, .float: NumericValue(value) != nil
        default: false
        }
    }

    /// The bound form of a constant when SQL compares it with the column exactly as memory does; nil otherwise.
    private static func value(_ constant: Any, kind: AttributeKind) -> SQLValue? {
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
            guard let string = constant as? String, string.utf8.allSatisfy({ $0 < 0xCC }) else { return nil }
            return .text(string)
        case .uuid:
            return (constant as? UUID).map { .blob(withUnsafeBytes(of: $0.uuid) { Data($0) }) }
        case .decimal, .binary, .uri, .any:
            return nil
        }
    }
}
