import Foundation

/// A logical condition evaluated against objects, mirroring Foundation's `NSPredicate`.
///
/// `NSPredicate(format:)` (see `NSPredicate+Format.swift`) returns an `NSComparisonPredicate` or `NSCompoundPredicate`
/// whose parts can be inspected, as on Apple platforms.
///
/// Predicates are immutable after construction (everything is precomputed in the initializers and only read afterwards),
/// which is why the class is `@unchecked Sendable`. Block predicates are only as thread-safe as their block.
open class NSPredicate: NSObject, @unchecked Sendable {
    /// How a plain `NSPredicate` evaluates; subclasses override evaluation instead.
    enum Evaluation {
        case constant(Bool)
        case block((Any?, [String: Any]?) -> Bool)
        case subclass
    }

    private let evaluation: Evaluation

    init(evaluation: Evaluation) {
        self.evaluation = evaluation
        super.init()
    }

    /// A predicate that always evaluates to `value` (`TRUEPREDICATE` / `FALSEPREDICATE`).
    public convenience init(value: Bool) {
        self.init(evaluation: .constant(value))
    }

    /// A predicate that calls `block` with the evaluated object and the substitution variables.
    public convenience init(block: @escaping (Any?, [String: Any]?) -> Bool) {
        self.init(evaluation: .block(block))
    }

    /// Whether `object` satisfies the predicate.
    open func evaluate(with object: Any?) -> Bool {
        evaluate(with: object, substitutionVariables: nil)
    }

    /// Whether `object` satisfies the predicate after replacing `$variables` with the values in `bindings`.
    /// Unbound variables evaluate to `nil` (Apple raises instead).
    open func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        switch evaluation {
        case .constant(let value): value
        case .block(let block): block(object, bindings)
        case .subclass: preconditionFailure("\(type(of: self)) must override evaluate(with:substitutionVariables:)")
        }
    }

    /// A copy of the predicate with the `$variables` found in `variables` replaced by constants.
    open func withSubstitutionVariables(_ variables: [String: Any]) -> Self {
        guard let result = substituting(variables) as? Self else {
            preconditionFailure("\(type(of: self)) must override withSubstitutionVariables(_:)")
        }
        return result
    }

    /// The predicate with variables replaced; subclasses return an instance of their own class.
    func substituting(_ variables: [String: Any]) -> NSPredicate {
        self
    }

    /// The predicate in format syntax, e.g. `name == "Bob"`; parses back to an equivalent predicate
    /// (except block predicates, rendered `BLOCKPREDICATE(…)` as on Apple platforms).
    open var predicateFormat: String {
        switch evaluation {
        case .constant(let value): value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .block: "BLOCKPREDICATE(\(Unmanaged.passUnretained(self).toOpaque()))"
        case .subclass: preconditionFailure("\(type(of: self)) must override predicateFormat")
        }
    }

    /// `evaluate(with:)` for the managed objects of one entity, with what the predicate reads resolved
    /// once for the entity's layout: a fetch tests every pending object of the entity with it.
    func objectMatcher(for layout: EntityLayout) -> (NSManagedObject) -> Bool {
        { self.evaluate(with: $0) }
    }

    /// For stores with a hash index: a single-attribute equality lookup this predicate implies.
    ///
    /// Non-nil when the predicate is `key == constant`, `constant == key` or `key IN collection` (direct modifier,
    /// no comparison options, a key without dots or `@`), or an `AND` compound containing such a subpredicate
    /// (the first one). An object can only match if its value for `key` equals one of the lookup's values;
    /// unless the lookup is exact, the whole predicate must still be evaluated on the candidates.
    /// `key == nil` is not indexable, and a nil in an `IN` collection is left out (as in SQL, a nil attribute is
    /// in no list).
    var indexLookup: IndexLookup? {
        nil
    }

    /// The predicate format.
    override open var description: String {
        predicateFormat
    }

    /// Predicates are equal when they are of the same class and have the same format (block predicates by identity).
    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSPredicate, type(of: other) == type(of: self) else { return false }
        if case .block = evaluation { return other === self }
        return other.predicateFormat == predicateFormat
    }

    override open var hash: Int {
        predicateFormat.hashValue
    }
}
