import Foundation

/// Renders expression parts in predicate format syntax, so that the output parses back to an equivalent predicate.
enum PredicateFormatting {
    /// A constant as a format literal: `nil`, numbers, `"quoted strings"`, `CAST(…, "NSDate")`, `{collections}`.
    static func literal(_ value: Any?) -> String {
        guard let value = value.flatMap(unwrappedValue) else { return "nil" }
        if let number = NumericValue(value) {
            return "\(number.value)"
        }
        if let string = value as? String {
            return quoted(string)
        }
        if let date = value as? Date {
            return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        }
        if let elements = collectionElements(value) {
            return "{" + elements.map(literal).joined(separator: ", ") + "}"
        }
        return String(describing: value)
    }

    /// A key path with reserved words escaped by `#`.
    static func keyPath(_ keyPath: String) -> String {
        keyPath.split(separator: ".", omittingEmptySubsequences: false)
            .map { PredicateLexer.isReservedWord(String($0)) ? "#" + $0 : String($0) }
            .joined(separator: ".")
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for character in string {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
