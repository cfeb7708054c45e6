import Foundation

/// A keyed container returned by ``CoreDataDecodable/container(for:)``; only
/// ``CoreDataKeyedDecodingContainer`` conforms.
public protocol AnyCoreDataKeyedDecodingContainer {}

/// A container whose values the decoding engine reads.
protocol ObjectValuesContainer: AnyCoreDataKeyedDecodingContainer {
    var values: ObjectValues { get }
}
