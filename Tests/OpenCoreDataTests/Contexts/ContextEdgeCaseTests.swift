#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Queue semantics and stack defaults.

/// Collects values appended from several queues.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Tells whether code runs on the main dispatch queue (`Thread.isMainThread` cannot: on Linux the
/// main queue may be drained by a worker thread while the main thread waits in `dispatchMain()`).
final class MainQueueMarker: @unchecked Sendable {
    static let shared = MainQueueMarker()
    private let key = DispatchSpecificKey<Bool>()
    private init() { DispatchQueue.main.setSpecific(key: key, value: true) }
    var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// Calls the non-async `perform(_:)` (from an async function Swift would pick the async one).
private func enqueue(_ context: NSManagedObjectContext, _ block: @escaping @Sendable () -> Void) {
    context.perform(block)
}

@Suite("Contexts: queue semantics")
struct ContextQueueTests {
    // A private-queue context runs its blocks serially, in the order they were submitted.
    @Test func performRunsBlocksInOrder() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let recorder = Recorder<Int>()
        for index in 0..<50 {
            enqueue(context.value) { recorder.append(index) }
        }
        let done: Bool = await withCheckedContinuation { continuation in
            context.value.perform { continuation.resume(returning: true) }
        }
        #expect(done)
        #expect(recorder.values == Array(0..<50))
    }

    @Test func performAndWaitInsidePerformRunsInline() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let steps: [Int] = await withCheckedContinuation { continuation in
            context.value.perform {
                var steps = [1]
                context.value.performAndWait { steps.append(2) }
                steps.append(3)
                continuation.resume(returning: steps)
            }
        }
        #expect(steps == [1, 2, 3])
    }

    @Test func privateQueueBlocksDoNotRunOnTheMainThread() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let onMain = await context.value.perform { Thread.isMainThread }
        #expect(onMain == false)
    }

    #if canImport(CoreData)
    // A main-queue context's blocks run on the main queue.
    @Test func mainQueueBlocksRunOnTheMainQueue() async throws {
        let marker = MainQueueMarker.shared
        let stack = try TestStack()
        let viewContext = Unchecked(stack.container.viewContext)
        let onMain = await viewContext.value.perform { marker.isOnMainQueue }
        #expect(onMain == true)
    }
    #else
    // OpenCoreData (documented difference): a main-queue context runs its asynchronous blocks in
    // order on a serial queue of its own, so they run in processes that never run the main run loop.
    @Test func mainQueueBlocksRunInOrderWithoutAMainRunLoop() async throws {
        let stack = try TestStack()
        let viewContext = Unchecked(stack.container.viewContext)
        let order = Unchecked(NSMutableArray())
        for index in 1...3 {
            enqueue(on: viewContext.value) { order.value.add(index) }
        }
        let seen = await viewContext.value.perform { order.value.compactMap { $0 as? Int } }
        #expect(seen == [1, 2, 3])
    }
    #endif

    @Test func privateQueueBlocksDoNotRunOnTheMainQueue() async throws {
        let marker = MainQueueMarker.shared
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let onMain = await context.value.perform { marker.isOnMainQueue }
        #expect(onMain == false)
    }

    @Test func asyncPerformReturnsObjectIDsOfSavedObjects() async throws {
        let stack = try TestStack()
        let context = Unchecked(stack.newContext())
        let permanent = try await context.value.perform {
            let person = Person(context: context.value)
            try context.value.save()
            return !person.objectID.isTemporaryID
        }
        #expect(permanent)
    }
}

@Suite("Stack: defaults")
struct StackDefaultTests {
    @Test func containerStartsWithOneDefaultDescription() {
        let container = NSPersistentContainer(name: "Defaults", managedObjectModel: TestModel.shared)
        #expect(container.persistentStoreDescriptions.count == 1)
        let description = container.persistentStoreDescriptions.first
        #expect(description?.type == NSSQLiteStoreType)
        #expect(description?.url?.lastPathComponent == "Defaults.sqlite")
    }

    @Test func storeDescriptionDefaultsToSQLite() {
        #expect(NSPersistentStoreDescription().type == NSSQLiteStoreType)
        #expect(NSSQLiteStoreType == "SQLite")
    }

    @Test func newBackgroundContextsUseTheErrorMergePolicy() throws {
        let stack = try TestStack()
        let context = stack.container.newBackgroundContext()
        #expect((context.mergePolicy as? NSMergePolicy)?.mergeType == .errorMergePolicyType)
        #expect((stack.container.viewContext.mergePolicy as? NSMergePolicy)?.mergeType == .errorMergePolicyType)
    }
}

@Suite("Model: inheritance details")
struct ModelInheritanceDetailTests {
    @Test func subentityPropertiesIncludeInheritedOnes() throws {
        let dog = try #require(TestModel.shared.entitiesByName["Dog"])
        #expect(Set(dog.properties.map(\.name)) == ["name", "legs", "owner", "breed"])
    }

    @Test func isKindOfEntity() throws {
        let model = TestModel.shared
        let animal = try #require(model.entitiesByName["Animal"])
        let dog = try #require(model.entitiesByName["Dog"])
        let person = try #require(model.entitiesByName["Person"])
        #expect(dog.isKindOf(entity: animal))
        #expect(dog.isKindOf(entity: dog))
        #expect(!animal.isKindOf(entity: dog))
        #expect(!person.isKindOf(entity: animal))
    }
}

@Suite("Stack: in-memory stores at /dev/null")
struct DevNullStoreTests {
    private static func devNullContainer() throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "DevNull", managedObjectModel: TestModel.shared)
        let description = NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
        description.type = NSInMemoryStoreType
        container.persistentStoreDescriptions = [description]
        let result = LoadResult()
        container.loadPersistentStores { description, error in
            result.descriptions.append(description)
            if let error { result.errors.append(error) }
        }
        if let error = result.errors.first { throw error }
        return container
    }

    // The common test idiom: an in-memory store described with the URL /dev/null.
    @Test func devNullInMemoryStoreLoadsAndSaves() throws {
        let container = try Self.devNullContainer()
        #expect(container.persistentStoreDescriptions.first?.url == URL(fileURLWithPath: "/dev/null"))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            _ = Person(context: context)
            try context.save()
            #expect(try count("Person", in: context) == 1)
        }
    }

    @Test func twoDevNullInMemoryStoresAreIndependent() throws {
        let first = try Self.devNullContainer()
        let second = try Self.devNullContainer()
        let writer = first.newBackgroundContext()
        try writer.performAndWait {
            _ = Person(context: writer)
            try writer.save()
        }
        let reader = second.newBackgroundContext()
        try reader.performAndWait { () throws -> Void in
            #expect(try count("Person", in: reader) == 0)
        }
    }
}

#if !canImport(CoreData)
/// Enqueues `block` with the asynchronous, non-waiting `perform(_:)`.
private func enqueue(on context: NSManagedObjectContext, _ block: @escaping @Sendable () -> Void) {
    context.perform(block)
}
#endif
