import Foundation

/// The elements of a payload a sync by entity name reads, which it lets go one by one once read:
/// the parsed elements (JSON objects or bare identifiers, as `JSONSerialization` gives them) as they
/// are translated, the translated ones as the import engine decodes them.
///
/// When the sync made the elements itself, this holds the only reference to them, so an element is
/// freed once read, and the parsed payload, the translated one and the objects made are never all
/// whole in memory at once (scenario 6 at 20,000 people, three interleaved runs each: 92 MB at its
/// peak instead of 124 MB).
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
