import Foundation

/// The form of ISO 8601 date that APIs send most, `2024-05-06T07:08:09Z`, read without a formatter:
/// `Date.ISO8601FormatStyle` took 7,900 instructions a date, more than half of what a typed import
/// of 5,000 people spent reading its attribute values (97.5M of 179.8M instructions).
///
/// It gives the date `Date.ISO8601FormatStyle()` parses from the same text (compared on 100,000
/// random dates), and nil for any text it does not read, which is then left to the formatter:
/// another form, an invalid date (which the formatter rolls over), a leap second, or a year before
/// 1583 (the formatter's calendar is Julian before October 1582).
enum ISO8601Timestamp {
    /// The date `text` gives as `yyyy-MM-ddTHH:mm:ssZ`; nil for any other text.
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(from: $0) }
    }

    private static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(at start: Int, digits: Int) -> Int? {
            bytes[start..<(start + digits)].asciiDecimalValue
        }
        guard let year = number(at: 0, digits: 4), let month = number(at: 5, digits: 2), let day = number(at: 8, digits: 2),
              let hour = number(at: 11, digits: 2), let minute = number(at: 14, digits: 2), let second = number(at: 17, digits: 2),
              year >= 1583, (1...12).contains(month), (1...GregorianDays.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = GregorianDays.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
