/// https://developer.apple.com/documentation/foundation/valuetransformer
@available(macOS 10.3, iOS 3.0, *)
open class ValueTransformer: NSObject {
    /// https://developer.apple.com/documentation/foundation/valuetransformer/init(forname:)
    public convenience init?(forName name: NSValueTransformerName) { fatalError() }
    /// https://developer.apple.com/documentation/foundation/valuetransformer/allowsreversetransformation()
    open class func allowsReverseTransformation() -> Bool { fatalError() }
    /// https://developer.apple.com/documentation/foundation/valuetransformer/transformedvalue(_:)
    open func transformedValue(_ value: Any?) -> Any? { fatalError() }
    /// https://developer.apple.com/documentation/foundation/valuetransformer/reversetransformedvalue(_:)
    open func reverseTransformedValue(_ value: Any?) -> Any? { fatalError() }
}

/// https://developer.apple.com/documentation/foundation/nsvaluetransformername
///
/// A symbol Apple deprecated before every deployment target of the package is marked deprecated
/// on all platforms, so that its use warns here as it does in an Apple build.
public struct NSValueTransformerName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/foundation/nsvaluetransformername/unarchivefromdatatransformername
    @available(*, deprecated, message: "deprecated in macOS 10.14, iOS 12, tvOS 12, watchOS 5")
    public static let unarchiveFromDataTransformerName = NSValueTransformerName(rawValue: "NSUnarchiveFromData")
    /// https://developer.apple.com/documentation/foundation/nsvaluetransformername/keyedunarchivefromdatatransformername
    @available(*, deprecated, message: "deprecated in macOS 10.14, iOS 12, tvOS 12, watchOS 5")
    public static let keyedUnarchiveFromDataTransformerName = NSValueTransformerName(rawValue: "NSKeyedUnarchiveFromData")
    /// https://developer.apple.com/documentation/foundation/nsvaluetransformername/secureunarchivefromdatatransformername
    @available(macOS 10.14, iOS 12.0, *)
    public static let secureUnarchiveFromDataTransformerName = NSValueTransformerName(rawValue: "NSSecureUnarchiveFromData")
}
