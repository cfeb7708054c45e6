import Foundation

/// A key path split once into components, evaluated with key-value coding semantics:
/// a collection met in the middle of the path maps the rest of the path over its elements,
/// and `@count`, `@sum`, `@avg`, `@min`, `@max` aggregate the collection they follow.
struct ParsedKeyPath: Sendable {
    /// One step of a key path.
    enum Component: Sendable, Equatable {
        case key(String)
        case count
        case sum, average, minimum, maximum
    }

    let keyPath: String
    let components: [Component]

    init(_ keyPath: String) {
        self.keyPath = keyPath
        components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map { Self.component(String($0)) }
    }

    private static func component(_ text: String) -> Component {
        switch text.lowercased() {
        case "@count": .count
        case "@sum": .sum
        case "@avg": .average
        case "@min": .minimum
        case "@max": .maximum
        default: .key(text)
        }
    }

    /// The single plain key when the path has exactly one component without a collection operator.
    var singleKey: String? {
        guard components.count == 1, case .key(let key) = components[0], !key.contains("@") else { return nil }
        return key
    }

    /// The value at the end of the path, starting from `object`.
    func value(of object: Any?) -> Any? {
        Self.value(of: object, components[...])
    }

    private static func value(of object: Any?, _ path: ArraySlice<Component>) -> Any? {
        guard let object, let first = path.first else { return object }
        let rest = path.dropFirst()
        switch first {
        case .key(let key):
            if let elements = collectionElements(object) {
                return elements.map { value(of: $0, path) ?? NSNull() }
            }
            return value(of: keyValue(of: object, forKey: key), rest)
        case .count:
            return collectionElements(object).map { $0.count }
        case .sum, .average, .minimum, .maximum:
            guard let elements = collectionElements(object) else { return nil }
            let values = elements.compactMap { value(of: $0, rest) }
            return aggregate(first, values)
        }
    }

    private static func aggregate(_ operation: Component, _ values: [Any]) -> Any? {
        switch operation {
        case .minimum:
            return values.min { orderedAscending($0, $1) }
        case .maximum:
            return values.max { orderedAscending($0, $1) }
        default:
            let numbers = values.compactMap { NumericValue($0) }
            let total = numbers.reduce(NumericValue.integer(0), +)
            guard operation == .average else { return total.value }
            return numbers.isEmpty ? nil : total.doubleValue / Double(numbers.count)
        }
    }

    private static func orderedAscending(_ lhs: Any, _ rhs: Any) -> Bool {
        compareValues(lhs, rhs) == .orderedAscending
    }
}
