import Foundation

/// The elements of a payload a sync by entity name reads (JSON objects or bare identifiers, as
/// `JSONSerialization` gives them), which the import engine lets go one by one as it decodes them.
///
/// When the sync made the elements itself, this holds the only reference to them, so an element is
/// freed once decoded, and the parsed payload and the objects made are never both whole in memory.
final class SyncPayloadElements {
    private var elements: [Any?]
    /// The position of each element in the caller's payload, when some were left out; nil when
    /// they are the payload's own, in order.
    private let positions: [Int]?

    init(_ elements: [Any]) {
        self.elements = elements
        positions = nil
    }

    /// The elements of a payload the sync kept, with their `positions` in it, for coding paths.
    init(_ elements: [Any], positions: [Int]) {
        self.elements = elements
        self.positions = positions
    }

    /// The elements of the JSON array, or of the one JSON object, that `json` holds. Invalid JSON
    /// throws `DecodingError.dataCorrupted`; any other JSON throws `invalidSyncPayload` naming
    /// `entityName`.
    convenience init(parsing json: Data, entityName: String) throws {
        let payload = try ModelSync.payload(from: json)
        if let array = payload as? [Any] {
            self.init(array)
        } else if payload is [String: Any] {
            self.init([payload])
        } else {
            throw CoreDataCodableError(.invalidSyncPayload(entity: entityName))
        }
    }

    var count: Int { elements.count }

    /// The element at `index`, which must not be released yet.
    func element(at index: Int) -> Any {
        elements[index] ?? NSNull()
    }

    /// The position in the caller's payload of the element at `index`, for coding paths.
    func position(at index: Int) -> Int {
        positions?[index] ?? index
    }

    /// Lets the element at `index` go: it is not read again.
    func release(at index: Int) {
        elements[index] = nil
    }
}
