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

/// The coding path of the type mismatch that decoding the fixture `name` as `type` throws; nil
/// when the decode throws another error or none.
func typeMismatchPath<T: Decodable>(decoding type: T.Type, fixture name: String, in stack: TestStack) -> [String]? {
    do {
        _ = try stack.decode(type, fixture: name)
        return nil
    } catch let error as DecodingError {
        return isTypeMismatch(error) ? codingPath(of: error) : nil
    } catch {
        return nil
    }
}
