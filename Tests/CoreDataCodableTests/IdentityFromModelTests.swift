import CoreDataCodable
import Foundation
import Testing

@Suite("Identity from the model, for types that declare none")
struct IdentityFromModelTests {
    @Test func singleAttributeUniquenessConstraintIsTheIdentity() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let teams = try stack.decode(Many<Team>.self, fixture: "teamsRepeated")
        stack.read {
            #expect(teams.map(\.code) == ["OSL", "BGO", "OSL"])
            #expect(teams[0] === teams[2])
            #expect(teams[0].name == "Oslo FK")
        }
        #expect(try stack.count("Team") == 2)
    }

    @Test func syncPrimaryKeyUserInfoIsTheIdentity() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let players = try stack.decode(Many<Player>.self, fixture: "playersRepeated")
        stack.read {
            #expect(players[0] === players[1])
            #expect(players[0].name == "Ada L.")
        }
        #expect(try stack.count("Player") == 1)
    }

    @Test func declaredNoneKeepsEveryObject() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        _ = try stack.decode(Many<UnidentifiedTeam>.self, fixture: "teamsRepeated")
        #expect(try stack.count("UnidentifiedTeam") == 3)
    }

    @Test func modelWithoutIdentityKeepsEveryObject() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        _ = try stack.decode(Many<Track>.self, fixture: "tracksRepeated")
        #expect(try stack.count("Track") == 2)
    }
}
