import Foundation

/// A payload value in the JSON form the import engine reads for an attribute's type, coerced as
/// Sync does: numbers from numeric strings and strings from numbers, Booleans from 0, 1, "true"
/// or "yes", dates by ``FlexibleDateParser`` (as seconds since 1970), JSON arrays and objects into
/// Binary Data (as base64), and `sync.valueTransformer` applied first. A dictionary may also hold
/// the attribute's own type (`Date`, `Data`, `UUID`, `URL`, `Decimal`), as a parsed payload an app
/// built itself does.
enum SyncValueCoercion {
    /// The JSON value of `value` for `attribute`; `null` stays `NSNull`. A value that cannot be
    /// one throws `DecodingError` at `codingPath`.
    static func jsonValue(_ value: Any, for attribute: NSAttributeDescription, codingPath: @autoclosure () -> [JSONKey]) throws -> Any {
        guard !isNullValue(value) else { return value }
        var value = value
        if let name = attribute.syncValueTransformerName, let transformer = ValueTransformer(forName: NSValueTransformerName(rawValue: name)) {
            guard let transformed = transformer.transformedValue(value) else { return NSNull() }
            value = transformed
        }
        guard let kind = AttributeKind.of(attribute.attributeType) else { return value }
        let coerced: Any? = switch kind.family {
        case .integer, .string: keyValue(value, for: kind)
        case .real: number(value)
        case .decimal: decimal(value)
        case .boolean: boolean(value)
        case .date: date(value)
        case .binaryData: data(value)
        case .uuid: value as? String ?? (value as? UUID)?.uuidString
        case .uri: value as? String ?? (value as? URL)?.absoluteString
        }
        guard let coerced else {
            throw DecodingError.typeMismatch(type(of: value), DecodingError.Context(
                codingPath: codingPath(),
                debugDescription: "\(value) does not fit the attribute \(attribute.name) of type \(kind.modelTypeName)."
            ))
        }
        return coerced
    }

    /// `value` as a sync reads it for an integer or string attribute of `kind` (the kinds a primary
    /// key has): a whole number from its text, text from a number. Nil for a value that cannot be
    /// one, and for attributes of other kinds.
    static func keyValue(_ value: Any, for kind: AttributeKind) -> Any? {
        switch kind.family {
        case .integer: integer(value, for: kind)
        case .string: string(value)
        default: nil
        }
    }

    /// The whole number `value` is, when it is one that an attribute of `kind` can hold.
    private static func integer(_ value: Any, for kind: AttributeKind) -> Any? {
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

    private static func number(_ value: Any) -> Any? {
        if let number = plainNumber(value) { return number.doubleValue }
        if let text = value as? String { return Double(text.trimmingWhitespace) }
        return AttributeValue.double(value)
    }

    /// A decimal keeps its digits: a `Decimal` (or `NSDecimalNumber`) as it is, text read as a
    /// decimal; a number as the others.
    private static func decimal(_ value: Any) -> Any? {
        if plainNumber(value) == nil, let decimal = value as? Decimal { return decimal }
        if let text = value as? String { return Decimal(string: text.trimmingWhitespace) }
        return number(value)
    }

    private static func boolean(_ value: Any) -> Any? {
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

    private static func string(_ value: Any) -> Any? {
        if let text = value as? String { return text }
        if let integer = AttributeValue.int64(value) { return String(integer) }
        return AttributeValue.double(value).map { String($0) }
    }

    private static func date(_ value: Any) -> Any? {
        if let text = value as? String { return FlexibleDateParser.date(from: text)?.timeIntervalSince1970 }
        if let date = value as? Date { return date.timeIntervalSince1970 }
        return AttributeValue.double(value).map { FlexibleDateParser.date(fromTimestamp: $0).timeIntervalSince1970 }
    }

    private static func data(_ value: Any) -> Any? {
        if let data = value as? Data { return data.base64EncodedString() }
        if isJSONCollection(value) {
            return (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]))?.base64EncodedString()
        }
        return (value as? String).map { Data($0.utf8).base64EncodedString() }
    }
}
