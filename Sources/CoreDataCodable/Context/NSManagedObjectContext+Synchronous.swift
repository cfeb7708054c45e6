import Foundation

/// A value handed to a block that `performAndWait` runs before it returns: only one thread uses it
/// at a time, so it may cross the block's `Sendable` boundary.
private struct SynchronousHandoff<Value>: @unchecked Sendable {
    let value: Value
}

extension NSManagedObjectContext {
    /// Runs `body` on the context's queue and waits for it, as `performAndWait(_:)` does, for a body
    /// that captures values that are not `Sendable` (a decoder, the objects being encoded).
    ///
    /// Apple's SDKs declare `performAndWait`'s block `@Sendable`; the block runs before the call
    /// returns, so handing it such values is safe, and the handoff says so once for every caller.
    func performAndWaitHandingOff<Result>(_ body: () throws -> Result) throws -> Result {
        try withoutActuallyEscaping(body) { body in
            let handoff = SynchronousHandoff(value: body)
            let result = try performAndWait { SynchronousHandoff(value: try handoff.value()) }
            return result.value
        }
    }
}
