import Foundation

/// A hash index of one attribute of an in-memory table: the keys of the rows holding each value, with
/// values as predicate comparisons see them (`PredicateValue`), so `==` and `IN` lookups are exact.
struct InMemoryIndex {
    /// The keys of one value's rows: most values (identifiers) have one row.
    private enum Bucket {
        case one(Int64)
        case many(Set<Int64>)
    }

    private var buckets: [PredicateValue: Bucket]

    /// An empty index with room for `capacity` values.
    init(capacity: Int = 0) {
        buckets = Dictionary(minimumCapacity: capacity)
    }

    /// Indexes `key`, a row holding `value`.
    mutating func insert(_ key: Int64, for value: PredicateValue) {
        // One hash for the usual new value; a value with rows already gets them back with `key`.
        switch buckets.updateValue(.one(key), forKey: value) {
        case nil:
            break
        case .one(let existing):
            if existing != key { buckets[value] = .many([existing, key]) }
        case .many(var keys):
            keys.insert(key)
            buckets[value] = .many(keys)
        }
    }

    /// Stops indexing `key` under `value`.
    mutating func remove(_ key: Int64, for value: PredicateValue) {
        switch buckets[value] {
        case .one(let existing) where existing == key:
            buckets[value] = nil
        case .many(var keys):
            buckets[value] = nil
            keys.remove(key)
            if keys.count == 1, let last = keys.first {
                buckets[value] = .one(last)
            } else if !keys.isEmpty {
                buckets[value] = .many(keys)
            }
        case .one, nil:
            break
        }
    }

    /// Appends the keys of the rows holding `value` to `keys`.
    func appendKeys(for value: PredicateValue, to keys: inout [Int64]) {
        switch buckets[value] {
        case .one(let key): keys.append(key)
        case .many(let found): keys.append(contentsOf: found)
        case nil: break
        }
    }
}

extension AttributeKind {
    /// Whether an in-memory store can index values of this kind (transformable values are compared
    /// in ways a hash cannot answer, collections included).
    var isIndexable: Bool {
        switch self {
        case .any: false
        case .integer16, .integer32, .integer64, .decimal, .double, .float, .string, .boolean, .date, .binary, .uuid, .uri: true
        }
    }
}
