import CoreDataCodable
import Foundation
import Synchronization
import Testing

/// A transformer that runs `action` (set by a test) each time it transforms: a hook into the
/// middle of a sync, whose decode calls it.
final class ActionTransformer: ValueTransformer {
    static let name = NSValueTransformerName(rawValue: "ActionTransformer")
    static let action = Mutex<(@Sendable () -> Void)?>(nil)

    override class func allowsReverseTransformation() -> Bool { false }

    override func transformedValue(_ value: Any?) -> Any? {
        Self.action.withLock { $0 }?()
        return value
    }
}

// The issue's promises for `NSPersistentContainer.sync`: progress goes to `Progress.current()`,
// and cancelling the task stops the sync and saves nothing, even once the sync has begun.
@Suite("Background sync progress and cancellation", .serialized)
struct ContainerSyncProgressTests {
    /// `User` with `remoteID` and a transformable `hobbies` read through ``ActionTransformer``.
    private static let model = inlineModel("User", [
        ("remoteID", .integer64AttributeType, nil), ("hobbies", .transformableAttributeType, ActionTransformer.name),
    ])

    // Made on each use: a `Data` kept in a global holds its buffer in a form LeakSanitizer does not
    // recognize as a pointer, so it would report the buffer as leaked.
    private static var payload: Data { Data(#"[{"id": 1, "hobbies": ["Code"]}, {"id": 2}]"#.utf8) }

    private static func storedUsers(in container: NSPersistentContainer) throws -> Int {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait { try reader.count(for: NSFetchRequest<NSManagedObject>(entityName: "User")) }
    }

    @Test func progressOfTheCurrentProgressIsCompleted() async throws {
        ValueTransformer.setValueTransformer(ActionTransformer(), forName: ActionTransformer.name)
        let container = try TestStack(model: Self.model).container
        let progress = Progress(totalUnitCount: 1)
        let changes = try await UncheckedProgress(progress: progress).start {
            try await container.sync(Self.payload, inEntityNamed: "User")
        }.value
        #expect(changes.inserted.count == 2)
        #expect(progress.completedUnitCount == 1)
        #expect(progress.fractionCompleted == 1)
    }

    @Test func cancellingTheTaskMidSyncThrowsAndSavesNothing() async throws {
        ValueTransformer.setValueTransformer(ActionTransformer(), forName: ActionTransformer.name)
        let container = try TestStack(model: Self.model).container
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task = Task {
            for await _ in gate { break }
            return try await container.sync(Self.payload, inEntityNamed: "User")
        }
        // The decode runs the transformer: the task is cancelled mid-sync.
        ActionTransformer.action.withLock { $0 = { task.cancel() } }
        defer { ActionTransformer.action.withLock { $0 = nil } }
        open.yield()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try Self.storedUsers(in: container) == 0)
    }

    @Test func cancellingTheCurrentProgressMidSyncThrowsAndSavesNothing() async throws {
        ValueTransformer.setValueTransformer(ActionTransformer(), forName: ActionTransformer.name)
        let container = try TestStack(model: Self.model).container
        let progress = Progress(totalUnitCount: 1)
        let cancel = UncheckedProgress(progress: progress)
        ActionTransformer.action.withLock { $0 = { cancel.progress.cancel() } }
        defer { ActionTransformer.action.withLock { $0 = nil } }
        let task = cancel.start { try await container.sync(Self.payload, inEntityNamed: "User") }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try Self.storedUsers(in: container) == 0)
    }
}

/// A progress handed to a transformer's action, or made current around an `await`: `Progress` is
/// thread-safe, though not `Sendable`.
private struct UncheckedProgress: @unchecked Sendable {
    let progress: Progress

    /// Starts `body` in a task that runs on this thread, with the progress current for all its
    /// units, until it first suspends: how a caller makes a progress current for an async call.
    func start<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) -> Task<Result, any Error> {
        progress.becomeCurrent(withPendingUnitCount: progress.totalUnitCount)
        defer { progress.resignCurrent() }
        return Task.immediate { try await body() }
    }
}
