import Foundation

/// The name under which a value transformer is registered (`ValueTransformer.setValueTransformer(_:forName:)`).
public struct NSValueTransformerName: RawRepresentable, Hashable, Sendable {
    /// The name as a string.
    public var rawValue: String

    /// A transformer name from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A transformer name from its string.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

extension NSValueTransformerName {
    /// The transformer that negates a Boolean `NSNumber`, in both directions.
    public static let negateBooleanTransformerName = NSValueTransformerName("NSNegateBoolean")
    /// The transformer that tells whether a value is nil, as a Boolean `NSNumber`.
    public static let isNilTransformerName = NSValueTransformerName("NSIsNil")
    /// The transformer that tells whether a value is not nil, as a Boolean `NSNumber`.
    public static let isNotNilTransformerName = NSValueTransformerName("NSIsNotNil")
    /// Apple's transformer that unarchives data made by the non-keyed archiver; not registered on Linux.
    public static let unarchiveFromDataTransformerName = NSValueTransformerName("NSUnarchiveFromData")
    /// The transformer that unarchives keyed-archive data, and archives values in reverse.
    public static let keyedUnarchiveFromDataTransformerName = NSValueTransformerName("NSKeyedUnarchiveFromData")
    /// Apple's transformer that unarchives keyed-archive data with secure coding; not registered on Linux.
    public static let secureUnarchiveFromDataTransformerName = NSValueTransformerName("NSSecureUnarchiveFromData")
}
