#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A per-thread reference, for state that belongs to the code running on a thread
/// (the context whose block is running, an object being materialised).
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The value for the current thread. The caller keeps it alive while it is set.
    var value: Value? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    /// Runs `body` with the thread's value set to `newValue`, then restores the previous one.
    func with<Result>(_ newValue: Value, _ body: () throws -> Result) rethrows -> Result {
        let previous = value
        value = newValue
        defer { value = previous }
        return try withExtendedLifetime(newValue) { try body() }
    }
}
