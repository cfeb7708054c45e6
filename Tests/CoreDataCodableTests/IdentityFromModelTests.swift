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

    @Test func compositeUniquenessConstraintIsTheIdentity() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let matches = try stack.decode(Many<Match>.self, fixture: "matchesRepeated")
        stack.read {
            #expect(matches[0] === matches[2])
            #expect(matches[0].score == "2-1")
        }
        #expect(try stack.count("Match") == 2)
    }

    @Test func plainEntityIsIdentifiedByItsUserInfo() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let matches = try stack.decode(Many<Match>.self, fixture: "matchesRepeated")
        stack.read {
            #expect(matches[0].venue?.value(forKey: "name") as? String == "Ullevaal Stadion")
            #expect(matches[0].venue?.value(forKey: "venueID") as? Int64 == 7)
        }
        #expect(try stack.count("Venue") == 2)
    }

    @Test func grootIdentityAttributesOfTheEntityAreTheIdentity() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let coaches = try stack.decode(Many<Coach>.self, fixture: "coachesRepeated")
        stack.read {
            #expect(coaches[0] === coaches[2])
            #expect(coaches[0].name == "Kjetil R.")
        }
        #expect(try stack.count("Coach") == 2)
    }

    @Test func syncByEntityNameUniquesByTheUniquenessConstraint() throws {
        let stack = try TestStack(model: TestModel.modelIdentity)
        let changes = try stack.read { try stack.context.sync(try Fixture.data("teamsRepeated"), inEntityNamed: "Team") }
        let teams = try stack.all(Team.self, entity: "Team")
        let names = stack.read { teams.map { "\($0.code ?? ""): \($0.name ?? "")" }.sorted() }
        #expect(names == ["BGO: Bergen", "OSL: Oslo FK"])
        #expect(changes.inserted.count == 2)
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
