#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Contexts are thread-safe through their queues: work submitted with perform / performAndWait
// is serialized per context, and several contexts on one coordinator can save at once.
// These tests also run under `swift test --sanitize=thread`.

@Suite("Concurrency: background contexts")
struct ConcurrencyTests {
    @Test func severalBackgroundContextsInsertAndSaveAtOnce() async throws {
        let stack = try TestStack()
        let contexts = Unchecked((0..<8).map { _ in stack.newContext() })
        let perContext = 50
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<contexts.value.count {
                group.addTask {
                    let context = Unchecked(contexts.value[index])
                    return try await context.value.perform {
                        for number in 0..<perContext {
                            let person = Person(context: context.value)
                            person.name = "c\(index)-\(number)"
                            person.age = Int64(number)
                        }
                        try context.value.save()
                        return perContext
                    }
                }
            }
            var inserted = 0
            for try await count in group { inserted += count }
            #expect(inserted == 8 * perContext)
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            #expect(try count("Person", in: reader) == 8 * perContext)
            let names = Set(try fetchAll("Person", as: Person.self, in: reader).compactMap(\.name))
            #expect(names.count == 8 * perContext)
        }
    }

    @Test func concurrentSavesGiveDistinctPermanentIDs() async throws {
        let stack = try TestStack()
        let container = Unchecked(stack.container)
        let ids = try await withThrowingTaskGroup(of: [URL].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let context = Unchecked(container.value.newBackgroundContext())
                    return try await context.value.perform {
                        let people = (0..<20).map { _ in Person(context: context.value) }
                        try context.value.save()
                        return people.map { $0.objectID.uriRepresentation() }
                    }
                }
            }
            var all: [URL] = []
            for try await batch in group { all += batch }
            return all
        }
        #expect(ids.count == 120)
        #expect(Set(ids).count == 120)
    }

    @Test func performAndWaitFromManyThreadsIsSerialized() throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            context.value.performAndWait {
                let person = Person(context: context.value)
                person.age = Int64(index)
            }
        }
        try context.value.performAndWait {
            #expect(context.value.insertedObjects.count == 16)
            try context.value.save()
            #expect(try count("Person", in: context.value) == 16)
        }
    }

    @Test func readersAndWritersAtOnce() async throws {
        let stack = try TestStack()
        let container = Unchecked(stack.container)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let context = Unchecked(container.value.newBackgroundContext())
                    for batch in 0..<5 {
                        try await context.value.perform {
                            for item in 0..<10 {
                                let tag = Tag(context: context.value)
                                tag.name = "w\(writer)-b\(batch)-i\(item)"
                            }
                            try context.value.save()
                        }
                    }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    let context = Unchecked(container.value.newBackgroundContext())
                    for _ in 0..<10 {
                        let total = try await context.value.perform {
                            try count("Tag", in: context.value)
                        }
                        #expect(total >= 0 && total <= 200)
                        #expect(total % 10 == 0)
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Tag", in: reader) == 200)
        }
    }

    @Test func performBackgroundTaskConcurrently() async throws {
        let stack = try TestStack()
        let container = Unchecked(stack.container)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<5 {
                group.addTask {
                    try await container.value.performBackgroundTask { context in
                        let country = Country(context: context)
                        country.name = "Country \(index)"
                        for _ in 0..<4 {
                            Person(context: context).country = country
                        }
                        try context.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = stack.newContext()
        try reader.performAndWait {
            #expect(try count("Country", in: reader) == 5)
            #expect(try count("Person", in: reader) == 20)
            for country in try fetchAll("Country", as: Country.self, in: reader) {
                #expect(country.people.count == 4)
            }
        }
    }

    @Test func concurrentUpsertsKeepOneRowPerKey() async throws {
        let stack = try TestStack()
        let container = Unchecked(stack.container)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<6 {
                group.addTask {
                    let context = Unchecked(container.value.newBackgroundContext())
                    context.value.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
                    try await context.value.perform {
                        for sku in 0..<10 {
                            let product = Product(context: context.value)
                            product.sku = "sku\(sku)"
                            product.name = "round\(round)"
                            product.price = Int64(round)
                        }
                        try context.value.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let total = try count("Product", in: reader)
            #expect(total == 10)
        }
    }

    // A uniqueness constraint holds under concurrent saves: with the default error policy, of
    // several contexts inserting the same key at once exactly one save succeeds (the others fail
    // with NSManagedObjectConstraintMergeError), and the store never holds a duplicate.
    @Test func concurrentInsertsOfOneKeyNeverDuplicate() async throws {
        for _ in 0..<3000 {
            let stack = try TestStack()
            let container = Unchecked(stack.container)
            let outcomes = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let context = Unchecked(container.value.newBackgroundContext())
                        return await context.value.perform {
                            let product = Product(context: context.value)
                            product.sku = "same"
                            return saveError(context.value)?.code
                        }
                    }
                }
                var codes: [Int?] = []
                for try await code in group { codes.append(code) }
                return codes
            }
            let reader = stack.newContext()
            let total = try reader.performAndWait { try count("Product", in: reader) }
            #expect(total == 1)
            #expect(outcomes.filter { $0 == nil }.count == 1)
            #expect(outcomes.compactMap { $0 }.allSatisfy { $0 == 133021 })
            if total != 1 { break }
        }
    }

    @Test func concurrentUpsertsOfManyKeysKeepOneRowPerKey() async throws {
        let stack = try TestStack()
        let container = Unchecked(stack.container)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<8 {
                group.addTask {
                    for batch in 0..<5 {
                        let context = Unchecked(container.value.newBackgroundContext())
                        context.value.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
                        try await context.value.perform {
                            for sku in 0..<20 {
                                let product = Product(context: context.value)
                                product.sku = "sku\(sku)"
                                product.name = "r\(round)b\(batch)"
                            }
                            try context.value.save()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let total = try count("Product", in: reader)
            #expect(total == 20)
        }
    }

    @Test func objectIDsCrossContexts() async throws {
        let stack = try TestStack()
        let writer = Unchecked(stack.newContext())
        let id = try await writer.value.perform {
            let person = Person(context: writer.value)
            person.name = "Shared"
            try writer.value.save()
            return Unchecked(person.objectID)
        }
        let reader = Unchecked(stack.newContext())
        let name = try await reader.value.perform {
            (try reader.value.existingObject(with: id.value) as? Person)?.name
        }
        #expect(name == "Shared")
    }

    @Test func mainQueueContextFromBackgroundTasks() async throws {
        let stack = try TestStack()
        let viewContext = Unchecked(stack.container.viewContext)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await viewContext.value.perform {
                        let person = Person(context: viewContext.value)
                        person.age = Int64(index)
                        try viewContext.value.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Person", in: reader) == 4)
        }
    }

    @Test func childContextsOfOneParentSaveConcurrently() async throws {
        let stack = try TestStack()
        let parent = Unchecked(stack.newContext())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
                    child.parent = parent.value
                    let box = Unchecked(child)
                    try await box.value.perform {
                        for _ in 0..<5 { _ = Tag(context: box.value) }
                        try box.value.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        try await parent.value.perform {
            #expect(parent.value.insertedObjects.count == 20)
            try parent.value.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Tag", in: reader) == 20)
        }
    }
}
