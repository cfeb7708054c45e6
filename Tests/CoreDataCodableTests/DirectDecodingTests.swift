import CoreDataCodable
import Foundation
import Testing

/// First imports: once every entity a type reaches is known empty, each element is made as soon as
/// it is read, with nothing read ahead. Objects must come out as the prepared decode makes them.
@Suite("Direct decoding in first imports")
struct DirectDecodingTests {
    @Test func objectsAndBareIdentifiersOfLaterElementsAreUniqued() throws {
        let stack = try TestStack()
        let playlists = try stack.decode(Many<Playlist>.self, fixture: "playlistsMixed")
        #expect(try stack.count("Song") == 4)
        stack.read {
            #expect(playlists.map(\.id) == [1, 2, 3, 4])
            #expect(songIDs(playlists[1]) == [12, 10])
            #expect(songIDs(playlists[2]) == [11, 12, 10])
            #expect(songIDs(playlists[3]) == [13, 11])
        }
    }

    @Test func laterElementUpdatesAnObjectAnEarlierOneInserted() throws {
        let stack = try TestStack()
        let playlists = try stack.decode(Many<Playlist>.self, fixture: "playlistsMixed")
        stack.read {
            let songs = playlists[1].songs.array.compactMap { $0 as? Song }
            #expect(songs.map(\.title) == ["C", "A2"])
            #expect(Set(songs[1].playlists.map(\.id)) == [1, 2, 3])
        }
    }

    @Test func elementReachingAnEntityWithObjectsLooksItsObjectsUp() throws {
        // Another decode first, in a fresh store: the same type meets a store that holds objects next.
        _ = try TestStack().decode(Many<Playlist>.self, fixture: "playlistsMixed")
        let stack = try TestStack()
        let existing = stack.read {
            let song = Song(context: stack.context)
            song.id = 11
            song.title = "Old"
            return song
        }
        let playlists = try stack.decode(Many<Playlist>.self, fixture: "playlistsSongLate")
        #expect(try stack.count("Song") == 2)
        stack.read {
            #expect(existing.title == "New")
            #expect(playlists[1].songs.array.first as? Song === existing)
            #expect(songIDs(playlists[2]) == [11, 12])
        }
    }

    @Test func nestedObjectsOfLaterElementsAreFoundAndInserted() throws {
        let stack = try TestStack()
        let members = try membersByID(in: stack)
        #expect(try stack.count("Member") == 6)
        stack.read {
            #expect(members[3]?.mentor === members[1])
            #expect(Set(members[3]?.friends.map(\.id) ?? []) == [2, 4])
            #expect(Set(members[4]?.friends.map(\.id) ?? []) == [1, 6])
            #expect(members[5]?.mentor === members[4])
        }
    }

    @Test func nullAndEmptyArrayOfALaterElementClearRelationships() throws {
        let stack = try TestStack()
        let members = try membersByID(in: stack)
        stack.read {
            #expect(members[1]?.mentor == nil)
            #expect(members[1]?.friends.isEmpty == true)
            #expect(members[6]?.friends.isEmpty == true)
        }
    }

    @Test func toOneBareIdentifiersAndObjectsOfLaterElementsAreUniqued() throws {
        let stack = try TestStack()
        let members = try stack.decode(Many<Member>.self, fixture: "membersMentorIds")
        #expect(try stack.count("Member") == 5)
        stack.read {
            #expect(members.map { $0.mentor?.id } == [5, 1, 2, 1])
            #expect(members[1].mentor === members[0])
            #expect(members[3].mentor === members[0])
        }
    }

    @Test func failureInALaterElementReportsItsPath() throws {
        let stack = try TestStack()
        let path = typeMismatchPath(decoding: Many<Member>.self, fixture: "membersFailThird", in: stack)
        #expect(path == ["Index 2", "friends", "Index 1", "id"])
    }

    @Test func failureInALaterElementRemovesEveryObjectOfTheDecode() throws {
        let stack = try TestStack()
        #expect(throws: DecodingError.self) {
            try stack.decode(Many<Member>.self, fixture: "membersFailThird")
        }
        #expect(try stack.count("Member") == 0)
    }

    @Test func toManyValueOfALaterElementThatIsNoArrayReportsItsPath() throws {
        let stack = try TestStack()
        let path = typeMismatchPath(decoding: Many<Playlist>.self, fixture: "playlistsWrongSongs", in: stack)
        #expect(path == ["Index 2", "songs"])
    }

    @Test func customContainerHookRunsForEveryObjectOfEveryDecode() throws {
        let stack = try TestStack()
        let labeled = try stack.decodeAgainAfterReset(Many<Labeled>.self, fixture: "labeledObjects")
        stack.read {
            #expect(labeled.map(\.label) == ["labeled", "labeled", "labeled"])
        }
    }

    // OpenCoreData's "Extra API": counting requests needs `executedFetchRequestCount`, which Core Data lacks.
    #if !canImport(CoreData)
    @Test func secondImportLooksEveryObjectUpWithOneFetchPerEntity() throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Playlist>.self, fixture: "playlistsMixed")
        let before = stack.fetchCount
        _ = try stack.decode(Many<Playlist>.self, fixture: "playlistsMixed")
        #expect(stack.fetchCount - before == 2)
        #expect(try stack.count("Playlist") == 4)
        #expect(try stack.count("Song") == 4)
    }

    @Test func firstImportCostsOneCountPerEntityMet() throws {
        let stack = try TestStack()
        let before = stack.fetchCount
        _ = try stack.decode(Many<Playlist>.self, fixture: "playlistsMixed")
        // Playlist and Song were empty: a count each, nothing to fetch.
        #expect(stack.fetchCount - before == 2)
    }
    #endif

    /// The members of `membersNested` by identifier, related ones included.
    private func membersByID(in stack: TestStack) throws -> [Int64: Member] {
        _ = try stack.decode(Many<Member>.self, fixture: "membersNested")
        let members = try stack.all(Member.self, entity: "Member")
        return stack.read { Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0) }) }
    }

    private func songIDs(_ playlist: Playlist) -> [Int64] {
        playlist.songs.array.compactMap { ($0 as? Song)?.id }
    }
}
