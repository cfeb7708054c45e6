import Foundation

/// A managed object class that encodes with `JSONEncoder`: its attributes and relationships,
/// under its coding keys, in model property order.
///
/// Attributes follow the encoder's date, data and key strategies; nil is written as `null`.
/// Relationships are nested objects (to-many as arrays: ordered relationships in their order,
/// others sorted by identity, then by object ID), or identifiers with
/// `encoder.relationshipEncodingStrategy = .identifiers`. The inverse of the relationship just
/// followed is skipped, and an object met again inside itself (a cycle) is written as its
/// identifier, or left out when its entity has no identity. Encoding an object without a context
/// throws ``CoreDataCodableError/objectWithoutContext``. All work runs in the object's
/// context's `performAndWait`.
public protocol CoreDataEncodable: CoreDataMappable, Encodable {}

extension CoreDataEncodable where Self: NSManagedObject {
    /// Encodes the object's mapped attributes and relationships.
    public func encode(to encoder: any Encoder) throws {
        try EncodingSession.encode(self, to: encoder) { model in
            try MappingRegistry.shared.mapping(for: Self.self, entity: entity, in: model)
        }
    }
}
