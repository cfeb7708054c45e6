import Foundation

/// One element of an XML document: its name, attributes and child elements (text is not kept: model
/// files hold everything in attributes).
struct XMLElementTree: Sendable {
    let name: String
    let attributes: [String: String]
    var children: [XMLElementTree]
    /// The line of the element's start tag, for messages.
    let line: Int

    /// The child elements named `name`, in document order.
    func children(named name: String) -> [XMLElementTree] {
        children.filter { $0.name == name }
    }

    /// The first child element named `name`.
    func child(named name: String) -> XMLElementTree? {
        children.first { $0.name == name }
    }

    /// Whether the attribute `name` is Xcode's `YES` (or `true`); false when absent.
    func flag(_ name: String) -> Bool {
        guard let value = attributes[name] else { return false }
        return value.caseInsensitiveCompare("YES") == .orderedSame || value.caseInsensitiveCompare("true") == .orderedSame
    }

    /// Parses `data`, UTF-8 XML, into its root element, or throws `malformedXML` naming `url`, the
    /// line and what is wrong.
    static func parse(_ data: Data, url: URL) throws -> XMLElementTree {
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw ModelFileError(.malformedXML, url: url, detail: "not UTF-8 text")
        }
        var reader = XMLReader(Array(text.utf8))
        do {
            return try reader.document()
        } catch let error as XMLReader.Failure {
            throw ModelFileError(.malformedXML, url: url, detail: "not well-formed XML at line \(reader.line(at: error.offset)): \(error.reason)")
        }
    }
}

/// Reads the XML of a model file: elements, attributes, comments, processing instructions, CDATA
/// and the document type declaration (the last three skipped), and the predefined and numeric
/// character references in attribute values.
///
/// Written here rather than taken from FoundationXML, whose parser traps on some malformed input
/// on Linux (a processing instruction without data, an element name that is not UTF-8), found by
/// fuzzing: a model file is input, and bad input must throw.
private struct XMLReader {
    struct Failure: Error {
        let offset: Int
        let reason: String
    }

    private let bytes: [UInt8]
    private var position = 0
    /// Nesting deeper than this is refused rather than recursed into.
    private static let maximumDepth = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The 1-based line of byte `offset`.
    func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// The root element, with nothing but comments, processing instructions and white space around it.
    mutating func document() throws -> XMLElementTree {
        var root: XMLElementTree?
        while true {
            skipWhitespace()
            guard position < bytes.count else { break }
            if try skipMarkup() { continue }
            guard root == nil, bytes[position] == UInt8(ascii: "<") else { throw fail("content outside the root element") }
            root = try element(depth: 0)
        }
        guard let root else { throw fail("no root element") }
        return root
    }

    /// Skips a comment, processing instruction, CDATA section or document type declaration at the
    /// current position; false when there is none.
    private mutating func skipMarkup() throws -> Bool {
        if starts(with: "<!--") { try skip(past: "-->") } else if starts(with: "<?") { try skip(past: "?>") } else if starts(with: "<![CDATA[") {
            try skip(past: "]]>")
        } else if starts(with: "<!") { try skip(past: ">") } else { return false }
        return true
    }

    private mutating func element(depth: Int) throws -> XMLElementTree {
        guard depth < Self.maximumDepth else { throw fail("elements nested more than \(Self.maximumDepth) deep") }
        let start = position
        position += 1  // "<"
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw fail("the tag <\(name)> is not closed") }
            if starts(with: "/>") {
                position += 2
                return XMLElementTree(name: name, attributes: attributes, children: [], line: line(at: start))
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            guard hadSpace else { throw fail("expected white space before an attribute of <\(name)>") }
            let attribute = try self.name()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw fail("expected = after the attribute \(attribute)") }
            position += 1
            skipWhitespace()
            guard attributes.updateValue(try quotedValue(), forKey: attribute) == nil else { throw fail("the attribute \(attribute) appears twice in <\(name)>") }
        }
        var children: [XMLElementTree] = []
        while true {
            while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
            guard position < bytes.count else { throw fail("the element <\(name)> is not closed") }
            if starts(with: "</") {
                position += 2
                let closing = try self.name()
                guard closing == name else { throw fail("</\(closing)> closes <\(name)>") }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw fail("expected > after </\(closing)") }
                position += 1
                return XMLElementTree(name: name, attributes: attributes, children: children, line: line(at: start))
            }
            if try skipMarkup() { continue }
            children.append(try element(depth: depth + 1))
        }
    }

    /// An element or attribute name: the bytes up to white space or one of `/>=`.
    private mutating func name() throws -> String {
        let start = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        guard position > start else { throw fail("expected a name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// A quoted attribute value with its character references replaced.
    private mutating func quotedValue() throws -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw fail("expected a quoted attribute value")
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else { throw fail("an attribute value is not closed") }
            let byte = bytes[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw fail("< in an attribute value") }
            if byte == UInt8(ascii: "&") {
                value.append(contentsOf: try reference())
            } else {
                value.append(byte)
                position += 1
            }
        }
        position += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// The UTF-8 bytes of the character reference at the current position (`&amp;`, `&#38;`, `&#x26;`).
    private mutating func reference() throws -> [UInt8] {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fail("an & that starts no reference") }
        let body = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        position = end + 1
        let named: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let text = named[body] { return Array(text.utf8) }
        let scalar: UInt32?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            scalar = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            scalar = UInt32(body.dropFirst(), radix: 10)
        } else {
            scalar = nil
        }
        guard let scalar, let character = Unicode.Scalar(scalar) else {
            position = start
            throw fail("the reference &\(body); is not one XML defines")
        }
        return Array(String(character).utf8)
    }

    /// Moves past the next `terminator`, or fails when there is none.
    private mutating func skip(past terminator: String) throws {
        let pattern = Array(terminator.utf8)
        var index = position
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], Array(bytes[index..<(index + pattern.count)]) == pattern {
                position = index + pattern.count
                return
            }
            index += 1
        }
        throw fail("expected \(terminator)")
    }

    private func starts(with prefix: String) -> Bool {
        let pattern = prefix.utf8
        return bytes.count - position >= pattern.count && zip(bytes[position...], pattern).allSatisfy { $0 == $1 }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func fail(_ reason: String) -> Failure {
        Failure(offset: position, reason: reason)
    }
}
