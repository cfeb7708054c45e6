/// A compiled `LIKE` pattern: `*` matches any run of characters, `?` exactly one, `\` escapes the next character.
/// The whole string must match.
struct LikePattern {
    private enum Token: Equatable {
        case anyRun
        case anyCharacter
        case literal(Character)
    }

    private let tokens: [Token]

    init(_ pattern: String) {
        var tokens: [Token] = []
        var escaped = false
        for character in pattern {
            if escaped {
                tokens.append(.literal(character))
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "*" {
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            } else {
                tokens.append(character == "?" ? .anyCharacter : .literal(character))
            }
        }
        self.tokens = tokens
    }

    /// Greedy matching with backtracking to the last `*`: linear for typical patterns, O(n·m) at worst.
    func matches(_ string: String) -> Bool {
        let characters = Array(string)
        var textIndex = 0, tokenIndex = 0
        var lastRun: (token: Int, text: Int)?
        while textIndex < characters.count {
            if tokenIndex < tokens.count, accepts(tokens[tokenIndex], characters[textIndex]) {
                textIndex += 1
                tokenIndex += 1
            } else if tokenIndex < tokens.count, tokens[tokenIndex] == .anyRun {
                lastRun = (tokenIndex, textIndex)
                tokenIndex += 1
            } else if let run = lastRun {
                lastRun = (run.token, run.text + 1)
                tokenIndex = run.token + 1
                textIndex = run.text + 1
            } else {
                return false
            }
        }
        return tokens[tokenIndex...].allSatisfy { $0 == .anyRun }
    }

    private func accepts(_ token: Token, _ character: Character) -> Bool {
        switch token {
        case .anyRun: false
        case .anyCharacter: true
        case .literal(let literal): literal == character
        }
    }
}
