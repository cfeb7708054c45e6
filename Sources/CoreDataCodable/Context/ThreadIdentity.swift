import Foundation

/// The identity of a thread, to tell whether code runs on the thread that started a session.
///
/// Reading it costs a thread-local read; `Thread.current` costs a lookup and reference counting,
/// which large decodes would pay for every object.
struct ThreadIdentity: Equatable, @unchecked Sendable {
    private let thread = pthread_self()

    /// The calling thread.
    static var current: ThreadIdentity { ThreadIdentity() }

    static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool {
        pthread_equal(lhs.thread, rhs.thread) != 0
    }
}
