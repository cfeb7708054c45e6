/// A one-line fetch query, parsed: `predicate [ORDER BY keyPath [ASC|DESC], ...] [LIMIT n]`.
///
/// The predicate is everything before the first `ORDER BY` or `LIMIT` outside quoted strings; the
/// keywords are matched as whole words in any case.
struct FetchQuery {
    /// A key path to sort by and its direction.
    struct SortKey {
        let keyPath: String
        let ascending: Bool
    }

    /// The query as written, for error messages.
    let text: String
    /// The predicate format, or nil when the query has none.
    let predicateFormat: String?
    /// The `ORDER BY` keys, in order.
    let sortKeys: [SortKey]
    /// The `LIMIT`, or nil when the query has none.
    let limit: Int?

    /// Parses `text`, throwing ``CoreDataCodableError/invalidFetchQuery`` when its clauses are malformed.
    init(parsing text: String) throws {
        self.text = text
        let words = Self.words(of: text)
        let start = words.indices.first { index in
            Self.isKeyword(words[index], "LIMIT")
                || Self.isKeyword(words[index], "ORDER") && Self.isKeyword(words.dropFirst(index + 1).first, "BY")
        } ?? words.endIndex
        let predicate = text[..<(start < words.endIndex ? words[start].startIndex : text.endIndex)]
        predicateFormat = predicate.allSatisfy(\.isWhitespace) ? nil : String(predicate)
        var clauses = words[start...]
        if Self.isKeyword(clauses.first, "ORDER") {
            clauses.removeFirst(2)
            sortKeys = try Self.sortKeys(from: &clauses, of: text)
        } else {
            sortKeys = []
        }
        if Self.isKeyword(clauses.first, "LIMIT") {
            clauses.removeFirst()
            limit = try Self.limit(from: &clauses, of: text)
        } else {
            limit = nil
        }
        if let extra = clauses.first {
            throw Self.invalid(text, Self.isKeyword(extra, "ORDER") && limit != nil
                ? "put ORDER BY before LIMIT"
                : "remove \(Self.describe(extra)), which follows the last clause")
        }
    }

    /// The `ORDER BY` keys: key paths separated by commas, each followed by an optional ASC or DESC.
    private static func sortKeys(from words: inout ArraySlice<Substring>, of text: String) throws -> [SortKey] {
        var keys: [SortKey] = []
        while true {
            let key = words.popFirst()
            guard let key, key.first.map({ $0.isLetter || $0 == "_" }) == true, !isKeyword(key, "LIMIT") else {
                throw invalid(text, "write a key path after ORDER BY and after each comma (found \(describe(key)))")
            }
            keys.append(SortKey(keyPath: String(key), ascending: try ascending(from: &words, after: key, of: text)))
            guard words.first == "," else { return keys }
            words.removeFirst()
        }
    }

    /// The direction after the sort key `key`: ascending unless DESC follows it.
    private static func ascending(from words: inout ArraySlice<Substring>, after key: Substring, of text: String) throws -> Bool {
        guard let word = words.first, word != ",", !isKeyword(word, "LIMIT") else { return true }
        words.removeFirst()
        if isKeyword(word, "ASC") { return true }
        if isKeyword(word, "DESC") { return false }
        throw invalid(text, "write ASC or DESC after the sort key \"\(key)\" (found \(describe(word)))")
    }

    /// The number after LIMIT: a whole number, 0 or more.
    private static func limit(from words: inout ArraySlice<Substring>, of text: String) throws -> Int {
        let word = words.popFirst()
        guard let word, word.allSatisfy({ $0.isASCII && $0.isNumber }), let limit = Int(word) else {
            throw invalid(text, "write a whole number, 0 or more, after LIMIT (found \(describe(word)))")
        }
        return limit
    }

    /// An ``CoreDataCodableError/invalidFetchQuery`` error for `text`, saying what to fix.
    static func invalid(_ text: String, _ reason: String) -> CoreDataCodableError {
        CoreDataCodableError(.invalidFetchQuery(query: text, reason: reason))
    }

    /// `word` quoted, for an error message; the end of the query when there is no word.
    private static func describe(_ word: Substring?) -> String {
        word.map { "\"\($0)\"" } ?? "the end of the query"
    }
}
