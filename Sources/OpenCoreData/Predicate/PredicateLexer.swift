/// A token of the predicate format language, with its character offset in the format string.
struct PredicateToken: Equatable {
    enum Kind: Equatable {
        /// A key (`name`, `#IN`, `@count`); `#` escapes are removed.
        case identifier(String)
        /// A reserved word, uppercased (`AND`, `SELF`, `NIL`, …).
        case keyword(String)
        /// `$name`
        case variable(String)
        case integer(Int64)
        case real(Double)
        case string(String)
        /// `%@`, `%K`, `%d`, `%2$@`, …
        case argument(FormatSpecifier)
        /// Operators and punctuation: `== != < ( ) { } [ ] , . && || ! -` and the like.
        case symbol(String)
        case end
    }

    let kind: Kind
    let offset: Int
}

/// A format argument specifier: which conversion, and the 1-based position for `%n$…`.
struct FormatSpecifier: Equatable {
    enum Conversion: Equatable {
        case object, keyPath, integer, real, cString
    }

    let conversion: Conversion
    let position: Int?
}

/// Splits a predicate format string into tokens. Keywords are case-insensitive.
struct PredicateLexer {
    /// Apple's reserved words; use `#word` for a key with one of these names.
    private static let reservedWords: Set<String> = [
        "AND", "OR", "IN", "NOT", "ALL", "ANY", "SOME", "NONE", "LIKE", "CASEINSENSITIVE", "CI", "MATCHES",
        "CONTAINS", "BEGINSWITH", "ENDSWITH", "BETWEEN", "NULL", "NIL", "SELF", "TRUE", "YES", "FALSE", "NO",
        "FIRST", "LAST", "SIZE", "ANYKEY", "SUBQUERY", "FETCH", "CAST", "TRUEPREDICATE", "FALSEPREDICATE",
    ]

    private static let symbols = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "=", "<", ">", "!", "(", ")", "{", "}", "[", "]", ",", ".", "-"]

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    static func isReservedWord(_ word: String) -> Bool {
        reservedWords.contains(word.uppercased())
    }

    private let format: String
    private let characters: [Character]
    private var position = 0

    init(_ format: String) {
        self.format = format
        characters = Array(format)
    }

    /// All tokens, ending with `.end`.
    static func tokens(in format: String) throws(PredicateFormatError) -> [PredicateToken] {
        var lexer = PredicateLexer(format)
        var tokens: [PredicateToken] = []
        repeat {
            tokens.append(try lexer.next())
        } while tokens.last?.kind != .end
        return tokens
    }

    private mutating func next() throws(PredicateFormatError) -> PredicateToken {
        while let character = peek(), character.isWhitespace { position += 1 }
        let start = position
        guard let character = peek() else { return PredicateToken(kind: .end, offset: start) }
        let kind: PredicateToken.Kind
        if character.isLetter || character == "_" {
            let word = readWord()
            kind = Self.isReservedWord(word) ? .keyword(word.uppercased()) : .identifier(word)
        } else if Self.isDigit(character) {
            kind = try readNumber()
        } else {
            kind = try readPunctuated(character)
        }
        return PredicateToken(kind: kind, offset: start)
    }

    private mutating func readPunctuated(_ character: Character) throws(PredicateFormatError) -> PredicateToken.Kind {
        switch character {
        case "\"", "'":
            return .string(try readString(quote: character))
        case "#", "$", "@":
            position += 1
            guard let next = peek(), next.isLetter || next == "_" else { throw error("expected a name after \"\(character)\"") }
            let word = readWord()
            return character == "$" ? .variable(word) : .identifier(character == "@" ? "@" + word : word)
        case "%":
            return .argument(try readSpecifier())
        default:
            guard let symbol = Self.symbols.first(where: { matches($0) }) else {
                throw error("unexpected character \"\(character)\"")
            }
            position += symbol.count
            return .symbol(symbol)
        }
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        position + ahead < characters.count ? characters[position + ahead] : nil
    }

    private func matches(_ text: String) -> Bool {
        text.enumerated().allSatisfy { peek($0.offset) == $0.element }
    }

    private func error(_ reason: String, at offset: Int? = nil) -> PredicateFormatError {
        PredicateFormatError(format: format, offset: offset ?? position, reason: reason)
    }

    private mutating func readWord() -> String {
        let start = position
        while let character = peek(), character.isLetter || character.isNumber || character == "_" { position += 1 }
        return String(characters[start..<position])
    }

    private mutating func readDigits(_ isDigit: (Character) -> Bool) -> String {
        let start = position
        while let character = peek(), isDigit(character) { position += 1 }
        return String(characters[start..<position])
    }

    private mutating func readNumber() throws(PredicateFormatError) -> PredicateToken.Kind {
        let start = position
        if matches("0x") || matches("0X") {
            position += 2
            let digits = readDigits(\.isHexDigit)
            guard let value = Int64(digits, radix: 16) else { throw error("invalid hexadecimal number", at: start) }
            return .integer(value)
        }
        var text = readDigits(Self.isDigit)
        var isReal = false
        if peek() == ".", peek(1).map(Self.isDigit) == true {
            position += 1
            text += "." + readDigits(Self.isDigit)
            isReal = true
        }
        if peek() == "e" || peek() == "E" {
            let sign = peek(1) == "-" || peek(1) == "+" ? 1 : 0
            if peek(1 + sign).map(Self.isDigit) == true {
                text += "e" + (sign == 1 ? String(characters[position + 1]) : "")
                position += 1 + sign
                text += readDigits(Self.isDigit)
                isReal = true
            }
        }
        if !isReal, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        return .real(value)
    }

    private mutating func readString(quote: Character) throws(PredicateFormatError) -> String {
        let start = position
        position += 1
        var result = ""
        while let character = peek() {
            position += 1
            if character == quote { return result }
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let escaped = peek() else { break }
            position += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            default: result.append(escaped)
            }
        }
        throw error("unterminated string", at: start)
    }

    private mutating func readSpecifier() throws(PredicateFormatError) -> FormatSpecifier {
        let start = position
        position += 1
        var positional: Int?
        let digits = readDigits(Self.isDigit)
        if !digits.isEmpty {
            guard peek() == "$", let index = Int(digits), index > 0 else { throw error("invalid argument position", at: start) }
            position += 1
            positional = index
        }
        while let modifier = peek(), "lhqLjzt".contains(modifier) { position += 1 }
        guard let letter = peek() else { throw error("incomplete format specifier", at: start) }
        position += 1
        let conversion: FormatSpecifier.Conversion
        switch letter {
        case "@": conversion = .object
        case "K": conversion = .keyPath
        case "d", "i", "u", "D", "U", "x", "X", "o", "O", "c": conversion = .integer
        case "f", "e", "E", "g", "G": conversion = .real
        case "s", "S": conversion = .cString
        default: throw error("unsupported format specifier \"%\(letter)\"", at: start)
        }
        return FormatSpecifier(conversion: conversion, position: positional)
    }
}
