import CoreDataCodable
import Foundation
import Testing

/// A reading of a sensor: a class that keeps the default hooks, whose `Many` the library parses
/// itself when `JSONDecoder` decodes it.
final class Reading: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var userId: Int64
    @Managed var celsiusValue: Double
    @Managed var small: Int16
    @Managed var confirmed: Bool
    @Managed var takenAt: Date?

    static let identityAttribute: IdentityAttribute = "userId"

    /// The model of `Reading` alone.
    static let model: NSManagedObjectModel = {
        let entity = NSEntityDescription()
        entity.name = "Reading"
        entity.managedObjectClassName = String(reflecting: Reading.self)
        let types: [(String, NSAttributeType)] = [
            ("userId", .integer64AttributeType), ("celsiusValue", .doubleAttributeType), ("small", .integer16AttributeType),
            ("confirmed", .booleanAttributeType), ("takenAt", .dateAttributeType),
        ]
        entity.properties = types.map { name, type in
            let attribute = NSAttributeDescription()
            attribute.name = name
            attribute.attributeType = type
            attribute.isOptional = true
            return attribute
        }
        let model = NSManagedObjectModel()
        model.entities = [entity]
        return model
    }()
}

/// A subclass adds nothing, but `JSONDecoder` then parses every payload itself.
private final class SubclassedDecoder: JSONDecoder, @unchecked Sendable {}

@Suite("Many decoded by JSONDecoder, parsed by the library")
struct JSONDecoderParsingTests {
    /// Decodes `json` as readings into a new context with `decoder`, set as the library's
    /// users set theirs: keys from snake case, ISO 8601 dates.
    private func decode(_ json: String, with decoder: JSONDecoder = JSONDecoder()) throws -> (TestStack, [Reading]) {
        let stack = try TestStack(model: Reading.model)
        decoder.managedObjectContext = stack.context
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let readings = try stack.read { try decoder.decode(Many<Reading>.self, from: Data(json.utf8)).array }
        return (stack, readings)
    }

    /// The error `decode` throws for `json`.
    private func error(decoding json: String, with decoder: JSONDecoder = JSONDecoder()) -> DecodingError? {
        do {
            _ = try decode(json, with: decoder)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    private func paths(_ error: DecodingError?) -> [String]? {
        switch error {
        case .typeMismatch(_, let context)?, .dataCorrupted(let context)?, .valueNotFound(_, let context)?: context.codingPath.map(\.stringValue)
        default: nil
        }
    }

    @Test func valuesAreReadAsJSONDecoderReadsThem() throws {
        let json = #"[{"user_id": 7, "celsius_value": 21.5, "small": 3, "confirmed": true, "taken_at": "2024-03-01T10:00:00Z"}]"#
        let (stack, readings) = try decode(json)
        stack.read {
            #expect(readings.count == 1)
            #expect(readings.first?.userId == 7)
            #expect(readings.first?.celsiusValue == 21.5)
            #expect(readings.first?.small == 3)
            #expect(readings.first?.confirmed == true)
            #expect(readings.first?.takenAt == Date(timeIntervalSince1970: 1_709_287_200))
        }
    }

    @Test func snakeCaseKeysAreNamedAsJSONDecoderNamesThem() throws {
        // `USER_ID` reads as `userId`: each word but the first capitalized, the rest lowercased.
        let (stack, readings) = try decode(#"[{"USER_ID": 7, "celsius__value": 2.5}]"#)
        stack.read {
            #expect(readings.first?.userId == 7)
            #expect(readings.first?.celsiusValue == 2.5)
        }
    }

    @Test func aKeyGivenTwiceKeepsItsFirstValue() throws {
        let (stack, readings) = try decode(#"[{"user_id": 7, "small": 1, "small": 2}]"#)
        stack.read { #expect(readings.first?.small == 1) }
    }

    /// The type of the type mismatch `error` is, if it is one.
    private func mismatchedType(_ error: DecodingError?) -> ObjectIdentifier? {
        guard case .typeMismatch(let type, _)? = error else { return nil }
        return ObjectIdentifier(type)
    }

    @Test func aNumberIsNotABoolean() {
        let json = #"[{"user_id": 7, "confirmed": 1}]"#
        let error = error(decoding: json)
        #expect(mismatchedType(error) == ObjectIdentifier(Bool.self))
        #expect(paths(error) == ["Index 0", "confirmed"])
        #expect(paths(self.error(decoding: json, with: SubclassedDecoder())) == ["Index 0", "confirmed"])
    }

    @Test func aNumberThatDoesNotFitIsATypeMismatchAtItsPath() {
        let json = #"[{"user_id": 7}, {"user_id": 8, "small": 70000}]"#
        let error = error(decoding: json)
        #expect(mismatchedType(error) == ObjectIdentifier(Int16.self))
        #expect(paths(error) == ["Index 1", "small"])
        #expect(paths(self.error(decoding: json, with: SubclassedDecoder())) == ["Index 1", "small"])
    }

    @Test func anUnreadableDateIsReportedAtItsOwnPath() {
        let json = #"[{"user_id": 7, "taken_at": "yesterday"}]"#
        let error = error(decoding: json)
        guard case .dataCorrupted? = error else {
            Issue.record("Expected corrupted data, got \(String(describing: error))")
            return
        }
        #expect(paths(error) == ["Index 0", "takenAt"])
    }

    @Test func datesAreReadAsJSONDecoderReadsThem() throws {
        // Leap days, the ends of months and years, the first year of the Gregorian calendar and
        // the last four-digit one, and dates JSONDecoder's formatter rolls over or reads in the
        // Julian calendar.
        var texts = [
            "2024-02-29T23:59:59Z", "2000-02-29T00:00:00Z", "1900-02-28T12:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
            "1583-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2023-04-30T08:30:15Z", "1582-10-14T00:00:00Z", "2023-02-29T00:00:00Z",
            "2024-01-01T24:00:00Z", "2016-12-31T23:59:60Z",
        ]
        for step in 0..<200 {
            let year = 1583 + step * 41, month = 1 + step % 12, day = 1 + step * 7 % 31, hour = step % 24, minute = step * 13 % 60
            texts.append(String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, min(day, 28), hour, minute, step % 60))
        }
        let json = "[" + texts.enumerated().map { #"{"user_id": \#($0.offset), "taken_at": "\#($0.element)"}"# }.joined(separator: ",") + "]"
        let (stack, readings) = try decode(json)
        let (foundationStack, foundationReadings) = try decode(json, with: SubclassedDecoder())
        let dates = stack.read { readings.map(\.takenAt) }
        let foundationDates = foundationStack.read { foundationReadings.map(\.takenAt) }
        #expect(dates.count == texts.count)
        #expect(dates == foundationDates)
    }

    @Test func aNumberForAnISO8601DateIsATypeMismatchAtItsPath() {
        let json = #"[{"user_id": 7, "taken_at": 1709287200}]"#
        let error = error(decoding: json)
        #expect(mismatchedType(error) == ObjectIdentifier(String.self))
        #expect(paths(error) == ["Index 0", "takenAt"])
        #expect(mismatchedType(self.error(decoding: json, with: SubclassedDecoder())) == ObjectIdentifier(String.self))
    }

    @Test func invalidJSONSaysWhereItBroke() {
        let error = error(decoding: #"[{"user_id": 7}, {"user_id": 8 "small": 1}]"#)
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("Expected corrupted data, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == "The given data was not valid JSON.")
        #expect(context.underlyingError.map { String(describing: $0) } == "Expected ',' or '}' in an object at byte 31.")
    }

    @Test func invalidJSONAfterTheFirstObjectsLeavesTheContextAsItWas() throws {
        let stack = try TestStack(model: Reading.model)
        let decoder = JSONDecoder()
        decoder.managedObjectContext = stack.context
        let json = #"[{"userId": 1}, {"userId": 2}, {"userId": 3]"#
        #expect(throws: DecodingError.self) { _ = try stack.read { try decoder.decode(Many<Reading>.self, from: Data(json.utf8)) } }
        let (hasChanges, count) = try stack.read {
            (stack.context.hasChanges, try stack.context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Reading")))
        }
        #expect(hasChanges == false)
        #expect(count == 0)
    }

    @Test func aTopLevelObjectGetsJSONDecodersOwnError() {
        let error = error(decoding: #"{"user_id": 7}"#)
        #expect(mismatchedType(error) == ObjectIdentifier([Any].self))
    }
}
