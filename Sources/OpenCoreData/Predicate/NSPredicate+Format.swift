import Foundation

/// Implementation detail of OpenCoreData: lets `NSPredicate`'s format initializers return the parsed
/// `NSComparisonPredicate` or `NSCompoundPredicate` (a class initializer cannot replace `self`, a protocol one can).
/// Only `NSPredicate` conforms; do not conform other types.
public protocol _PredicateFormatInitializable {}

extension NSPredicate: _PredicateFormatInitializable {}

extension _PredicateFormatInitializable where Self: NSPredicate {
    /// Parses `predicateFormat`, replacing `%@`, `%K`, `%d`, … with `args` in order.
    ///
    /// Takes `Any...` (Apple: `CVarArg...`) so Swift arrays and sets can be passed on every platform.
    /// Traps on a malformed format, as Apple raises; use `init(validatingFormat:argumentArray:)` to get an error instead.
    public init(format predicateFormat: String, _ args: Any...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    /// Parses `predicateFormat`, replacing format specifiers with `arguments` in order. Traps on a malformed format.
    public init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        do {
            try self.init(validatingFormat: predicateFormat, argumentArray: arguments)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// Parses `format` like `init(format:argumentArray:)`, throwing instead of trapping when it is malformed.
    ///
    /// OpenCoreData extension, not available on Apple platforms.
    public init(validatingFormat format: String, argumentArray arguments: [Any]? = nil) throws(PredicateFormatError) {
        let predicate = try PredicateParser.parse(format, arguments: arguments ?? [])
        guard let typed = predicate as? Self else {
            preconditionFailure("\"\(format)\" describes \(type(of: predicate)), not \(Self.self)")
        }
        self = typed
    }
}
