/// Splitting a fetch query into words, so that its clauses are found outside quoted strings.
extension FetchQuery {
    /// The words of `text`: runs of characters up to white space, a quote, a comma or a parenthesis;
    /// each comma and parenthesis is a word of its own, and a quoted string (quotes included, `\`
    /// escaping the next character) is one word, so that no keyword is found inside it.
    static func words(of text: String) -> [Substring] {
        var words: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let end: String.Index
            if character.isWhitespace {
                index = text.index(after: index)
                continue
            } else if character == "\"" || character == "'" {
                end = endOfQuote(character, in: text, after: index)
            } else if isPunctuation(character) {
                end = text.index(after: index)
            } else {
                end = text[index...].firstIndex { $0.isWhitespace || $0 == "\"" || $0 == "'" || isPunctuation($0) }
                    ?? text.endIndex
            }
            words.append(text[index..<end])
            index = end
        }
        return words
    }

    /// Whether `word` is the keyword `keyword` (written in capitals), in any case.
    static func isKeyword(_ word: Substring?, _ keyword: String) -> Bool {
        word?.uppercased() == keyword
    }

    private static func isPunctuation(_ character: Character) -> Bool {
        character == "," || character == "(" || character == ")"
    }

    /// The index after the quote `quote` that closes the string opened at `start`, or the end of
    /// `text` when the string is not closed.
    private static func endOfQuote(_ quote: Character, in text: String, after start: String.Index) -> String.Index {
        var index = text.index(after: start)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == quote { return index }
            if character == "\\", index < text.endIndex { index = text.index(after: index) }
        }
        return text.endIndex
    }
}
