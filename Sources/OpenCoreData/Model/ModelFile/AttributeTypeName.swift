import Foundation

extension NSAttributeType {
    /// The type an Xcode model's `attributeType` names ("Integer 16", "Transformable", ...); an absent
    /// name is `.undefinedAttributeType`, as in models whose transient attributes predate typed ones.
    init?(xcodeName: String?) {
        switch xcodeName {
        case nil, "Undefined": self = .undefinedAttributeType
        case "Integer 16": self = .integer16AttributeType
        case "Integer 32": self = .integer32AttributeType
        case "Integer 64": self = .integer64AttributeType
        case "Decimal": self = .decimalAttributeType
        case "Double": self = .doubleAttributeType
        case "Float": self = .floatAttributeType
        case "String": self = .stringAttributeType
        case "Boolean": self = .booleanAttributeType
        case "Date": self = .dateAttributeType
        case "Binary": self = .binaryDataAttributeType
        case "UUID": self = .UUIDAttributeType
        case "URI": self = .URIAttributeType
        case "Transformable": self = .transformableAttributeType
        case "ObjectID": self = .objectIDAttributeType
        case "Composite": self = .compositeAttributeType
        default: return nil
        }
    }
}

extension AttributeKind {
    /// The stored value that an Xcode model's `defaultValueString` spells, nil when it does not spell one
    /// of this kind (out of range, not a number, not a UUID...).
    ///
    /// Kinds without a textual default (binary data, transformable values) read none: `.some(nil)`.
    func storedValue(fromDefaultString text: String) -> Any?? {
        switch self {
        case .integer16: return Int64(text).flatMap { Int16(exactly: $0) }.map { Int64($0) }
        case .integer32: return Int64(text).flatMap { Int32(exactly: $0) }.map { Int64($0) }
        case .integer64: return Int64(text)
        case .double: return Double(text)
        case .float: return Float(text)
        case .decimal: return Double(text) == nil ? nil : Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .boolean:
            switch text.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        case .string: return text
        case .date: return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) }
        case .uuid: return UUID(uuidString: text)
        case .uri: return URL(string: text)
        case .binary, .any: return .some(nil)
        }
    }
}
