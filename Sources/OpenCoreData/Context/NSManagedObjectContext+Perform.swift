import Foundation

extension NSManagedObjectContext {
    /// When `perform(schedule:_:)` runs its block.
    public enum ScheduledTaskType: Sendable {
        /// As soon as the context is free.
        case immediate
        /// After the blocks already enqueued.
        case enqueued
    }

    /// The context whose block is running on the current thread.
    static let current = ThreadLocal<NSManagedObjectContext>()

    /// Runs `block` on the context and waits for it. Re-entrant: a nested call runs inline.
    public func performAndWait(_ block: () -> Void) {
        // Already inside one of this context's blocks on this thread: the context is held.
        if Self.current.value === self { return block() }
        lock.lock()
        defer { lock.unlock() }
        Self.current.with(self, block)
    }

    /// Runs `block` on the context, waits for it and returns its result. Re-entrant.
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        if Self.current.value === self { return try block() }
        lock.lock()
        defer { lock.unlock() }
        return try Self.current.with(self, block)
    }

    /// Enqueues `block` on the context's queue and returns at once. Pending changes are processed
    /// when the block ends, as at the end of an event.
    public func perform(_ block: @escaping () -> Void) {
        let work = UncheckedSendable(block)
        queue.async { self.performEvent(work.value) }
    }

    /// Runs `block` on the context, then processes pending changes, as at the end of an event.
    private func performEvent<T>(_ block: () throws -> T) rethrows -> T {
        try performAndWait {
            defer { processPendingChanges() }
            return try block()
        }
    }

    /// Runs `block` on the context's queue and returns its result. Pending changes are processed
    /// when the block ends.
    public func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async throws -> T {
        let work = UncheckedSendable(block)
        let result: UncheckedSendable<T> = try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { UncheckedSendable(try self.performEvent(work.value)) })
            }
        }
        return result.value
    }

    /// Runs `block` on the context's queue and returns its result. Pending changes are processed
    /// when the block ends.
    public func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () -> T) async -> T {
        let work = UncheckedSendable(block)
        let result: UncheckedSendable<T> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: UncheckedSendable(self.performEvent(work.value)))
            }
        }
        return result.value
    }
}

/// Carries a value across a queue hop that the context's serialization makes safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
