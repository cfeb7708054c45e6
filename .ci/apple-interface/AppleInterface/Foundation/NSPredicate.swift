// Apple's Foundation predicate classes, which swift-corelibs-foundation declares without Apple's
// initializers (and deprecates NSExpression and NSComparisonPredicate). Initializers that Apple
// imports from Objective-C factory methods (`+predicateWithFormat:`) are convenience initializers,
// as Apple's are.

/// https://developer.apple.com/documentation/foundation/nspredicate
@available(macOS 10.4, iOS 3.0, *)
open class NSPredicate: NSObject {
    init(unavailable: Void) {}
    /// https://developer.apple.com/documentation/foundation/nspredicate/init(format:argumentarray:)
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) { fatalError() }
    /// https://developer.apple.com/documentation/foundation/nspredicate/init(format:_:)
    public convenience init(format predicateFormat: String, _ args: any CVarArg...) { fatalError() }
    /// https://developer.apple.com/documentation/foundation/nspredicate/init(value:)
    public convenience init(value: Bool) { fatalError() }
}

/// https://developer.apple.com/documentation/foundation/nscomparisonpredicate
@available(macOS 10.4, iOS 3.0, *)
open class NSComparisonPredicate: NSPredicate {
    /// https://developer.apple.com/documentation/foundation/nscomparisonpredicate/modifier
    public enum Modifier: UInt, Sendable {
        case direct = 0
        case all = 1
        case any = 2
    }

    /// https://developer.apple.com/documentation/foundation/nscomparisonpredicate/operator
    public enum Operator: UInt, Sendable {
        case lessThan = 0
        case lessThanOrEqualTo = 1
        case greaterThan = 2
        case greaterThanOrEqualTo = 3
        case equalTo = 4
        case notEqualTo = 5
        case matches = 6
        case like = 7
        case beginsWith = 8
        case endsWith = 9
        case `in` = 10
        case customSelector = 11
        case contains = 99
        case between = 100
    }

    /// https://developer.apple.com/documentation/foundation/nscomparisonpredicate/options
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// https://developer.apple.com/documentation/foundation/nscomparisonpredicate/init(leftexpression:rightexpression:modifier:type:options:)
    public init(
        leftExpression lhs: NSExpression, rightExpression rhs: NSExpression, modifier: NSComparisonPredicate.Modifier,
        type: NSComparisonPredicate.Operator, options: NSComparisonPredicate.Options = []
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/foundation/nscompoundpredicate
@available(macOS 10.4, iOS 3.0, *)
open class NSCompoundPredicate: NSPredicate {
    /// https://developer.apple.com/documentation/foundation/nscompoundpredicate/init(andpredicatewithsubpredicates:)
    public convenience init(andPredicateWithSubpredicates subpredicates: [NSPredicate]) { fatalError() }
    /// https://developer.apple.com/documentation/foundation/nscompoundpredicate/init(orpredicatewithsubpredicates:)
    public convenience init(orPredicateWithSubpredicates subpredicates: [NSPredicate]) { fatalError() }
}

/// https://developer.apple.com/documentation/foundation/nsexpression
@available(macOS 10.4, iOS 3.0, *)
open class NSExpression: NSObject {
    init(unavailable: Void) {}
    /// https://developer.apple.com/documentation/foundation/nsexpression/init(forkeypath:)-1aqf5
    public convenience init(forKeyPath keyPath: String) { fatalError() }
    /// The Swift overlay's key-path form, https://developer.apple.com/documentation/foundation/nsexpression/init(forkeypath:)-98by
    @available(macOS 10.10, iOS 8.0, *)
    public convenience init<Root, Value>(forKeyPath keyPath: KeyPath<Root, Value>) { fatalError() }
    /// https://developer.apple.com/documentation/foundation/nsexpression/init(forconstantvalue:)
    public convenience init(forConstantValue obj: Any?) { fatalError() }
}

/// https://developer.apple.com/documentation/foundation/nssortdescriptor
@available(macOS 10.3, iOS 2.0, *)
open class NSSortDescriptor: NSObject {
    init(unavailable: Void) {}
    /// https://developer.apple.com/documentation/foundation/nssortdescriptor/init(key:ascending:)
    public convenience init(key: String?, ascending: Bool) { fatalError() }
}
