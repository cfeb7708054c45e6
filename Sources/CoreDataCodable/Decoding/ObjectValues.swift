import Foundation

/// The values of one JSON object being decoded: its keyed container, plus the values that
/// `container(for:)` set through the container's subscript, which win over the JSON.
struct ObjectValues {
    let container: KeyedDecodingContainer<JSONKey>
    /// Values set by key string; a nil value reads as JSON `null`.
    var manualValues: [String: Any?] = [:]

    /// The values of the JSON object `decoder` holds. The import's own decoders give their
    /// containers without the generic `container(keyedBy:)`.
    init(decoder: any Decoder) throws {
        // Told by type before casting: a failing cast of a class to a struct checks for bridging,
        // which costs a conformance lookup per object.
        let kind = type(of: decoder)
        if kind == ObjectDecoder.self, let object = decoder as? ObjectDecoder {
            container = object.container
        } else if kind == IdentifierDecoder.self, let identifier = decoder as? IdentifierDecoder {
            container = identifier.objectContainer
        } else {
            container = try decoder.container(keyedBy: JSONKey.self)
        }
    }

    /// The values of a container, none set manually.
    init(container: KeyedDecodingContainer<JSONKey>) {
        self.container = container
    }

    var codingPath: [any CodingKey] { container.codingPath }

    /// Whether `container(for:)` set a value (or nil) for `property`.
    func hasManualValue(for property: PropertyMapping) -> Bool {
        !manualValues.isEmpty && manualValues[property.keyString] != nil
    }

    /// The value `container(for:)` set for `property`: nil when none was set, `.some(nil)` for nil.
    func manualValue(for property: PropertyMapping) -> Any?? {
        manualValues.isEmpty ? nil : manualValues[property.keyString]
    }

    /// The JSON keys of the object and the keys of values set manually, sorted, for error messages.
    var receivedKeys: [String] {
        Set(container.allKeys.map(\.stringValue)).union(manualValues.keys).sorted()
    }

    /// The container holding the last component of `path` and that component; nil when a
    /// component is missing or an intermediate value is `null`.
    ///
    /// An intermediate value that is not an object throws `DecodingError.typeMismatch`.
    func locate(_ path: [JSONKey]) throws -> (container: KeyedDecodingContainer<JSONKey>, key: JSONKey)? {
        guard let last = path.last else { return nil }
        if path.count == 1 { return container.contains(last) ? (container, last) : nil }
        var current = container
        for key in path.dropLast() {
            guard current.contains(key), try !current.decodeNil(forKey: key) else { return nil }
            current = try current.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        }
        return current.contains(last) ? (current, last) : nil
    }

    /// Where `property`'s value is: at its ``PropertyMapping/path``, else at the first of its
    /// alternate paths, then of its identifier paths, that is present; nil when none is.
    ///
    /// Inlined: the container's layout is opaque outside the standard library, and handing the
    /// result through one more call cost runtime tuple witnesses on every relationship read (1% of
    /// an update's instructions).
    @inline(__always)
    func locate(_ property: PropertyMapping) throws -> (container: KeyedDecodingContainer<JSONKey>, key: JSONKey)? {
        if let found = try locate(property.path) { return found }
        for path in property.alternatePaths {
            if let found = try locate(path) { return found }
        }
        for path in property.identifierPaths {
            if let found = try locate(path) { return found }
        }
        return nil
    }

    /// The coding path of a value at `path`, for errors.
    func codingPath(to path: [JSONKey]) -> [any CodingKey] {
        codingPath + path
    }
}

/// A property's value in a JSON object.
enum FoundValue<Value> {
    /// The key is absent: the property is left as it is.
    case missing
    /// The value is JSON `null` (or was set to nil in `container(for:)`).
    case null
    case value(Value)
}
