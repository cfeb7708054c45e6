import CoreDataCodable
import Foundation
import Testing

@Suite("Relationships")
struct RelationshipTests {
    @Test func toManyReplacesOldSet() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        _ = try stack.decode(Person.self, fixture: "personReplaceAttributes")
        stack.read {
            #expect(person.attributesSet.map(\.id) == [3])
            #expect(person.country?.id == 34)
        }
        #expect(try stack.count("PersonAttribute") == 3)
    }

    @Test func nullClearsToOneAndEmptiesToMany() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        _ = try stack.decode(Person.self, fixture: "personNullRelationships")
        stack.read {
            #expect(person.country == nil)
            #expect(person.attributesSet.isEmpty)
            #expect(person.fullName == "Marco Polo")
        }
    }

    @Test func nullElementsInArraysAreSkipped() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "personNullElements")
        stack.read {
            #expect(person.attributesSet.map(\.id).sorted() == [1, 2])
        }
        #expect(try stack.count("PersonAttribute") == 2)
    }

    @Test func orderedRelationshipKeepsJSONOrder() throws {
        let stack = try TestStack()
        let playlist = try stack.decode(Playlist.self, fixture: "playlist")
        stack.read {
            #expect(playlist.songs.array.compactMap { ($0 as? Song)?.id } == [3, 1, 2])
        }
        _ = try stack.decode(Playlist.self, fixture: "playlistReordered")
        stack.read {
            #expect(playlist.songs.array.compactMap { ($0 as? Song)?.id } == [2, 3])
        }
        #expect(try stack.count("Song") == 3)
    }

    @Test func inverseRelationshipsAreMaintained() throws {
        let stack = try TestStack()
        let person = try stack.decode(Person.self, fixture: "person")
        stack.read {
            #expect(person.country?.people.contains(person) == true)
            #expect(person.attributesSet.allSatisfy { $0.person === person })
        }
    }

    @Test func keyPathsWorkForRelationships() throws {
        let stack = try TestStack()
        let person = try stack.decode(PersonDiffKeys.self, fixture: "personDiffKeys")
        stack.read {
            #expect(person.country?.name == "Spain")
            #expect(person.attributes.map(\.id).sorted() == [1, 2])
        }
    }

    @Test func destinationsMayBePlainDecodableOrUncodedClasses() throws {
        let stack = try TestStack()
        let holder = try stack.decode(Holder.self, fixture: "holder")
        stack.read {
            #expect(holder.note?.text == "single")
            #expect(holder.notes.compactMap(\.text).sorted() == ["a", "b"])
            #expect(holder.tags.compactMap { $0.value(forKey: "label") as? String }.sorted() == ["x", "y"])
            #expect(holder.tags.allSatisfy { $0.entity.name == "Tag" })
            #expect(holder.owner?.fullName == "Owner")
            #expect(holder.owner?.customValue == "custom")
        }
    }

    @Test func nestedObjectWithoutIdentityThrowsAtItsPath() throws {
        let stack = try TestStack()
        let json = Data(#"{"personId": 1, "country": {"name": "Nowhere"}}"#.utf8)
        let error = #expect(throws: CoreDataCodableError.self) {
            try stack.decoder().decode(Person.self, from: json)
        }
        #expect(error?.code == CoreDataCodableError.missingIdentity)
        #expect(error?.entityName == "Country")
        #expect(error?.codingPath.map(\.stringValue) == ["country"])
        #expect(try stack.count("Person") == 0)
    }

    @Test func uncodedDestinationIsUniquedByItsUniquenessConstraint() throws {
        let stack = try TestStack()
        _ = try stack.decode(Holder.self, fixture: "holder")
        _ = try stack.decode(Holder.self, fixture: "holder")
        #expect(try stack.count("Tag") == 2)
        #expect(try stack.count("Holder") == 1)
    }

    @Test func toManyGivenAnObjectThrowsTypeMismatch() throws {
        let stack = try TestStack()
        let error = #expect(throws: DecodingError.self) {
            try stack.decode(Person.self, fixture: "personWithWrongToMany")
        }
        #expect(isTypeMismatch(error))
        #expect(codingPath(of: error) == ["attributesSet"])
    }

    @Test(arguments: [false, true])
    func nestedObjectsGetTheirOwnValues(pathless: Bool) throws {
        let stack = try TestStack()
        let members = try pathless
            ? stack.decode(Pathless<Many<Member>>.self, fixture: "members").value
            : stack.decode(Many<Member>.self, fixture: "members")
        stack.read {
            #expect(members.map(\.id) == [1, 3])
            #expect(members.map { $0.mentor?.id } == [2, 4])
            #expect(members[0].mentor?.mentor?.id == 5)
            #expect(members.map { $0.friends.map(\.id).sorted() } == [[6, 7], [8]])
        }
        #expect(try stack.count("Member") == 8)
    }

    @Test func nestedCodableWrapperDecodesPersonAndMany() throws {
        struct NestedPerson: Decodable {
            let person: Person
            let people: Many<Person>
        }
        let stack = try TestStack()
        let nested = try stack.decode(NestedPerson.self, fixture: "nestedPerson")
        stack.read {
            #expect(nested.person.fullName == "Marco Polo")
            #expect(nested.people.map(\.personId) == [2, 3])
            #expect(nested.people[0].fullName == "Ibn Battuta")
        }
        #expect(try stack.count("Person") == 3)
    }

    /// The class of a related object is the one the entity's class name resolves to, as for a fetched
    /// object: decoding a class as that entity earlier does not change it.
    @Test func relatedObjectsAreOfTheEntitysClassWhateverWasDecodedBefore() throws {
        let stack = try TestStack(model: TestModel.makeDottedLogbook())
        _ = try stack.decode(Many<LogEntry>.self, fixture: "logEntries")
        _ = try stack.read { try stack.context.sync(Fixture.syncPayload("logbook"), inEntityNamed: "Logbook") }
        let entry = try stack.read { try stack.context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Logbook")).first?.value(forKey: "entry") }
        #expect(entry.map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(NSManagedObject.self))
    }
}
