import CoreDataCodable
import Foundation
import Testing

@Suite("Typed classes with the model's keys (UsingModelKeys)")
struct ModelKeysTests {
    @Test func decodesBySyncsKeyConventions() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let members = try stack.decode(Many<SyncMember>.self, fixture: "members_model_keys")
        stack.read {
            #expect(members[0] === members[1])
            #expect(members[0].remoteID == 1)
            #expect(members[0].fullName == "Ada King")
            #expect(members[0].avatarURL == "https://example.com/ada.png")
            #expect(members[0].syncMemberType == "founder")
            #expect(members[0].nickname == "ada")
        }
    }

    @Test func encodesBySyncsKeyConventions() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let member = try #require(try stack.decode(Many<SyncMember>.self, fixture: "members_model_keys").first)
        let json = try stack.json(member)
        #expect(json == #"{"avatar_url":"https:\/\/example.com\/ada.png","full_name":"Ada King","id":1,"profile":{"nick":"ada"},"type":"founder"}"#)
    }
}
