import Foundation

/// Parses a sync's UTF-8 JSON payload into the values `JSONSerialization` gives: `[String: Any]`,
/// `[Any]`, `String`, `NSNumber` (Booleans as `NSNumber(value:)` of a `Bool`, integers beyond
/// `UInt64` as `NSDecimalNumber`) and `NSNull`. Transformers a model names see the same values as
/// they would from `JSONSerialization`. A payload a `JSONDecoder` would decode is read as it reads
/// it instead (``DecoderReading``), one element of its top-level array at a time (``TopLevelArray``).
///
/// It builds the parsed values straight from the bytes. On Linux `JSONSerialization` first builds a
/// tree of its own and then converts it: at 5,000 people of the README benchmark that tree took
/// 23.5 MB beside the 27.5 MB of the converted payload, and the two passes 19% of a sync's
/// instructions.
struct JSONPayloadParser {
    /// How deep arrays and objects may nest before the payload is refused, so that no payload
    /// exhausts the stack.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The members of the objects being parsed, innermost last.
    private var members: [(key: String, value: Any)] = []
    /// How `JSONDecoder` reads: nil to read as `JSONSerialization` does.
    private let decoderReading: DecoderReading?

    /// How a payload a `JSONDecoder` would decode is read: Booleans as `Bool`, a key given twice
    /// with its first value, and keys as the decoder names them. One parse uses it, on one thread:
    /// its cache skips dynamic exclusivity checks.
    final class DecoderReading {
        /// The name a key of the JSON is read as; nil to keep every key.
        private let convert: ((String) -> String)?
        /// The keys converted so far: a payload repeats a few keys in every object.
        @exclusivity(unchecked) private var converted: [String: String] = [:]

        init(convert: ((String) -> String)?) {
            self.convert = convert
        }

        func name(of key: String) -> String {
            guard let convert else { return key }
            if let known = converted[key] { return known }
            let name = convert(key)
            converted[key] = name
            return name
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, decoderReading: DecoderReading? = nil) {
        self.bytes = bytes
        self.decoderReading = decoderReading
        // A UTF-8 byte order mark is skipped, as `JSONSerialization` does.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The value `json` holds, any JSON value at its top. Anything but one JSON value in UTF-8, with
    /// whitespace around it, throws ``JSONSyntaxError``.
    static func value(of json: Data) throws -> Any {
        try json.withUnsafeBytes { raw in
            var parser = JSONPayloadParser(bytes: raw.bindMemory(to: UInt8.self))
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { throw parser.error("Unexpected text after the JSON value") }
            return value
        }
    }

    private mutating func parseValue() throws -> Any {
        skipWhitespace()
        guard index < bytes.count else { throw error("Unexpected end of the payload") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { try $0.parseObject() }
        case UInt8(ascii: "["): return try nested { try $0.parseArray() }
        case UInt8(ascii: "\""): return try parseString()
        case UInt8(ascii: "t"): return try literal("true", decoderReading == nil ? NSNumber(value: true) as Any : true as Any)
        case UInt8(ascii: "f"): return try literal("false", decoderReading == nil ? NSNumber(value: false) as Any : false as Any)
        case UInt8(ascii: "n"): return try literal("null", NSNull())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("Unexpected character")
        }
    }

    /// The array or object `parse` reads, one level deeper.
    private mutating func nested(_ parse: (inout JSONPayloadParser) throws -> Any) throws -> Any {
        guard depth < Self.maximumDepth else { throw error("Arrays and objects nest deeper than \(Self.maximumDepth) levels") }
        depth += 1
        defer { depth -= 1 }
        return try parse(&self)
    }

    /// An object, whose members are gathered in ``members`` first so that its dictionary is made at
    /// its final size: grown member by member, resizing took 4% of a sync's instructions.
    private mutating func parseObject() throws -> [String: Any] {
        index += 1
        let first = members.count
        skipWhitespace()
        while !consume(UInt8(ascii: "}")) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("Expected a key in quotes") }
            var key = try parseString()
            if let decoderReading { key = decoderReading.name(of: key) }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("Expected ':' after a key") }
            members.append((key, try parseValue()))
            try skipSeparator(before: UInt8(ascii: "}"), in: "an object")
        }
        var object = [String: Any](minimumCapacity: members.count - first)
        // A key given twice keeps its last value, as `JSONSerialization` does; its first for a
        // `JSONDecoder`.
        if decoderReading == nil {
            for (key, value) in members[first...] { object[key] = value }
        } else {
            for (key, value) in members[first...].reversed() { object[key] = value }
        }
        members.removeSubrange(first...)
        return object
    }

    private mutating func parseArray() throws -> [Any] {
        index += 1
        var array: [Any] = []
        skipWhitespace()
        while !consume(UInt8(ascii: "]")) {
            array.append(try parseValue())
            try skipSeparator(before: UInt8(ascii: "]"), in: "an array")
        }
        return array
    }

    /// Skips the comma after a member of an array or object, and the whitespace after it, unless
    /// `closing` comes next. A comma before `closing` is accepted, as `JSONSerialization` does
    /// (Sync's own fixtures hold such commas).
    private mutating func skipSeparator(before closing: UInt8, in collection: String) throws {
        skipWhitespace()
        guard index < bytes.count, bytes[index] != closing else { return }
        guard consume(UInt8(ascii: ",")) else { throw error("Expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(collection)") }
        skipWhitespace()
    }

    /// A string from its opening quote. A string without escapes, the commonest, is made from its
    /// bytes in one step.
    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = try Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: isASCII, at: start)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, isASCII: isASCII) }
            guard byte >= 0x20 else { throw error("Unescaped control character in a string") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw error("Unterminated string")
    }

    /// The rest of a string that holds escapes, from its first byte at `start`; `isASCII` tells
    /// whether the bytes before the first escape are.
    private mutating func parseEscapedString(from start: Int, isASCII: Bool) throws -> String {
        var utf8 = Array(bytes[start..<index])
        var isASCII = isASCII
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try utf8.withUnsafeBufferPointer { try Self.string($0, isASCII: isASCII, at: start) }
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case ..<0x20:
                index -= 1
                throw error("Unescaped control character in a string")
            default:
                if byte >= 0x80 { isASCII = false }
                utf8.append(byte)
            }
        }
        throw error("Unterminated string")
    }

    /// Appends the character of the escape after a backslash.
    private mutating func appendEscape(to utf8: inout [UInt8]) throws {
        guard index < bytes.count else { throw error("Unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexUnit()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("A high surrogate without its low surrogate")
                }
                index += 2
                let low = try parseHexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("A high surrogate without its low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("A low surrogate without its high surrogate") }
            UTF8.encode(unicode) { utf8.append($0) }
        default:
            index -= 1
            throw error("Invalid escape")
        }
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func parseHexUnit() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("Unterminated \\u escape") }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw error("Invalid \\u escape")
            }
            unit = unit << 4 | UInt32(digit)
            index += 1
        }
        return unit
    }

    /// The string of UTF-8 `utf8`; invalid UTF-8 (possible only when not `isASCII`) throws.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool, at offset: Int) throws -> String {
        let string = String(decoding: utf8, as: UTF8.self)
        // Decoding repairs invalid UTF-8, so a string unlike its bytes came from invalid UTF-8.
        guard isASCII || string.utf8.elementsEqual(utf8) else { throw JSONSyntaxError(reason: "Invalid UTF-8 in a string", offset: offset) }
        return string
    }

    /// A number, by JSON's grammar: an integer within `Int64` or `UInt64` as one, a larger one as a
    /// decimal, any other as a `Double`.
    private mutating func parseNumber() throws -> NSNumber {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard digits() > 0 else { throw error("Invalid number") }
        // A leading zero stands alone: "0", not "01".
        let integerDigits = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if bytes[integerDigits] == UInt8(ascii: "0"), index - integerDigits > 1 { throw error("A number with a leading zero") }
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard digits() > 0 else { throw error("Invalid number") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            isInteger = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw error("Invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger {
            if let integer = Int64(text) { return NSNumber(value: integer) }
            if let integer = UInt64(text) { return NSNumber(value: integer) }
            if let decimal = Decimal(string: text) { return NSDecimalNumber(decimal: decimal) }
        } else if let double = Double(text), double.isFinite {
            return NSNumber(value: double)
        }
        index = start
        throw error("A number out of range")
    }

    /// Skips decimal digits and says how many there were.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString, _ value: Any) throws -> Any {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(rebasing: bytes[index..<index + count]).elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw error("Unexpected character") }
        index += count
        return value
    }

    /// Skips `byte` when it comes next, and says whether it did.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: index)
    }
}

extension JSONPayloadParser {
    /// Runs `body` with the elements of the array at the top of `json`, each parsed when `body`
    /// asks for it, as `JSONDecoder` reads (`reading`); nil, without running `body`, when the top
    /// value is not an array. The elements must not be kept beyond `body`.
    static func withTopLevelArray<Result>(of json: Data, reading: DecoderReading, _ body: (TopLevelArray) throws -> Result) throws -> Result? {
        try json.withUnsafeBytes { raw in
            var parser = JSONPayloadParser(bytes: raw.bindMemory(to: UInt8.self), decoderReading: reading)
            parser.skipWhitespace()
            guard parser.consume(UInt8(ascii: "[")) else { return nil }
            parser.depth = 1
            let elements = TopLevelArray(parser)
            try elements.findEnd()
            return try body(elements)
        }
    }

    /// The elements of the array at the top of a payload, parsed one at a time: an element is
    /// freed once read, so that a large payload is never held parsed whole. One decode reads it,
    /// on one thread: its properties skip dynamic exclusivity checks.
    final class TopLevelArray {
        @exclusivity(unchecked) private var parser: JSONPayloadParser
        /// The next element, parsed and not read yet.
        @exclusivity(unchecked) private var pending: Any?
        @exclusivity(unchecked) private var reachedEnd = false
        /// The error that stopped parsing, thrown again at every later request.
        @exclusivity(unchecked) private var failure: JSONSyntaxError?

        fileprivate init(_ parser: JSONPayloadParser) {
            self.parser = parser
        }

        /// Whether every element was read.
        var isAtEnd: Bool { pending == nil && reachedEnd && failure == nil }

        /// The next element, parsed now if it was not; it stays next until ``take()``.
        func peek() throws -> Any {
            if let failure { throw failure }
            if let pending { return pending }
            do {
                let element = try parser.parseValue()
                try parser.skipSeparator(before: UInt8(ascii: "]"), in: "an array")
                pending = element
                try findEnd()
                return element
            } catch let error as JSONSyntaxError {
                failure = error
                throw error
            }
        }

        /// Moves on to the element after the one ``peek()`` gave.
        func take() {
            pending = nil
        }

        /// Notes the closing bracket if it comes next, and checks that nothing but whitespace follows it.
        fileprivate func findEnd() throws {
            parser.skipWhitespace()
            guard parser.consume(UInt8(ascii: "]")) else {
                if parser.index >= parser.bytes.count { failure = parser.error("Unexpected end of the payload") }
                if let failure { throw failure }
                return
            }
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else {
                let error = parser.error("Unexpected text after the JSON value")
                failure = error
                throw error
            }
            reachedEnd = true
        }
    }
}

/// Why a payload is not valid JSON, and the offset of the byte where that showed. A sync throws
/// it as the underlying error of `DecodingError.dataCorrupted`.
struct JSONSyntaxError: Error, CustomStringConvertible {
    let reason: String
    let offset: Int

    var description: String { "\(reason) at byte \(offset)." }
}
