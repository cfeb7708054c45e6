import CoreDataCodable
import Foundation
import Testing

@Suite("Many")
struct ManyTests {
    @Test func behavesAsAnArray() throws {
        let stack = try TestStack()
        stack.read {
            let a = Person(context: stack.context)
            let b = Person(context: stack.context)
            let c = Person(context: stack.context)
            var many: Many<Person> = [a, b]
            many.append(c)
            #expect(many.count == 3)
            #expect(many[0] === a)
            #expect(many.first === a)
            #expect(many.last === c)
            #expect(many[1...].map(ObjectIdentifier.init) == [b, c].map(ObjectIdentifier.init))
            many[0] = c
            #expect(many[0] === c)
            many.replaceSubrange(1...2, with: [a])
            #expect(many.count == 2)
            #expect(many.array.map(ObjectIdentifier.init) == [c, a].map(ObjectIdentifier.init))
            #expect(many == Many([c, a]))
            #expect(many != Many([a, c]))
            many.removeAll()
            #expect(many.isEmpty)
            let mirror = Mirror(reflecting: Many([a, b, c]))
            #expect(mirror.displayStyle == .collection)
            #expect(mirror.children.count == 3)
        }
    }

    @Test func decodesPlainDecodableElementsOneByOne() throws {
        let stack = try TestStack()
        let notes = try stack.decoder().decode(Many<Note>.self, from: Data(#"[{"text": "a"}, {"text": "b"}]"#.utf8))
        stack.read { #expect(notes.map(\.text) == ["a", "b"]) }
    }

    @Test func emptyArrayDecodesToEmptyMany() throws {
        let stack = try TestStack()
        let people = try stack.decoder().decode(Many<Person>.self, from: Data("[]".utf8))
        #expect(people.isEmpty)
    }

    @Test func nullElementsAreSkipped() throws {
        let stack = try TestStack()
        let people = try stack.decoder().decode(Many<Person>.self, from: Data(#"[1, null, {"personId": 2}]"#.utf8))
        stack.read { #expect(people.map(\.personId) == [1, 2]) }
    }
}
