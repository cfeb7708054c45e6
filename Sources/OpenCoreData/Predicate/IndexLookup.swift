/// A single-attribute equality lookup that a hash index can answer (see `NSPredicate.indexLookup`).
struct IndexLookup {
    /// The key whose value must be one of `values`.
    let key: String
    /// The values, as predicate comparisons see them.
    let values: Set<PredicateValue>
    /// Whether the rows holding one of `values` are exactly the predicate's matches, so the predicate
    /// need not be evaluated on them.
    let isExact: Bool
}
