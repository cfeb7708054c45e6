import Foundation

/// The state of one decode or encode in a context, from the outermost call to its end.
///
/// The outermost call makes the session inside the context's `performAndWait`; the calls nested
/// in it (related objects, `Many`, hooks) run synchronously in that block, on its thread, and find
/// the session through ``current``. A session is used on that thread only (``entering(_:_:)``
/// checks it), which is why sessions may be `@unchecked Sendable` for the task-local.
protocol ContextSession: AnyObject {
    /// The context the session works in.
    var context: NSManagedObjectContext { get }
    /// The thread running the `performAndWait` block that made the session.
    var thread: ThreadIdentity { get }
    /// The session running on this thread, if any.
    static var current: Self? { get }
    /// Makes the session of a new outermost call.
    init(context: NSManagedObjectContext) throws
    /// Runs `body` with `session` as ``current``.
    static func withCurrent<Result>(_ session: Self, _ body: () throws -> Result) rethrows -> Result
}

extension ContextSession {
    /// Runs `body` with the session running for `context` on this thread; `isNew` is false then.
    /// Otherwise runs it inside `context.performAndWait` with a new session.
    /// A new session is made by `make`, by ``init(context:)`` when it is nil.
    static func entering<Result>(
        _ context: NSManagedObjectContext, make: ((NSManagedObjectContext) throws -> Self)? = nil,
        _ body: (_ session: Self, _ isNew: Bool) throws -> Result
    ) throws -> Result {
        // A running session for `context` on this thread means this thread is inside its
        // `performAndWait` already. (Tasks started inside a session inherit `current`, on other threads.)
        if let session = current, session.context === context, session.thread == .current {
            return try body(session, false)
        }
        return try context.performAndWaitHandingOff {
            let session = try make?(context) ?? Self(context: context)
            return try withCurrent(session) { try body(session, true) }
        }
    }
}
