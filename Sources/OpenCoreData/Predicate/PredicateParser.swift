import Foundation

/// Parses the predicate format language into `NSComparisonPredicate` / `NSCompoundPredicate` trees, as Apple's parser does.
///
/// Precedence, loosest first: `OR` (`||`), `AND` (`&&`), `NOT` (`!`). A chain of one operator (`a AND b AND c`)
/// becomes one compound predicate with all operands. `NONE x op y` becomes `NOT (ANY x op y)`.
struct PredicateParser {
    private let format: String
    private let tokens: [PredicateToken]
    private let arguments: [Any]
    private var index = 0
    private var nextArgument = 0

    private init(format: String, tokens: [PredicateToken], arguments: [Any]) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
    }

    /// The predicate `format` describes, with format specifiers replaced by `arguments`.
    static func parse(_ format: String, arguments: [Any]) throws(PredicateFormatError) -> NSPredicate {
        var parser = PredicateParser(format: format, tokens: try PredicateLexer.tokens(in: format), arguments: arguments)
        let predicate = try parser.parseOr()
        guard parser.current.kind == .end else { throw parser.error("unexpected \(parser.describe(parser.current))") }
        return predicate
    }

    // MARK: Tokens

    private var current: PredicateToken {
        tokens[min(index, tokens.count - 1)]
    }

    private mutating func advance() -> PredicateToken {
        let token = current
        index += 1
        return token
    }

    /// Consumes the current token when it is one of `symbols` or a keyword in `keywords`.
    private mutating func accept(symbols: Set<String> = [], keywords: Set<String> = []) -> Bool {
        let accepted = switch current.kind {
        case .symbol(let symbol): symbols.contains(symbol)
        case .keyword(let keyword): keywords.contains(keyword)
        default: false
        }
        if accepted { index += 1 }
        return accepted
    }

    private mutating func expect(_ symbol: String) throws(PredicateFormatError) {
        guard accept(symbols: [symbol]) else { throw error("expected \"\(symbol)\" but found \(describe(current))") }
    }

    private func error(_ reason: String, at token: PredicateToken? = nil) -> PredicateFormatError {
        PredicateFormatError(format: format, offset: (token ?? current).offset, reason: reason)
    }

    private func describe(_ token: PredicateToken) -> String {
        switch token.kind {
        case .end: "end of format"
        case .identifier(let name), .keyword(let name), .symbol(let name): "\"\(name)\""
        case .variable(let name): "\"$\(name)\""
        case .integer, .real: "a number"
        case .string: "a string"
        case .argument: "a format argument"
        }
    }

    // MARK: Predicates

    private mutating func parseOr() throws(PredicateFormatError) -> NSPredicate {
        var operands = [try parseAnd()]
        while accept(symbols: ["||"], keywords: ["OR"]) { operands.append(try parseAnd()) }
        return operands.count == 1 ? operands[0] : NSCompoundPredicate(orPredicateWithSubpredicates: operands)
    }

    private mutating func parseAnd() throws(PredicateFormatError) -> NSPredicate {
        var operands = [try parseNot()]
        while accept(symbols: ["&&"], keywords: ["AND"]) { operands.append(try parseNot()) }
        return operands.count == 1 ? operands[0] : NSCompoundPredicate(andPredicateWithSubpredicates: operands)
    }

    private mutating func parseNot() throws(PredicateFormatError) -> NSPredicate {
        if accept(symbols: ["!"], keywords: ["NOT"]) {
            return NSCompoundPredicate(notPredicateWithSubpredicate: try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(PredicateFormatError) -> NSPredicate {
        if accept(symbols: ["("]) {
            let predicate = try parseOr()
            try expect(")")
            return predicate
        }
        if accept(keywords: ["TRUEPREDICATE"]) { return NSPredicate(value: true) }
        if accept(keywords: ["FALSEPREDICATE"]) { return NSPredicate(value: false) }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(PredicateFormatError) -> NSPredicate {
        var modifier = NSComparisonPredicate.Modifier.direct
        var negated = false
        if accept(keywords: ["ANY", "SOME"]) {
            modifier = .any
        } else if accept(keywords: ["ALL"]) {
            modifier = .all
        } else if accept(keywords: ["NONE"]) {
            modifier = .any
            negated = true
        }
        let left = try parseExpression()
        let operatorType = try parseOperator()
        let options = try parseOptions()
        let right = try parseExpression()
        let comparison = NSComparisonPredicate(
            leftExpression: left, rightExpression: right, modifier: modifier, type: operatorType, options: options
        )
        return negated ? NSCompoundPredicate(notPredicateWithSubpredicate: comparison) : comparison
    }

    private static let symbolOperators: [String: NSComparisonPredicate.Operator] = [
        "==": .equalTo, "=": .equalTo, "!=": .notEqualTo, "<>": .notEqualTo,
        "<": .lessThan, "<=": .lessThanOrEqualTo, "=<": .lessThanOrEqualTo,
        ">": .greaterThan, ">=": .greaterThanOrEqualTo, "=>": .greaterThanOrEqualTo,
    ]

    private static let keywordOperators: [String: NSComparisonPredicate.Operator] = [
        "IN": .in, "BETWEEN": .between, "BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith,
        "CONTAINS": .contains, "LIKE": .like, "MATCHES": .matches,
    ]

    private mutating func parseOperator() throws(PredicateFormatError) -> NSComparisonPredicate.Operator {
        let found: NSComparisonPredicate.Operator? = switch current.kind {
        case .symbol(let symbol): Self.symbolOperators[symbol]
        case .keyword(let keyword): Self.keywordOperators[keyword]
        default: nil
        }
        guard let found else { throw error("expected a comparison operator but found \(describe(current))") }
        index += 1
        return found
    }

    /// `[c]`, `[d]`, `[n]` and combinations such as `[cd]`.
    private mutating func parseOptions() throws(PredicateFormatError) -> NSComparisonPredicate.Options {
        guard accept(symbols: ["["]) else { return [] }
        let token = advance()
        guard case .identifier(let letters) = token.kind else { throw error("expected comparison options", at: token) }
        var options: NSComparisonPredicate.Options = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            default: throw error("unknown comparison option \"\(letter)\"", at: token)
            }
        }
        try expect("]")
        return options
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(PredicateFormatError) -> NSExpression {
        let token = advance()
        switch token.kind {
        case .integer(let value):
            return NSExpression(forConstantValue: NumericValue.integer(value).value)
        case .real(let value):
            return NSExpression(forConstantValue: value)
        case .string(let value):
            return NSExpression(forConstantValue: value)
        case .variable(let name):
            return NSExpression(forVariable: name)
        case .identifier(let name):
            return try parseKeyPath(startingWith: name)
        case .argument(let specifier):
            return try parseArgument(specifier, token: token)
        case .keyword(let keyword):
            return try parseKeywordExpression(keyword, token: token)
        case .symbol("-"):
            return try parseNegativeNumber()
        case .symbol("{"):
            return try parseAggregate()
        default:
            throw error("expected an expression but found \(describe(token))", at: token)
        }
    }

    private mutating func parseKeywordExpression(_ keyword: String, token: PredicateToken) throws(PredicateFormatError) -> NSExpression {
        switch keyword {
        case "NIL", "NULL": return NSExpression(forConstantValue: nil)
        case "YES", "TRUE": return NSExpression(forConstantValue: true)
        case "NO", "FALSE": return NSExpression(forConstantValue: false)
        case "SELF":
            guard accept(symbols: ["."]) else { return NSExpression.expressionForEvaluatedObject() }
            return try parseKeyPath(startingWith: try parseKeyPathComponent())
        case "CAST": return try parseCast()
        default: throw error("expected an expression but found \"\(keyword)\"", at: token)
        }
    }

    /// A key path continuing `first` with `.component` steps.
    private mutating func parseKeyPath(startingWith first: String) throws(PredicateFormatError) -> NSExpression {
        var keyPath = first
        while accept(symbols: ["."]) { keyPath += "." + (try parseKeyPathComponent()) }
        return NSExpression(forKeyPath: keyPath)
    }

    private mutating func parseKeyPathComponent() throws(PredicateFormatError) -> String {
        let token = advance()
        guard case .identifier(let name) = token.kind else { throw error("expected a key but found \(describe(token))", at: token) }
        return name
    }

    private mutating func parseNegativeNumber() throws(PredicateFormatError) -> NSExpression {
        let token = advance()
        switch token.kind {
        case .integer(let value): return NSExpression(forConstantValue: NumericValue.integer(-value).value)
        case .real(let value): return NSExpression(forConstantValue: -value)
        default: throw error("expected a number after \"-\"", at: token)
        }
    }

    /// `{a, b, …}`: an aggregate expression.
    private mutating func parseAggregate() throws(PredicateFormatError) -> NSExpression {
        var elements: [NSExpression] = []
        if !accept(symbols: ["}"]) {
            repeat { elements.append(try parseExpression()) } while accept(symbols: [","])
            try expect("}")
        }
        return NSExpression(forAggregate: elements)
    }

    /// `CAST(number, "NSDate")`: a date from seconds since the reference date, as Apple renders dates.
    private mutating func parseCast() throws(PredicateFormatError) -> NSExpression {
        try expect("(")
        let valueToken = current
        let value = try parseExpression()
        try expect(",")
        let typeToken = advance()
        guard case .string("NSDate") = typeToken.kind else { throw error("only CAST(…, \"NSDate\") is supported", at: typeToken) }
        try expect(")")
        guard case .constant(let constant?) = value.kind, let seconds = NumericValue(constant) else {
            throw error("CAST to NSDate needs a number", at: valueToken)
        }
        return NSExpression(forConstantValue: Date(timeIntervalSinceReferenceDate: seconds.doubleValue))
    }

    // MARK: Format arguments

    private mutating func parseArgument(_ specifier: FormatSpecifier, token: PredicateToken) throws(PredicateFormatError) -> NSExpression {
        let position = specifier.position.map { $0 - 1 } ?? nextArgument
        if specifier.position == nil { nextArgument += 1 }
        guard position < arguments.count else { throw error("missing argument \(position + 1)", at: token) }
        let argument = unwrappedValue(arguments[position])
        switch specifier.conversion {
        case .object:
            return NSExpression(forConstantValue: argument)
        case .keyPath:
            guard let keyPath = argument as? String else { throw error("%K needs a string argument", at: token) }
            return try parseKeyPath(startingWith: keyPath)
        case .integer:
            guard let integer = argument.flatMap({ NumericValue($0)?.integerValue }) else {
                throw error("argument \(position + 1) is not an integer", at: token)
            }
            return NSExpression(forConstantValue: integer)
        case .real:
            guard let number = argument.flatMap({ NumericValue($0) }) else {
                throw error("argument \(position + 1) is not a number", at: token)
            }
            return NSExpression(forConstantValue: number.doubleValue)
        case .cString:
            guard let string = argument as? String else { throw error("argument \(position + 1) is not a string", at: token) }
            return NSExpression(forConstantValue: string)
        }
    }
}
