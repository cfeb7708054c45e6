import CoreDataCodable
import Foundation
import Testing

/// The coding path of a `DecodingError`, as strings.
func codingPath(of error: DecodingError?) -> [String]? {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
        context.codingPath.map(\.stringValue)
    case nil:
        nil
    @unknown default:
        nil
    }
}

/// Whether `error` is `DecodingError.typeMismatch`.
func isTypeMismatch(_ error: DecodingError?) -> Bool {
    if case .typeMismatch? = error { return true }
    return false
}
