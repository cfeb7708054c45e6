import Foundation

/// The name `JSONDecoder`'s `convertFromSnakeCase` strategy reads a JSON key as, for a payload
/// the library parses itself.
enum SnakeCaseKeys {
    /// The name of `key`: underscores around it kept, its words joined, the first lowercased and the
    /// others capitalized (`user_ID` reads as `userId`). A key of ASCII letters, digits and
    /// underscores is converted here; any other is converted by `JSONDecoder` itself, whose
    /// capitalization follows Unicode's word rules.
    static func converted(_ key: String) -> String {
        let utf8 = key.utf8
        guard utf8.contains(UInt8(ascii: "_")) else { return key }
        guard utf8.allSatisfy({ $0 == UInt8(ascii: "_") || isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return convertedByJSONDecoder(key)
        }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: "_") }), let last = bytes.lastIndex(where: { $0 != UInt8(ascii: "_") }) else {
            return key
        }
        let words = bytes[first...last].split(separator: UInt8(ascii: "_"))
        guard words.count > 1 else { return key }
        var name = Array(bytes[..<first])
        for (position, word) in words.enumerated() {
            // A word's first letter, not its first character, is capitalized (`1abc` reads as `1Abc`).
            var capitalizes = position > 0
            for byte in word {
                let isLetter = isASCIILetter(byte)
                name.append(isLetter && capitalizes ? uppercased(byte) : lowercased(byte))
                if isLetter { capitalizes = false }
            }
        }
        name += bytes[(last + 1)...]
        return String(decoding: name, as: UTF8.self)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    /// The name `JSONDecoder` itself gives `key`, read from a one-key object decoded with the strategy.
    private static func convertedByJSONDecoder(_ key: String) -> String {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let object = try? JSONEncoder().encode([key: 0]), let name = try? decoder.decode(KeyName.self, from: object).name else { return key }
        return name
    }

    /// The only key of a JSON object, as the decoder names it.
    private struct KeyName: Decodable {
        let name: String?

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: JSONKey.self).allKeys.first?.stringValue
        }
    }
}
