import Foundation

/// A predicate comparing two expressions with an operator, mirroring Foundation's `NSComparisonPredicate`.
///
/// Immutable; a constant right-hand side is prepared once, when first evaluated (folded strings, hash set for
/// `IN`, compiled `LIKE` pattern or regular expression), so evaluating over many objects is cheap, and a predicate
/// that a store only translates to SQL never pays for it. `@unchecked Sendable` because nothing is mutated after
/// `init` but that prepared operand, behind a lock.
open class NSComparisonPredicate: NSPredicate, @unchecked Sendable {
    /// How the left expression's value is used: directly, or element by element for `ANY`/`ALL`.
    public enum Modifier: UInt, Sendable {
        case direct = 0
        case all = 1
        case any = 2
    }

    /// The comparison operator, with Apple's raw values (`customSelector`, 11, is not supported).
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
        case contains = 99
        case between = 100
    }

    /// String comparison options: `[c]`, `[d]`, `[n]` in format syntax.
    public struct Options: OptionSet, Sendable {
        /// The option bits, with Apple's values.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `[c]`: ignore case.
        public static let caseInsensitive = Options(rawValue: 0x01)
        /// `[d]`: ignore diacritics.
        public static let diacriticInsensitive = Options(rawValue: 0x02)
        /// `[n]`: strings are already normalized; accepted and otherwise ignored.
        public static let normalized = Options(rawValue: 0x04)
    }

    /// The left-hand expression.
    public let leftExpression: NSExpression
    /// The right-hand expression.
    public let rightExpression: NSExpression
    /// `direct`, `ANY` or `ALL`.
    public let comparisonPredicateModifier: Modifier
    /// The operator.
    public let predicateOperatorType: Operator
    /// The string comparison options.
    public let options: Options

    private let operation: ComparisonOperation
    /// The right operand, prepared on first use, when the right expression is constant.
    private let constantRight: PreparedOperand?
    /// The key of a direct comparison of a plain key with a constant, read through `attributeComparable`.
    private let attributeKey: String?

    /// A predicate comparing `lhs` and `rhs` with `type`.
    public init(
        leftExpression lhs: NSExpression,
        rightExpression rhs: NSExpression,
        modifier: Modifier,
        type: Operator,
        options: Options = []
    ) {
        leftExpression = lhs
        rightExpression = rhs
        comparisonPredicateModifier = modifier
        predicateOperatorType = type
        self.options = options
        operation = ComparisonOperation(operatorType: type, options: options)
        constantRight = rhs.isConstant ? PreparedOperand(rhs.value(with: nil, variables: nil)) : nil
        attributeKey = if modifier == .direct, rhs.isConstant, case .keyPath(let path) = lhs.kind { path.singleKey } else { nil }
        super.init(evaluation: .subclass)
    }

    /// The right operand prepared once, when the right expression is constant.
    private var constantRightOperand: ComparisonOperation.Operand? {
        constantRight?.operand(for: operation)
    }

    override open func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        let constantRightOperand = self.constantRightOperand
        if let attributeKey, let right = constantRightOperand, let left = Self.attributeComparable(of: object, key: attributeKey) {
            return operation.matches(comparable: left, right)
        }
        let left = leftExpression.value(with: object, variables: bindings)
        let right = constantRightOperand ?? operation.prepare(rightExpression.value(with: object, variables: bindings))
        switch comparisonPredicateModifier {
        case .direct:
            return operation.matches(left, right)
        case .any:
            return elements(of: left).contains { operation.matches($0, right) }
        case .all:
            return elements(of: left).allSatisfy { operation.matches($0, right) }
        }
    }

    /// The values `ANY`/`ALL` iterate: a collection's elements, or a single non-nil value.
    private func elements(of value: Any?) -> [Any] {
        guard let value else { return [] }
        return collectionElements(value) ?? [value]
    }

    override func substituting(_ variables: [String: Any]) -> NSPredicate {
        NSComparisonPredicate(
            leftExpression: leftExpression.substituting(variables),
            rightExpression: rightExpression.substituting(variables),
            modifier: comparisonPredicateModifier,
            type: predicateOperatorType,
            options: options
        )
    }

    /// A plain key compared with a constant reads the attribute's slot, found once for the layout.
    override func objectMatcher(for layout: EntityLayout) -> (NSManagedObject) -> Bool {
        guard let attributeKey, let slot = layout.slot(named: attributeKey), case .attribute(let kind) = layout.kinds[slot],
              kind.isIndexable
        else { return super.objectMatcher(for: layout) }
        if let members = integerMembers(comparedWith: kind) {
            return { object in
                guard case .number(.integer(let integer))? = object.comparableAttributeValue(at: slot, kind: kind) else { return false }
                return members.contains(integer)
            }
        }
        guard let right = constantRightOperand else { return super.objectMatcher(for: layout) }
        let operation = operation
        return { object in operation.matches(comparable: object.comparableAttributeValue(at: slot, kind: kind), right) }
    }

    /// For `key IN constants` where the attribute and every constant are integers (the identities a
    /// batch of objects is fetched by): the constants as plain integers, which hash and compare
    /// faster than the general operand's values.
    private func integerMembers(comparedWith kind: AttributeKind) -> Set<Int64>? {
        guard predicateOperatorType == .in, comparisonPredicateModifier == .direct,
              [.integer16, .integer32, .integer64].contains(kind), rightExpression.isConstant,
              let elements = rightExpression.value(with: nil, variables: nil).flatMap(collectionElements)
        else { return nil }
        var members = Set<Int64>(minimumCapacity: elements.count)
        for element in elements {
            guard case .number(.integer(let integer))? = PredicateValue(element) else { return nil }
            members.insert(integer)
        }
        return members
    }

    override open var predicateFormat: String {
        let modifier = switch comparisonPredicateModifier {
        case .direct: ""
        case .any: "ANY "
        case .all: "ALL "
        }
        return "\(modifier)\(leftExpression) \(operatorFormat)\(optionsFormat) \(rightExpression)"
    }

    private var operatorFormat: String {
        switch predicateOperatorType {
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqualTo: ">="
        case .equalTo: "=="
        case .notEqualTo: "!="
        case .matches: "MATCHES"
        case .like: "LIKE"
        case .beginsWith: "BEGINSWITH"
        case .endsWith: "ENDSWITH"
        case .in: "IN"
        case .contains: "CONTAINS"
        case .between: "BETWEEN"
        }
    }

    private var optionsFormat: String {
        var letters = ""
        if options.contains(.caseInsensitive) { letters += "c" }
        if options.contains(.diacriticInsensitive) { letters += "d" }
        if options.contains(.normalized) { letters += "n" }
        return letters.isEmpty ? "" : "[\(letters)]"
    }

    override var indexLookup: IndexLookup? {
        guard comparisonPredicateModifier == .direct, options.isEmpty else { return nil }
        switch predicateOperatorType {
        case .equalTo:
            return Self.equalityLookup(key: leftExpression, constant: rightExpression)
                ?? Self.equalityLookup(key: rightExpression, constant: leftExpression)
        case .in:
            guard let key = Self.singleKey(leftExpression), case .members(var members)? = constantRightOperand else { return nil }
            // As in SQL, a nil attribute is not in any list: indexes hold no nil values.
            members.remove(.null)
            return IndexLookup(key: key, values: members, isExact: true)
        default:
            return nil
        }
    }

    private static func equalityLookup(key: NSExpression, constant: NSExpression) -> IndexLookup? {
        guard let key = singleKey(key), case .constant(let value?) = constant.kind, let comparable = PredicateValue(value) else { return nil }
        return IndexLookup(key: key, values: [comparable], isExact: true)
    }

    private static func singleKey(_ expression: NSExpression) -> String? {
        guard case .keyPath(let path) = expression.kind else { return nil }
        return path.singleKey
    }
}

/// A constant right-hand value and the operand prepared from it on first use.
private final class PreparedOperand: @unchecked Sendable {
    private let value: Any?
    private let lock = NSLock()
    private var prepared: ComparisonOperation.Operand?

    init(_ value: Any?) {
        self.value = value
    }

    func operand(for operation: ComparisonOperation) -> ComparisonOperation.Operand {
        lock.lock()
        defer { lock.unlock() }
        if let prepared { return prepared }
        let operand = operation.prepare(value)
        prepared = operand
        return operand
    }
}
