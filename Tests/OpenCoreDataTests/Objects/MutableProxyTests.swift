#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// mutableSetValue(forKey:) and mutableOrderedSetValue(forKey:) return NSMutableSet and
// NSMutableOrderedSet proxies: every method of those classes works on them, reading and writing
// the relationship (with inverse maintenance), as Foundation's key-value coding proxies do.

/// A person with notes "a", "b", "c" in that order.
private func personWithNotes(_ texts: [String] = ["a", "b", "c"], in context: NSManagedObjectContext) -> (Person, [Note]) {
    let person = Person(context: context)
    let notes = texts.map { text -> Note in
        let note = Note(context: context)
        note.text = text
        return note
    }
    person.notes = NSOrderedSet(array: notes)
    return (person, notes)
}

private func texts(_ person: Person) -> [String] {
    person.notes.array.compactMap { ($0 as? Note)?.text }
}

@Suite("Objects: mutableOrderedSetValue proxy")
struct MutableOrderedSetProxyTests {
    @Test func firstAndLastObject() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, notes) = personWithNotes(in: context)
            let proxy = person.mutableOrderedSetValue(forKey: "notes")
            #expect(proxy.firstObject as? Note === notes[0])
            #expect(proxy.lastObject as? Note === notes[2])
        }
    }

    @Test func arrayAndSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, notes) = personWithNotes(in: context)
            let proxy = person.mutableOrderedSetValue(forKey: "notes")
            #expect((proxy.array as? [Note]) == notes)
            #expect(proxy.set.count == 3)
        }
    }

    @Test func containsAndIndex() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, notes) = personWithNotes(in: context)
            let proxy = person.mutableOrderedSetValue(forKey: "notes")
            #expect(proxy.contains(notes[1]))
            #expect(proxy.index(of: notes[2]) == 2)
            #expect(!proxy.contains(Note(context: context)))
        }
    }

    @Test func iteration() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, _) = personWithNotes(in: context)
            var seen: [String] = []
            for case let note as Note in person.mutableOrderedSetValue(forKey: "notes") {
                seen.append(note.text ?? "")
            }
            #expect(seen == ["a", "b", "c"])
        }
    }

    @Test func addObjectsFromArray() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, _) = personWithNotes(["a"], in: context)
            let more = ["b", "c"].map { text -> Note in
                let note = Note(context: context)
                note.text = text
                return note
            }
            person.mutableOrderedSetValue(forKey: "notes").addObjects(from: more)
            #expect(texts(person) == ["a", "b", "c"])
            #expect(more.allSatisfy { $0.person === person })
        }
    }

    @Test func removeObjectsAtIndexes() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, notes) = personWithNotes(in: context)
            person.mutableOrderedSetValue(forKey: "notes").removeObjects(at: IndexSet([0, 2]))
            #expect(texts(person) == ["b"])
            #expect(notes[0].person == nil)
            #expect(notes[2].person == nil)
        }
    }

    @Test func moveObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, _) = personWithNotes(in: context)
            person.mutableOrderedSetValue(forKey: "notes").moveObjects(at: IndexSet(integer: 2), to: 0)
            #expect(texts(person) == ["c", "a", "b"])
        }
    }

    // Runs in a child process (an exit test): in OpenCoreData this call traps, which would
    // otherwise end the whole test run.
    @Test func exchangeObjects() async {
        await #expect(processExitsWith: .success) {
            let stack = try TestStack()
            let context = stack.newContext()
            let result = context.performAndWait {
                let (person, _) = personWithNotes(in: context)
                person.mutableOrderedSetValue(forKey: "notes").exchangeObject(at: 0, withObjectAt: 2)
                return texts(person)
            }
            if result != ["c", "b", "a"] { exit(1) }
        }
    }

    @Test func replaceObjectAtIndex() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, notes) = personWithNotes(in: context)
            let replacement = Note(context: context)
            replacement.text = "x"
            person.mutableOrderedSetValue(forKey: "notes").replaceObject(at: 1, with: replacement)
            #expect(texts(person) == ["a", "x", "c"])
            #expect(notes[1].person == nil)
            #expect(replacement.person === person)
        }
    }
}

@Suite("Objects: mutableSetValue proxy")
struct MutableSetProxyTests {
    private func personWithTags(_ count: Int, in context: NSManagedObjectContext) -> (Person, [Tag]) {
        let person = Person(context: context)
        let tags = (0..<count).map { index -> Tag in
            let tag = Tag(context: context)
            tag.name = "t\(index)"
            return tag
        }
        person.tags = Set(tags)
        return (person, tags)
    }

    @Test func anyObjectAndContains() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, tags) = personWithTags(1, in: context)
            let proxy = person.mutableSetValue(forKey: "tags")
            #expect(proxy.anyObject() as? Tag === tags[0])
            #expect(proxy.contains(tags[0]))
        }
    }

    @Test func iteration() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, _) = personWithTags(3, in: context)
            var names: [String] = []
            for case let tag as Tag in person.mutableSetValue(forKey: "tags") {
                names.append(tag.name ?? "")
            }
            #expect(names.sorted() == ["t0", "t1", "t2"])
        }
    }

    @Test func unionAddsWithInverses() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, _) = personWithTags(1, in: context)
            let extra = Tag(context: context)
            person.mutableSetValue(forKey: "tags").union(Set([extra]))
            #expect(person.tags.count == 2)
            #expect(extra.people == [person])
        }
    }

    @Test func minusRemovesWithInverses() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, tags) = personWithTags(3, in: context)
            person.mutableSetValue(forKey: "tags").minus(Set([tags[0], tags[1]]))
            #expect(person.tags == [tags[2]])
            #expect(tags[0].people.isEmpty)
        }
    }

    @Test func intersectKeepsCommonObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, tags) = personWithTags(3, in: context)
            person.mutableSetValue(forKey: "tags").intersect(Set([tags[1]]))
            #expect(person.tags == [tags[1]])
            #expect(tags[0].people.isEmpty)
        }
    }

    @Test func setSetReplacesContents() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, tags) = personWithTags(2, in: context)
            let other = Tag(context: context)
            person.mutableSetValue(forKey: "tags").setSet(Set([other]))
            #expect(person.tags == [other])
            #expect(tags.allSatisfy { $0.people.isEmpty })
            #expect(other.people == [person])
        }
    }

    @Test func isEqualToSet() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let (person, tags) = personWithTags(2, in: context)
            #expect(person.mutableSetValue(forKey: "tags").isEqual(to: Set(tags)))
        }
    }
}
