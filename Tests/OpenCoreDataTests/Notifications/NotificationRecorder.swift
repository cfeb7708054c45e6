#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation

/// Records the notifications of one name that one context posts, in order.
final class NotificationRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Notification] = []
    private var token: (any NSObjectProtocol)?

    init(_ name: Notification.Name, from context: NSManagedObjectContext) {
        token = NotificationCenter.default.addObserver(forName: name, object: context, queue: nil) { [weak self] notification in
            self?.lock.withLock { self?.recorded.append(notification) }
        }
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }

    var notifications: [Notification] {
        lock.withLock { recorded }
    }

    /// The objects under `key` in the notification at `index` (empty when absent).
    func objects(_ key: String, at index: Int = 0) -> Set<NSManagedObject> {
        guard notifications.indices.contains(index) else { return [] }
        return notifications[index].userInfo?[key] as? Set<NSManagedObject> ?? []
    }

    /// The object IDs under `key` in the notification at `index` (empty when absent).
    func objectIDs(_ key: String, at index: Int = 0) -> Set<NSManagedObjectID> {
        guard notifications.indices.contains(index) else { return [] }
        return notifications[index].userInfo?[key] as? Set<NSManagedObjectID> ?? []
    }
}
