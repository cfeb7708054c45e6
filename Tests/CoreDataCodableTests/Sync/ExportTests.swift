import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The fixture is an Xcode model file, which OpenCoreData reads as it is; Core Data reads compiled models.
@Suite("Export by the model (PropertyMapper's export)")
struct ExportTests {
    private static let model: NSManagedObjectModel? = {
        guard let url = Bundle.module.url(forResource: "Export", withExtension: "xcdatamodeld", subdirectory: "Fixtures") else { return nil }
        return try? NSManagedObjectModel(validatingContentsOf: url)
    }()

    /// A user with every attribute set, a company, two notes and two playlists, exported with `options`.
    private static func exportedUser(
        _ options: ExportOptions = ExportOptions(), configure: (NSManagedObject) -> Void = { _ in }
    ) throws -> [String: Any] {
        let stack = try TestStack(model: try #require(model))
        return stack.read {
            let context = stack.context
            let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
            user.setValue(Int64(7), forKey: "remoteID")
            user.setValue("C-1", forKey: "contractID")
            user.setValue(URL(string: "https://example.com/a.png"), forKey: "imageURL")
            user.setValue(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), forKey: "inflectionUUID")
            user.setValue("A user", forKey: "userDescription")
            user.setValue("admin", forKey: "userType")
            user.setValue(Int16(42), forKey: "age")
            user.setValue("Acme", forKey: "companyName")
            user.setValue("Oslo", forKey: "companyCity")
            user.setValue("secret", forKey: "password")
            user.setValue(4.5, forKey: "rating")
            user.setValue(true, forKey: "isActive")
            user.setValue(Decimal(string: "12.50"), forKey: "balance")
            user.setValue(Date(timeIntervalSince1970: 1_400_000_000), forKey: "createdAt")
            user.setValue(Data(#"["chess","go"]"#.utf8), forKey: "hobbies")
            user.setValue(["theme": "dark"] as NSDictionary, forKey: "settings")
            let company = NSEntityDescription.insertNewObject(forEntityName: "Company", into: context)
            company.setValue(Int64(3), forKey: "id")
            company.setValue("Acme", forKey: "name")
            user.setValue(company, forKey: "company")
            var notes: [NSManagedObject] = []
            for (id, text) in [(Int64(2), "second"), (Int64(1), "first")] {
                let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
                note.setValue(id, forKey: "noteID")
                note.setValue(text, forKey: "text")
                note.setValue(false, forKey: "destroy")
                notes.append(note)
            }
            user.setValue(NSSet(array: notes), forKey: "notes")
            var playlists: [NSManagedObject] = []
            for (id, title) in [(Int64(9), "Rock"), (Int64(4), "Jazz")] {
                let playlist = NSEntityDescription.insertNewObject(forEntityName: "Playlist", into: context)
                playlist.setValue(id, forKey: "id")
                playlist.setValue(title, forKey: "title")
                playlists.append(playlist)
            }
            user.setValue(NSOrderedSet(array: playlists), forKey: "playlists")
            configure(user)
            return user.export(using: options)
        }
    }

    @Test func attributesUseSnakeCaseWithAcronymsKeptWhole() throws {
        let json = try Self.exportedUser()
        #expect(json["contract_id"] as? String == "C-1")
        #expect(json["image_url"] as? String == "https://example.com/a.png")
        #expect(json["inflection_uuid"] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func remoteIDIsExportedAsId() throws {
        let json = try Self.exportedUser()
        #expect(json["id"] as? Int == 7)
        #expect(json["remote_id"] == nil)
    }

    @Test func reservedWordsArePutBack() throws {
        let json = try Self.exportedUser()
        #expect(json["description"] as? String == "A user")
        #expect(json["type"] as? String == "admin")
        #expect(json["user_description"] == nil)
    }

    @Test func customRemoteKeyIsUsed() throws {
        let json = try Self.exportedUser()
        #expect(json["age_of_person"] as? Int == 42)
        #expect(json["age"] == nil)
    }

    @Test func keyPathRemoteKeysBuildNestedDictionaries() throws {
        let json = try Self.exportedUser()
        let company = try #require(json["company_info"] as? [String: Any])
        #expect(company["name"] as? String == "Acme")
        #expect(company["city"] as? String == "Oslo")
        #expect(company.count == 2)
    }

    @Test func nonExportableAndTransformableAttributesAreLeftOut() throws {
        let json = try Self.exportedUser()
        #expect(json["password"] == nil)
        #expect(json["settings"] == nil)
    }

    @Test func unsetAttributeIsNull() throws {
        let json = try Self.exportedUser()
        #expect(json["first_name"] is NSNull)
    }

    @Test func numbersAndBooleansAreNumbers() throws {
        let json = try Self.exportedUser()
        #expect(json["rating"] as? Double == 4.5)
        #expect(json["is_active"] as? Bool == true)
        #expect((json["balance"] as? NSDecimalNumber)?.decimalValue == Decimal(string: "12.50"))
    }

    @Test func dateIsISO8601InUTCByDefault() throws {
        let json = try Self.exportedUser()
        #expect(json["created_at"] as? String == "2014-05-13T16:53:20Z")
    }

    @Test func dateFollowsTheDateEncodingStrategy() throws {
        var options = ExportOptions()
        options.dateEncodingStrategy = .millisecondsSince1970
        let json = try Self.exportedUser(options)
        #expect(json["created_at"] as? Double == 1_400_000_000_000)
    }

    @Test func binaryDataHoldingJSONIsExportedAsThatJSON() throws {
        let json = try Self.exportedUser()
        #expect(json["hobbies"] as? [String] == ["chess", "go"])
    }

    @Test func toOneIsAnObjectWithoutTheRelationshipBack() throws {
        let json = try Self.exportedUser()
        let company = try #require(json["company"] as? [String: Any])
        #expect(company["id"] as? Int == 3)
        #expect(company["name"] as? String == "Acme")
        #expect(company["employees"] == nil)
    }

    @Test func unsetToOneIsNull() throws {
        let json = try Self.exportedUser { $0.setValue(nil, forKey: "company") }
        #expect(json["company"] is NSNull)
    }

    @Test func unsetToOneIsLeftOutOfRailsAttributes() throws {
        var options = ExportOptions()
        options.relationships = .nested
        let json = try Self.exportedUser(options) { $0.setValue(nil, forKey: "company") }
        #expect(json["company_attributes"] == nil)
        #expect(json["company"] == nil)
    }

    @Test func identifiersWriteRelatedObjectsAsTheirPrimaryKeys() throws {
        var options = ExportOptions()
        options.relationships = .identifiers
        let json = try Self.exportedUser(options)
        #expect(json["company"] as? Int == 3)
        #expect(json["notes"] as? [Int] == [1, 2])
        #expect(json["playlists"] as? [Int] == [9, 4])
    }

    @Test func identifiersWriteAnUnsetToOneAsNull() throws {
        var options = ExportOptions()
        options.relationships = .identifiers
        let json = try Self.exportedUser(options) { $0.setValue(nil, forKey: "company") }
        #expect(json["company"] is NSNull)
    }

    @Test func toManyIsAnArraySortedByPrimaryKey() throws {
        let json = try Self.exportedUser()
        let notes = try #require(json["notes"] as? [[String: Any]])
        #expect(notes.map { $0["note_id"] as? Int } == [1, 2])
        #expect(notes.map { $0["text"] as? String } == ["first", "second"])
        #expect(notes.allSatisfy { $0["user"] == nil })
    }

    @Test func orderedToManyKeepsItsOrder() throws {
        let json = try Self.exportedUser()
        let playlists = try #require(json["playlists"] as? [[String: Any]])
        #expect(playlists.map { $0["title"] as? String } == ["Rock", "Jazz"])
    }

    @Test func nestedRelationshipsUseRailsAttributes() throws {
        var options = ExportOptions()
        options.relationships = .nested
        let json = try Self.exportedUser(options)
        let company = try #require(json["company_attributes"] as? [String: Any])
        #expect(company["name"] as? String == "Acme")
        let notes = try #require(json["notes_attributes"] as? [String: Any])
        #expect(notes.keys.sorted() == ["0", "1"])
        let first = try #require(notes["0"] as? [String: Any])
        #expect(first["text"] as? String == "first")
        #expect(first["_destroy"] as? Bool == false)
        #expect(json["company"] == nil)
    }

    @Test func excludedRelationshipsLeavesThemOut() throws {
        let json = try Self.exportedUser(.excludedRelationships)
        #expect(json["company"] == nil)
        #expect(json["notes"] == nil)
        #expect(json["playlists"] == nil)
        #expect(json["contract_id"] as? String == "C-1")
    }

    @Test func camelCaseKeepsModelNames() throws {
        let json = try Self.exportedUser(.camelCase)
        #expect(json["contractID"] as? String == "C-1")
        #expect(json["firstName"] is NSNull)
        #expect(json["description"] as? String == "A user")
        #expect(json["age_of_person"] as? Int == 42)
        #expect(json["id"] as? Int == 7)
    }

    @Test func valueTransformerGivesItsReverseTransformedValue() throws {
        ValueTransformer.setValueTransformer(NameListTransformer(), forName: NSValueTransformerName("ExportTestsNameList"))
        let json = try Self.exportedUser { $0.setValue("Bob Dylan", forKey: "nickname") }
        #expect(json["nickname"] as? [String] == ["Bob Dylan"])
    }

    /// A relationship's key is the one a sync reads it under: its `sync.remoteKey` here.
    @Test func relationshipIsWrittenUnderItsRemoteKey() throws {
        let stack = try TestStack(model: try #require(Self.model))
        let json = stack.read {
            let album = NSEntityDescription.insertNewObject(forEntityName: "Album", into: stack.context)
            album.setValue(Int64(1), forKey: "id")
            let artist = NSEntityDescription.insertNewObject(forEntityName: "Artist", into: stack.context)
            artist.setValue(Int64(5), forKey: "id")
            artist.setValue("Nina Simone", forKey: "name")
            album.setValue(artist, forKey: "artist")
            return album.export()
        }
        #expect((json["performer"] as? [String: Any])?["name"] as? String == "Nina Simone")
    }

    @Test func resultIsValidJSON() throws {
        let json = try Self.exportedUser()
        #expect(JSONSerialization.isValidJSONObject(json))
    }
}
/// Sync's "bad API" transformer: the API sends a name as a one-element array.
private final class NameListTransformer: ValueTransformer {
    override class func allowsReverseTransformation() -> Bool { true }
    override func transformedValue(_ value: Any?) -> Any? { (value as? [String])?.first }
    override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? String).map { [$0] } }
}
#endif
