import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// Dates as APIs send them, as Sync reads them: ISO 8601 with or without time, fractions and
    /// zone (a date without a zone is in UTC), in the extended format (`2000-08-22T13:28:00Z`) or
    /// the basic one (`20000822T132800Z`), or a Unix timestamp in seconds, milliseconds or
    /// microseconds, as a number or a string. Anything else throws `DecodingError.dataCorrupted`.
    public static var iso8601OrUnixTimestamp: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { return FlexibleDateParser.date(fromTimestamp: number) }
            let text = try container.decode(String.self)
            guard let date = FlexibleDateParser.date(from: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(text) is neither an ISO 8601 date nor a Unix timestamp."
                ))
            }
            return date
        }
    }
}
