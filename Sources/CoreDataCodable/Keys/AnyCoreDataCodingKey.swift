import Foundation

/// A key that maps a property of a managed object to a JSON key or key path.
///
/// Adopt ``CoreDataCodingKey`` with a `String` enum for the common case, or
/// ``UsingDefaultCodingKeys`` to use every property under its own name. Conform a custom type
/// to this protocol only when neither fits.
public protocol AnyCoreDataCodingKey {
    /// The key whose JSON key (or key path) is `stringValue`, if there is one.
    init?(stringValue: String)
    /// The JSON key, or a key path whose components are separated by ``keyPathDelimiter``.
    var stringValue: String { get }
    /// The key for the model property named `propertyName`, if there is one.
    init?(propertyName: String)
    /// The name of the model property (attribute or relationship) this key maps.
    var propertyName: String { get }
    /// The separator of key-path components in ``stringValue``; `"."` by default.
    var keyPathDelimiter: String { get }
}

extension AnyCoreDataCodingKey {
    public var keyPathDelimiter: String { "." }

    /// The components of ``stringValue`` split by ``keyPathDelimiter``: `["object", "nested", "two"]`
    /// for `"object.nested.two"`, or a single component for a plain key.
    public var keyPathComponents: [String] {
        let delimiter = keyPathDelimiter
        guard !delimiter.isEmpty, stringValue.contains(delimiter) else { return [stringValue] }
        return stringValue.components(separatedBy: delimiter)
    }
}
