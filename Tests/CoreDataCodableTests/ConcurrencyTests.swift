import CoreDataCodable
import Foundation
import Testing

@Suite("Threads and contexts")
struct ConcurrencyTests {
    @Test func decodesInsideBackgroundContextPerform() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.container.newBackgroundContext())
        let data = try Fixture.data("person")
        let names: [String] = try await withCheckedThrowingContinuation { continuation in
            context.value.perform {
                do {
                    let decoder = JSONDecoder()
                    decoder.managedObjectContext = context.value
                    decoder.dateDecodingStrategy = .secondsSince1970
                    let person = try decoder.decode(Person.self, from: data)
                    continuation.resume(returning: person.attributesSet.compactMap(\.name).sorted())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        #expect(names == ["funny", "tall"])
    }

    @Test func decodesIntoChildContextFindingParentObjects() throws {
        let stack = try TestStack()
        let existing = stack.insertPerson(1, fullName: "Parent")
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = stack.context
        let decoder = JSONDecoder()
        decoder.managedObjectContext = child
        let person = try decoder.decode(Person.self, from: Fixture.data("personUpdate"))
        child.performAndWait {
            #expect(person.objectID == existing.objectID)
            #expect(person.managedObjectContext === child)
            #expect(person.fullName == "Marco Polo Jr.")
        }
        try child.performAndWait { try child.save() }
        stack.read { #expect(existing.fullName == "Marco Polo Jr.") }
    }

    @Test func decodesFromManyThreadsIntoOneContext() async throws {
        let stack = try TestStack()
        let data = try Fixture.data("people")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    _ = try stack.decoder().decode(Many<Person>.self, from: data)
                }
            }
            try await group.waitForAll()
        }
        #expect(try stack.count("Person") == 2)
    }

    @Test func concurrentFirstDecodesOfATypeShareItsMapping() throws {
        // Each round uses a new model, so that every decode of the round is the first of its types.
        for _ in 0..<50 {
            let model = TestModel.make()
            let stacks = try (0..<8).map { _ in try TestStack(model: model) }
            let before = stacks.map { CallCounter.count("Custom.container", in: $0.context) }
            DispatchQueue.concurrentPerform(iterations: stacks.count) { index in
                _ = try? stacks[index].decode(Many<HandBox>.self, fixture: "boxes")
            }
            // A hook decoding related objects itself gets those prepared with its object, if the
            // mapping it decodes them with is the one they were prepared with.
            let containers = zip(stacks, before).map { CallCounter.count("Custom.container", in: $0.context) - $1 }
            #expect(containers == Array(repeating: 5, count: stacks.count))
        }
    }

    @Test func encodingRunsOnTheObjectsContext() async throws {
        let stack = try TestStack()
        _ = try stack.decode(Many<Person>.self, fixture: "people")
        let encoded = try await Task.detached { [stack] in
            try stack.json(stack.all(Person.self, entity: "Person"))
        }.value
        #expect(encoded.contains("Marco Polo"))
    }
}
