import Foundation

/// Sync's conversions between a model's camelCase names and JSON's snake_case keys, with acronyms
/// kept whole: `userID` ↔ `user_id`, `imageURL` ↔ `image_url`, `inflectionUUID` ↔ `inflection_uuid`.
enum Inflection {
    /// The acronyms written in capitals in model names, longest match first.
    static let acronyms = ["uuid", "id", "pdf", "url", "png", "jpg", "uri", "json", "xml"]

    /// `name` in snake_case: a run of capitals starts a word; an acronym in the run is a word of its
    /// own (`userIDFirst` → `user_id_first`, `plannedToIDs` → `planned_to_ids`). Separators (`_`,
    /// `-`, space) are dropped; nil when `name` holds any other character that is not a letter or digit.
    static func snakeCase(_ name: String) -> String? {
        var output = ""
        var characters = Array(lowercasingFirst(name))[...]
        while let first = characters.first {
            if isSeparator(first) {
                characters = characters.drop(while: isSeparator)
            } else if first.isUppercase {
                let run = String(characters.prefix(while: \.isUppercase)).lowercased()
                characters = characters.drop(while: \.isUppercase)
                output += "_" + splittingAcronym(run)
                output += lowercaseRun(&characters)
            } else if first.isLowercase || first.isNumber {
                output += lowercaseRun(&characters)
            } else {
                return nil
            }
        }
        return output
    }

    /// `key` in camelCase: words after the first capitalized, acronyms in capitals (`user_id` →
    /// `userID`); a key without underscores keeps its letters, with the first one lowercased.
    static func camelCase(_ key: String) -> String {
        guard key.contains("_") else { return lowercasingFirst(key) }
        let words = key.split(whereSeparator: { isSeparator($0) }).map(String.init)
        let joined = words.map { acronyms.contains($0) ? $0.uppercased() : $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return acronyms.contains(joined.lowercased()) ? joined.lowercased() : lowercasingFirst(joined)
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == "_" || character == "-" || character == " "
    }

    private static func lowercasingFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The lowercase letters and digits at the start of `characters`, which it drops.
    private static func lowercaseRun(_ characters: inout ArraySlice<Character>) -> String {
        let run = characters.prefix { $0.isLowercase || $0.isNumber }
        characters = characters.dropFirst(run.count)
        return String(run)
    }

    /// A lowercased run of capitals, with the first acronym it holds split off as its own word.
    private static func splittingAcronym(_ run: String) -> String {
        guard let acronym = acronyms.first(where: { run.contains($0) }), acronym != run else { return run }
        return acronym + "_" + run.replacingOccurrences(of: acronym, with: "")
    }
}
