/// How ``NSManagedObject/export(using:)`` writes an object.
public struct ExportOptions: Sendable {
    /// How related objects are written.
    public enum Relationships: Sendable {
        /// A to-one as an object, a to-many as an array of objects.
        case array
        /// Rails' nested attributes: `company_attributes: {…}`, `notes_attributes: {"0": {…}, "1": {…}}`,
        /// and an attribute keyed `destroy` as `_destroy`.
        case nested
        /// No relationships.
        case none
        /// Related objects as their primary keys: a to-one as one value (`null` when not set), a
        /// to-many as an array, as `JSONEncoder`'s ``RelationshipEncodingStrategy/identifiers`` writes them.
        /// An object of a composite identity is an object of its identity keys (`{"row": 1, "column": 2}`).
        case identifiers

        /// The `JSONEncoder` strategy that writes relationships this way.
        var encodingStrategy: RelationshipEncodingStrategy {
            switch self {
            case .array: .nestedObjects
            case .nested: .railsNestedAttributes
            case .none: .excluded
            case .identifiers: .identifiers
            }
        }
    }

    /// How related objects are written; `.array` by default.
    public var relationships: Relationships = .array
    /// How keys are written; snake_case by default.
    public var keyStyle: JSONKeyStyle = .snakeCase
    /// How dates are written, as `JSONEncoder` writes them with the same strategy; ISO 8601 in UTC
    /// (`2014-05-13T16:53:20Z`) by default, whatever the device's time zone.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .iso8601

    /// Snake_case keys, related objects as arrays and dates in ISO 8601, UTC.
    public init() {}

    /// The default options without relationships.
    public static let excludedRelationships: ExportOptions = {
        var options = ExportOptions()
        options.relationships = .none
        return options
    }()

    /// The default options with the model's camelCase names as keys.
    public static let camelCase: ExportOptions = {
        var options = ExportOptions()
        options.keyStyle = .camelCase
        return options
    }()
}
