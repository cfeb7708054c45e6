import CoreDataCodable
import Foundation
import Testing

@Suite("Attribute types")
struct AttributeTypesTests {
    @Test func everyAttributeTypeDecodes() throws {
        let stack = try TestStack()
        let complete = try stack.decode(Complete.self, fixture: "complete")
        stack.read {
            #expect(complete.int16 == 16)
            #expect(complete.int32 == 32)
            #expect(complete.int64 == 64)
            #expect(complete.decimal == Decimal(string: "12.5"))
            #expect(complete.double == 2.25)
            #expect(complete.float == 1.5)
            #expect(complete.bool == true)
            #expect(complete.string == "string")
            #expect(complete.date == Date(timeIntervalSince1970: 1_572_566_400))
            #expect(complete.data == Data("Hello".utf8))
            #expect(complete.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            #expect(complete.uri == URL(string: "https://example.com/path?q=1"))
            #expect(complete.tags == ["one", "two"])
            #expect(complete.point == Point(x: 3, y: 4))
            #expect(complete.initializedBy == "Complete")
        }
        try stack.read { try stack.context.save() }
    }

    // Transformable values are set without comparing them first, so `tags` is the only change.
    @Test func identicalPayloadOfEveryAttributeTypeChangesOnlyTransformables() throws {
        let stack = try TestStack()
        _ = try stack.decode(Complete.self, fixture: "complete")
        try stack.read { try stack.context.save() }
        let complete = try stack.decode(Complete.self, fixture: "complete")
        stack.read { #expect(complete.changedValues().keys.sorted() == ["tags"]) }
    }

    @Test func everyAttributeTypeRoundTrips() throws {
        let stack = try TestStack()
        let complete = try stack.decode(Complete.self, fixture: "complete")
        let encoded = try stack.jsonObject(complete) as? NSDictionary
        let fixture = try JSONSerialization.jsonObject(with: Fixture.data("complete")) as? NSDictionary
        #expect(encoded == fixture)
    }

    @Test func dateAndDataStrategiesApply() throws {
        let stack = try TestStack()
        let decoder = stack.decoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.dataDecodingStrategy = .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }
        let json = Data(#"{"id": 1, "date": "2019-11-01T00:00:00Z", "data": "raw"}"#.utf8)
        let complete = try decoder.decode(Complete.self, from: json)
        stack.read {
            #expect(complete.date == Date(timeIntervalSince1970: 1_572_566_400))
            #expect(complete.data == Data("raw".utf8))
        }
        let encoder = stack.encoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try stack.jsonObject(complete, encoder: encoder) as? [String: Any]
        #expect(object?["date"] as? String == "2019-11-01T00:00:00Z")
    }

    @Test(arguments: [
        ("completeInt16Overflow", "int16"),
        ("completeBoolFromInt", "bool"),
        ("completeIntFromString", "int32"),
        ("completeFractionalInt", "int64"),
    ])
    func wrongJSONTypeThrowsTypeMismatch(fixture: String, key: String) throws {
        let stack = try TestStack()
        let error = #expect(throws: DecodingError.self) {
            try stack.decode(Complete.self, fixture: fixture)
        }
        #expect(isTypeMismatch(error))
        #expect(codingPath(of: error) == [key])
        #expect(try stack.count("Complete") == 0)
    }

    @Test func wrongTypeNeverWritesNilOnUpdate() throws {
        let stack = try TestStack()
        let complete = try stack.decode(Complete.self, fixture: "complete")
        #expect(throws: DecodingError.self) {
            try stack.decode(Complete.self, fixture: "completeUpdate")
        }
        stack.read {
            #expect(complete.int16 == 16)
            #expect(complete.string == "string")
        }
    }

    @Test func transformableWithoutRegisteredTypeThrows() throws {
        let stack = try TestStack()
        let json = Data(#"{"id": 1, "tags": ["a"]}"#.utf8)
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decoder().decode(UnregisteredTransformable.self, from: json)
        }
        #expect(error?.code == CoreDataCodableError.propertyNotDecodable)
        #expect(error?.propertyName == "tags")
        #expect(error?.codingPath.map(\.stringValue) == ["tags"])
        #expect(error?.description.contains("codableAttributes") == true)
    }

    @Test func nullForNonOptionalAttributeThrowsValueNotFound() throws {
        let stack = try TestStack()
        let error = #expect(throws: DecodingError.self) {
            try stack.decoder().decode(Complete.self, from: Data(#"{"id": 1, "int32": null}"#.utf8))
        }
        if case .valueNotFound? = error {} else { Issue.record("expected valueNotFound, got \(String(describing: error))") }
        #expect(codingPath(of: error) == ["int32"])
    }
}

/// `Complete`'s entity without its `codableAttributes`.
final class UnregisteredTransformable: Complete {
    override class var codableAttributes: [String: any Codable.Type] { [:] }
}
