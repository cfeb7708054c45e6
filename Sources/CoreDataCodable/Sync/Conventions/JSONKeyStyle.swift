/// How model-driven JSON keys are written: `fullName` as `full_name`, or as it is.
public enum JSONKeyStyle: Sendable {
    /// snake_case, with acronyms kept whole: `userID` as `user_id`.
    case snakeCase
    /// The model's own camelCase names.
    case camelCase
}
