import Foundation

/// Weak references to the objects a test lets go of, to check which of them are still alive.
final class ReleaseTracker {
    private struct Reference {
        let name: String
        weak var object: AnyObject?
    }

    private var references: [Reference] = []

    /// Follows `object` under `name`, without keeping it alive.
    func track(_ object: AnyObject, as name: String) {
        references.append(Reference(name: name, object: object))
    }

    /// The names of the followed objects that are still alive, in the order they were tracked.
    var alive: [String] {
        references.filter { $0.object != nil }.map(\.name)
    }
}
