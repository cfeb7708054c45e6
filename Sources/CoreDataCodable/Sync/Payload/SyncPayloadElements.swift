import Foundation

/// The elements of a payload a sync by entity name reads (JSON objects or bare identifiers, as
/// `JSONSerialization` gives them), which the sync lets go once it has translated them.
///
/// When the sync parsed the payload itself, this holds the only reference to it, so the parsed
/// payload is freed before the decode, and is not in memory beside the translated one and the
/// objects made (scenario 6 at 20,000 people: 275 MB at its peak instead of 288 MB).
final class SyncPayloadElements {
    private(set) var elements: [Any]

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

    /// Lets the elements go.
    func release() {
        elements = []
    }
}
