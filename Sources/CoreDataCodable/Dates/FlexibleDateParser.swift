import Foundation

/// Reads the dates APIs send, as Sync's date parser does: ISO 8601 variants and Unix timestamps.
///
/// - ISO 8601: `2014-01-02`, `2014-01-02T12:40:08`, `2009-10-09 12:40:08`, with fractions of any
///   length (`.2`, `.07`, `.123456`, kept to the millisecond as Sync does) and a zone `Z`, `+02:00`,
///   `+0200` or `+02`; also the basic format without separators that JSONCache writes
///   (`20000822T132800Z`). A date without a zone is in UTC.
/// - Unix timestamps in seconds, milliseconds or microseconds, told apart by magnitude (below 10¹¹
///   seconds, below 10¹⁴ milliseconds, else microseconds), as a number or a string of digits.
enum FlexibleDateParser {
    /// The date `text` holds; nil when it is neither form.
    static func date(from text: String) -> Date? {
        let trimmed = text.trimmingWhitespace
        if let number = Double(trimmed), trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) {
            return date(fromTimestamp: number)
        }
        var scanner = DateScanner(trimmed)
        return scanner.iso8601Date()
    }

    /// The date of a Unix timestamp in seconds, milliseconds or microseconds.
    /// Milliseconds and microseconds are kept to the millisecond, as ISO 8601 fractions are.
    static func date(fromTimestamp value: Double) -> Date {
        let magnitude = abs(value)
        guard magnitude >= 1e11 else { return Date(timeIntervalSince1970: value) }
        let milliseconds = (magnitude >= 1e14 ? value / 1000 : value).rounded(.towardZero)
        let seconds = (milliseconds / 1000).rounded(.towardZero)
        return Date(timeIntervalSince1970: seconds + (milliseconds - seconds * 1000) / 1000)
    }
}

/// Reads the fields of an ISO 8601 date, one UTF-8 byte at a time.
private struct DateScanner {
    private let characters: [UInt8]
    private var index = 0

    init(_ text: String) {
        characters = Array(text.utf8)
    }

    mutating func iso8601Date() -> Date? {
        guard let year = digits(4) else { return nil }
        // The extended format separates its fields (`2000-08-22T13:28:00`), the basic one does not
        // (`20000822T132800`), and then always gives a time.
        let extended = take("-")
        guard let month = digits(2), !extended || take("-"), let day = digits(2),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        guard day <= GregorianDays.daysIn(month: month, year: year) else { return nil }
        var seconds = 0
        var milliseconds = 0
        var offset = 0
        if take("T") || (extended && take(" ")) {
            guard let hour = digits(2), !extended || take(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
            seconds = hour * 3600 + minute * 60
            if extended ? take(":") : index < characters.count && isDigit(at: index) {
                guard let second = digits(2), second < 61 else { return nil }
                seconds += second
            }
            if take(".") {
                let fraction = digitRun()
                guard !fraction.isEmpty else { return nil }
                milliseconds = Int(String((fraction + "00").prefix(3))) ?? 0
            }
            guard let zone = zoneOffset() else { return nil }
            offset = zone
        } else if !extended {
            return nil
        }
        guard index == characters.count else { return nil }
        let days = GregorianDays.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + seconds - offset) + Double(milliseconds) / 1000)
    }

    /// The zone's offset from UTC in seconds: 0 for `Z` or no zone; nil when malformed.
    private mutating func zoneOffset() -> Int? {
        if index == characters.count || take("Z") { return 0 }
        let sign: Int
        if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
        guard let hours = digits(2), hours < 24 else { return nil }
        var minutes = 0
        if take(":") {
            guard let value = digits(2) else { return nil }
            minutes = value
        } else if let value = digits(2) {
            minutes = value
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < characters.count, characters[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private func isDigit(at position: Int) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[position])
    }

    /// Exactly `count` ASCII digits as a number.
    private mutating func digits(_ count: Int) -> Int? {
        guard index + count <= characters.count, let value = characters[index..<(index + count)].asciiDecimalValue else { return nil }
        index += count
        return value
    }

    /// The ASCII digits from here on.
    private mutating func digitRun() -> String {
        let start = index
        while index < characters.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[index]) { index += 1 }
        return String(decoding: characters[start..<index], as: UTF8.self)
    }
}
