import Foundation

/// Whether `value`, a value of a parsed payload, is a JSON array or object (`[Any]`,
/// `[String: Any]`).
func isJSONCollection(_ value: Any) -> Bool {
    !isJSONScalar(value) && (value is [Any] || value is [String: Any])
}

/// `value` as a JSON object; nil for any other value.
func jsonObject(_ value: Any) -> [String: Any]? {
    isJSONScalar(value) ? nil : value as? [String: Any]
}

/// Whether `value` is a string or a number, told by its type alone. Strings and numbers are most of
/// a payload, and on Linux a failing cast of one to an array or dictionary type costs about 0.5 µs.
private func isJSONScalar(_ value: Any) -> Bool {
    let kind = type(of: value)
    return kind == String.self || kind == NSNumber.self || kind == Int64.self || kind == Double.self || kind == Bool.self
}
