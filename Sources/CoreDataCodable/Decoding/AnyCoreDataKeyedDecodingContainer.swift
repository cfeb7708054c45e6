import Foundation

/// A keyed container returned by ``CoreDataDecodable/container(for:)``; only
/// ``CoreDataKeyedDecodingContainer`` conforms.
public protocol AnyCoreDataKeyedDecodingContainer {
    /// The values the decoding engine reads. A requirement rather than a cast: decoding reads it
    /// for every object, and a cast to the container's generic type costs runtime lookups each time.
    var _values: ObjectValues { get }
}
