import Foundation

/// The elements of a payload a sync by entity name reads (JSON objects or bare identifiers, as
/// `JSONSerialization` gives them), which the sync lets go one by one as it reads them.
///
/// When the sync made the elements itself, this holds the only reference to them, so an element is
/// freed once its object is made, and the parsed payload and the objects made are never both whole
/// in memory.
final class SyncPayloadElements {
    private var elements: [Any?]

    init(_ elements: [Any]) {
        self.elements = elements
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

    /// Lets the element at `index` go: it is not read again.
    func release(at index: Int) {
        elements[index] = nil
    }
}
