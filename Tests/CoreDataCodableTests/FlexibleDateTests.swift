import CoreDataCodable
import Foundation
import Testing

@Suite("Dates as APIs send them (iso8601OrUnixTimestamp)")
struct FlexibleDateTests {
    private struct Sample: Decodable {
        let value: Date
        let expected: String
    }

    private struct Stamp: Decodable {
        let value: Date
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601OrUnixTimestamp
        return decoder
    }

    @Test func everyFormOfSyncsDateTestsParses() throws {
        let samples = try Self.decoder().decode([Sample].self, from: Fixture.data("flexibleDates"))
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        #expect(samples.count == 20)
        for sample in samples {
            // Both sides to the millisecond: two ways of adding a fraction may differ in the last bit.
            let expected = try style.parse(sample.expected)
            #expect(Self.milliseconds(sample.value) == Self.milliseconds(expected), "\(sample.expected)")
        }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    @Test(arguments: [
        "2014-01-02T00:monsterofthelakeI'mhere00:00.007450+00:00", "2014-13-02", "2014-02-30T10:00:00Z",
        "2014-01-02T25:00:00Z", "2014-01-02T10:00:00+0", "yesterday", "",
    ])
    func garbageThrowsDataCorruptedAtItsPath(text: String) throws {
        let json = try JSONSerialization.data(withJSONObject: ["value": text])
        let error = #expect(throws: DecodingError.self) { try Self.decoder().decode(Stamp.self, from: json) }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["value"])
    }

    // Spaces, a tab and a no-break space (U+00A0, a Unicode space separator) around the date.
    @Test(arguments: [" 2014-01-02T12:40:08Z", "2014-01-02T12:40:08Z\t", "\u{00A0}2014-01-02T12:40:08Z\u{00A0}"])
    func whitespaceAroundADateIsIgnored(text: String) throws {
        let json = try JSONSerialization.data(withJSONObject: ["value": text])
        let stamp = try Self.decoder().decode(Stamp.self, from: json)
        #expect(stamp.value == Date(timeIntervalSince1970: 1_388_666_408))
    }

    // JSONCache's `.iso8601WithoutSeparators`: ISO 8601's basic format.
    @Test(arguments: [
        ("20000822T132800Z", 966_950_880.0), ("20000822T1328Z", 966_950_880.0),
        ("20000822T152800+0200", 966_950_880.0), ("20000822T132800.250Z", 966_950_880.25),
    ])
    func theBasicFormatWithoutSeparatorsParses(text: String, seconds: Double) throws {
        let json = try JSONSerialization.data(withJSONObject: ["value": text])
        #expect(try Self.decoder().decode(Stamp.self, from: json).value == Date(timeIntervalSince1970: seconds))
    }

    // Mixed separators, and a basic date without a time (eight digits read as a timestamp instead).
    @Test(arguments: ["2000-0822T13:28:00Z", "200008-22", "20000822T13:28:00Z", "20000822 132800Z"])
    func theBasicFormatTakesNoSeparator(text: String) throws {
        let json = try JSONSerialization.data(withJSONObject: ["value": text])
        #expect(throws: DecodingError.self) { try Self.decoder().decode(Stamp.self, from: json) }
    }
}
