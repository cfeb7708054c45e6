/// A malformed predicate format string (OpenCoreData extension; Apple's `NSPredicate(format:)` raises instead).
///
/// `description` names the problem and shows where it is:
/// ```
/// Unable to parse the format string "age >": expected an expression at offset 5
///     age >
///          ^
/// ```
public struct PredicateFormatError: Error, CustomStringConvertible, Sendable {
    /// The format string that failed to parse.
    public let format: String
    /// The offset, in characters, of the offending token (the format's length for an unexpected end).
    public let offset: Int
    /// What is wrong, e.g. `expected an expression`.
    public let reason: String

    /// An error for `format` at character `offset`.
    public init(format: String, offset: Int, reason: String) {
        self.format = format
        self.offset = offset
        self.reason = reason
    }

    /// The reason, offset and a caret excerpt of the format.
    public var description: String {
        let excerpt = format.map { $0.isNewline ? " " : String($0) }.joined()
        let caret = String(repeating: " ", count: offset) + "^"
        return "Unable to parse the format string \"\(format)\": \(reason) at offset \(offset)\n    \(excerpt)\n    \(caret)"
    }
}
