import Foundation

/// A keyed container returned by ``CoreDataDecodable/container(for:)``.
///
/// Return the container `decoder.container(for: Self.self)` gives (a ``CoreDataKeyedDecodingContainer``),
/// changed as needed; a decode throws for any other conforming type.
public protocol AnyCoreDataKeyedDecodingContainer {}

/// A container that carries the values the decoding engine reads: ``CoreDataKeyedDecodingContainer``.
protocol ObjectValuesContainer {
    var values: ObjectValues { get }
}
