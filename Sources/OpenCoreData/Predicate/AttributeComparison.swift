import Foundation

/// Reading an attribute as a comparison predicate compares it, without going through `value(forKey:)`,
/// `NSNumber` boxing and the general conversions of `PredicateValue(_:)`: the predicates a fetch
/// evaluates over thousands of objects or rows mostly compare one attribute with a constant.
extension NSComparisonPredicate {
    /// The left-hand value of `key`, an attribute of `object` (a managed object or a stored row), as
    /// `PredicateValue(_:)` gives the value `evaluate(with:)` would read; nil when the fast path does not apply.
    static func attributeComparable(of object: Any?, key: String) -> PredicateValue?? {
        if let managed = object as? NSManagedObject { return managed.comparableAttributeValue(forKey: key) }
        if let row = object as? StoredRowView { return row.comparableAttributeValue(forKey: key) }
        return nil
    }
}

extension NSManagedObject {
    /// The value of the attribute `key` as predicates compare its public value (`value(forKey:)`);
    /// nil when `key` is not an attribute with a fixed type.
    func comparableAttributeValue(forKey key: String) -> PredicateValue?? {
        guard let slot = layout.slot(named: key), case .attribute(let kind) = layout.kinds[slot], kind.isIndexable else { return nil }
        return .some(comparableAttributeValue(at: slot, kind: kind))
    }

    /// The value of the attribute of `kind` at `slot` as predicates compare its public value.
    func comparableAttributeValue(at slot: Int, kind: AttributeKind) -> PredicateValue? {
        fireFaultIfNeeded()
        guard let stored = slots[slot] else { return .null }
        switch kind {
        case .integer16:
            if let integer = stored as? Int64 { return .number(.integer(Int64(Int16(truncatingIfNeeded: integer)))) }
        case .integer32:
            if let integer = stored as? Int64 { return .number(.integer(Int64(Int32(truncatingIfNeeded: integer)))) }
        default:
            break
        }
        return PredicateValue(stored: stored, kind: kind)
    }
}

extension StoredRowView {
    /// The stored value of the attribute `key` as predicates compare it; nil when `key` is not an
    /// attribute with a fixed type.
    func comparableAttributeValue(forKey key: String) -> PredicateValue?? {
        let layout = row.objectID.entity.layout
        guard let slot = layout.slot(named: key), case .attribute(let kind) = layout.kinds[slot], kind.isIndexable,
              slot < row.snapshot.values.count
        else { return nil }
        guard let stored = row.snapshot.values[slot] else { return .some(.null) }
        return .some(PredicateValue(stored: stored, kind: kind))
    }
}
