import Foundation

/// An expression in a predicate: a constant, the evaluated object (`SELF`), a `$variable`, a key path or an aggregate (`{a, b}`).
///
/// Immutable after construction, so `@unchecked Sendable` is safe: constants are only read.
open class NSExpression: NSObject, @unchecked Sendable {
    /// The kinds of expression, with Apple's raw values. OpenCoreData creates the ones listed in the class description.
    public enum ExpressionType: UInt, Sendable {
        case constantValue = 0
        case evaluatedObject = 1
        case variable = 2
        case keyPath = 3
        case function = 4
        case unionSet = 5
        case intersectSet = 6
        case minusSet = 7
        case subquery = 13
        case aggregate = 14
        case anyKey = 15
        case block = 19
        case conditional = 20
    }

    enum Kind {
        case constant(Any?)
        case evaluatedObject
        case variable(String)
        case keyPath(ParsedKeyPath)
        case aggregate([NSExpression])
    }

    let kind: Kind

    init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// An expression for the value at `keyPath` of the evaluated object (`SELF.` prefixes are dropped).
    public convenience init(forKeyPath keyPath: String) {
        let trimmed = keyPath.hasPrefix("SELF.") ? String(keyPath.dropFirst(5)) : keyPath
        self.init(kind: .keyPath(ParsedKeyPath(trimmed)))
    }

    /// An expression that always returns `obj`.
    public convenience init(forConstantValue obj: Any?) {
        self.init(kind: .constant(obj.flatMap(unwrappedValue)))
    }

    /// An expression for the value bound to `string` in the substitution variables (`$string` in a format).
    public convenience init(forVariable string: String) {
        self.init(kind: .variable(string))
    }

    /// An expression whose value is the collection of the values of `subexpressions` (`{a, b}` in a format).
    public convenience init(forAggregate subexpressions: [NSExpression]) {
        self.init(kind: .aggregate(subexpressions))
    }

    /// An expression that returns the object being evaluated (`SELF` in a format).
    open class func expressionForEvaluatedObject() -> NSExpression {
        NSExpression(kind: .evaluatedObject)
    }

    /// The kind of this expression.
    open var expressionType: ExpressionType {
        switch kind {
        case .constant: .constantValue
        case .evaluatedObject: .evaluatedObject
        case .variable: .variable
        case .keyPath: .keyPath
        case .aggregate: .aggregate
        }
    }

    /// The constant of a constant-value expression; `nil` for other kinds.
    open var constantValue: Any? {
        guard case .constant(let value) = kind else { return nil }
        return value
    }

    /// The key path of a key-path expression. Traps for other kinds, as Apple raises.
    open var keyPath: String {
        guard case .keyPath(let path) = kind else { preconditionFailure("\(self) is not a key path expression") }
        return path.keyPath
    }

    /// The variable name of a variable expression. Traps for other kinds, as Apple raises.
    open var variable: String {
        guard case .variable(let name) = kind else { preconditionFailure("\(self) is not a variable expression") }
        return name
    }

    /// The subexpressions (`[NSExpression]`) of an aggregate expression. Traps for other kinds, as Apple raises.
    open var collection: Any {
        guard case .aggregate(let expressions) = kind else { preconditionFailure("\(self) is not an aggregate expression") }
        return expressions
    }

    /// The value of the expression for `object`; variables are read from `context`.
    open func expressionValue(with object: Any?, context: NSMutableDictionary?) -> Any? {
        let bindings = context.map { dictionary in
            Dictionary(dictionary.compactMap { key, value in (key as? String).map { ($0, value) } }) { first, _ in first }
        }
        return value(with: object, variables: bindings)
    }

    /// The value of the expression for `object`, reading `$variables` from `variables` (`nil` when unbound).
    func value(with object: Any?, variables: [String: Any]?) -> Any? {
        switch kind {
        case .constant(let value): value
        case .evaluatedObject: object
        case .variable(let name): variables?[name].flatMap(unwrappedValue)
        case .keyPath(let path): path.value(of: object)
        case .aggregate(let expressions): expressions.map { $0.value(with: object, variables: variables) ?? NSNull() }
        }
    }

    /// The expression with variables found in `variables` replaced by constants.
    func substituting(_ variables: [String: Any]) -> NSExpression {
        switch kind {
        case .variable(let name):
            guard let value = variables[name] else { return self }
            return NSExpression(forConstantValue: value)
        case .aggregate(let expressions):
            return NSExpression(forAggregate: expressions.map { $0.substituting(variables) })
        case .constant, .evaluatedObject, .keyPath:
            return self
        }
    }

    /// Whether the value does not depend on the evaluated object or variables.
    var isConstant: Bool {
        switch kind {
        case .constant: true
        case .aggregate(let expressions): expressions.allSatisfy(\.isConstant)
        case .evaluatedObject, .variable, .keyPath: false
        }
    }

    /// The expression in predicate format syntax.
    override open var description: String {
        switch kind {
        case .constant(let value): PredicateFormatting.literal(value)
        case .evaluatedObject: "SELF"
        case .variable(let name): "$" + name
        case .keyPath(let path): PredicateFormatting.keyPath(path.keyPath)
        case .aggregate(let expressions): "{" + expressions.map(\.description).joined(separator: ", ") + "}"
        }
    }

    /// Expressions are equal when they are of the same type and render the same format.
    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSExpression else { return false }
        return expressionType == other.expressionType && description == other.description
    }

    override open var hash: Int {
        description.hashValue
    }
}
