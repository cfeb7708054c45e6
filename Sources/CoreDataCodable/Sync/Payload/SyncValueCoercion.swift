import Foundation

/// A payload value as the attribute of a mapping by the model's conventions stores it, coerced
/// as Sync does: numbers from numeric strings and strings from numbers, Booleans from 0, 1,
/// "true" or "yes", dates by ``FlexibleDateParser``, JSON arrays and objects into Binary Data, and
/// `sync.valueTransformer` applied first. A dictionary may also hold the attribute's own type
/// (`Date`, `Data`, `UUID`, `URL`, `Decimal`), as a parsed payload an app built itself does.
///
/// A transformable attribute takes what the transformer its model names (`valueTransformerName`)
/// gives, as PropertyMapper does, else a JSON array or object as it is; other values leave it alone.
enum SyncValueCoercion {
    /// The value `attribute` (of `entity`, mapped by `property`) stores for the payload value
    /// `value`, found at `codingPath`: `null` is ``FoundValue/null``, a value a transformable
    /// attribute ignores is ``FoundValue/missing``. A value that cannot be one throws
    /// `DecodingError.typeMismatch`.
    static func value(
        _ value: Any, for property: PropertyMapping, _ attribute: NSAttributeDescription, entity: String,
        codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> FoundValue<Any> {
        guard !isNullValue(value) else { return .null }
        if property.attributeType == .transformableAttributeType { return transformable(value, for: attribute) }
        var value = value
        if let name = property.valueTransformerName, let transformer = ValueTransformer(forName: name) {
            guard let transformed = transformer.transformedValue(value) else { return .null }
            value = transformed
        }
        guard let kind = property.attributeKind else { return .value(value) }
        if property.isIdentity, isJSONCollection(value) {
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                codingPath: codingPath(), debugDescription: "The primary key of a \(entity) must be a number or a string."
            ))
        }
        let coerced: Any? = switch kind.family {
        case .integer: integer(value, for: kind).flatMap(kind.scalarType.converted)
        case .string: string(value)
        case .real: number(value).flatMap(kind.scalarType.converted)
        case .decimal: decimal(value)
        case .boolean: boolean(value)
        case .date: date(value)
        case .binaryData: data(value)
        case .uuid: value as? UUID ?? (value as? String).flatMap(UUID.init(uuidString:))
        case .uri: value as? URL ?? (value as? String).flatMap(URL.init(string:))
        }
        guard let coerced else {
            throw DecodingError.typeMismatch(type(of: value), DecodingError.Context(
                codingPath: codingPath(),
                debugDescription: "\(value) does not fit the attribute \(attribute.name) of type \(kind.modelTypeName)."
            ))
        }
        return .value(coerced)
    }

    /// The transformer names under which Core Data archives values itself: not custom transformers.
    /// The first two are spelled out: Apple deprecates their constants (macOS 10.14, iOS 12), which
    /// models made before then still name.
    private static let archivingNames: Set<NSValueTransformerName> = [
        NSValueTransformerName(rawValue: "NSUnarchiveFromData"), NSValueTransformerName(rawValue: "NSKeyedUnarchiveFromData"),
        .secureUnarchiveFromDataTransformerName,
    ]

    /// What a transformable `attribute` stores for `value`: the output of the custom transformer its
    /// model names, if registered, else a JSON array or object as it is; ``FoundValue/missing`` for
    /// any other value, or when the transformer gives nothing.
    private static func transformable(_ value: Any, for attribute: NSAttributeDescription) -> FoundValue<Any> {
        if let name = attribute.valueTransformerName.map(NSValueTransformerName.init(rawValue:)), !archivingNames.contains(name),
           let transformer = ValueTransformer(forName: name) {
            return transformer.transformedValue(value).map { .value($0) } ?? .missing
        }
        return isJSONCollection(value) ? .value(value) : .missing
    }

    /// `value` as a sync reads it for an integer or string attribute of `kind` (the kinds a primary
    /// key has): a whole number from its text, text from a number. Nil for a value that cannot be
    /// one, and for attributes of other kinds.
    static func keyValue(_ value: Any, for kind: AttributeKind) -> Any? {
        switch kind.family {
        case .integer: integer(value, for: kind).map { $0 as Any }
        case .string: string(value)
        default: nil
        }
    }

    /// The whole number `value` is, when it is one that an attribute of `kind` can hold.
    private static func integer(_ value: Any, for kind: AttributeKind) -> Int64? {
        let integer: Int64?
        if let number = plainNumber(value) {
            integer = AttributeValue.exactInteger(number)
        } else if let text = value as? String {
            let trimmed = text.trimmingWhitespace
            integer = Int64(trimmed) ?? Double(trimmed).flatMap { Int64(exactly: $0) }
        } else if let decimal = value as? Decimal {
            // `JSONSerialization` reads numbers beyond Int64's range as decimals: keep only exact ones.
            integer = AttributeValue.int64(value).flatMap { Decimal($0) == decimal ? $0 : nil }
        } else {
            integer = AttributeValue.int64(value)
        }
        guard let integer else { return nil }
        return kind.scalarType.converted(integer) == nil ? nil : integer
    }

    private static func number(_ value: Any) -> Double? {
        if let number = plainNumber(value) { return number.doubleValue }
        if let text = value as? String { return Double(text.trimmingWhitespace) }
        return AttributeValue.double(value)
    }

    /// A decimal keeps its digits: a `Decimal` (or `NSDecimalNumber`) as it is, text read as a
    /// decimal; a number as the others.
    private static func decimal(_ value: Any) -> Decimal? {
        if plainNumber(value) == nil, let decimal = value as? Decimal { return decimal }
        if let text = value as? String { return Decimal(string: text.trimmingWhitespace) }
        return number(value).flatMap(AttributeValue.decimal)
    }

    private static func boolean(_ value: Any) -> Bool? {
        if let text = value as? String {
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        }
        return AttributeValue.bool(value) ?? AttributeValue.int64(value).flatMap { $0 == 0 ? false : $0 == 1 ? true : nil }
    }

    /// `value` when it is a number as `JSONSerialization` reads one within `Int64` and `Double`: an
    /// `NSNumber` itself, neither a Boolean nor an `NSDecimalNumber`. It is told by its class, since
    /// trying casts to `String`, `Decimal` or Swift integers first cost 0.1 µs each on Linux, for
    /// every number of a payload. (On Apple platforms numbers are of a private subclass and take
    /// the general path.)
    private static func plainNumber(_ value: Any) -> NSNumber? {
        Swift.type(of: value) == NSNumber.self ? value as? NSNumber : nil
    }

    private static func string(_ value: Any) -> String? {
        if let text = value as? String { return text }
        if let integer = AttributeValue.int64(value) { return String(integer) }
        return AttributeValue.double(value).map { String($0) }
    }

    private static func date(_ value: Any) -> Date? {
        if let text = value as? String { return FlexibleDateParser.date(from: text) }
        if let date = value as? Date { return date }
        return AttributeValue.double(value).map { FlexibleDateParser.date(fromTimestamp: $0) }
    }

    private static func data(_ value: Any) -> Data? {
        if let data = value as? Data { return data }
        if isJSONCollection(value) {
            // A JSON array or object is stored as its JSON, with sorted keys.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(JSONObjectValue(value: value))
        }
        return (value as? String).map { Data($0.utf8) }
    }
}
