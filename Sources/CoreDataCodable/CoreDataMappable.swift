import Foundation

/// What decoding and encoding a managed object share: its coding keys, its identity and the
/// Swift types stored in its transformable or binary attributes.
///
/// Adopt ``CoreDataDecodable``, ``CoreDataEncodable`` or ``CoreDataCodable`` rather than this protocol.
public protocol CoreDataMappable {
    /// The keys mapping model properties to JSON keys or key paths.
    associatedtype CodingKeys: AnyCoreDataCodingKey

    /// The attributes identifying an object, used to update it instead of inserting a duplicate;
    /// ``IdentityAttribute/none`` by default.
    static var identityAttribute: IdentityAttribute { get }

    /// The `Codable` type stored in each transformable or binary attribute, by attribute name.
    ///
    /// A transformable attribute stores the value itself; a binary attribute stores it as JSON data.
    /// Declare it as a computed property:
    ///
    /// <!-- snippet: members of Person -->
    /// ```swift
    /// static var codableAttributes: [String: any Codable.Type] { ["tags": [String].self] }
    /// ```
    static var codableAttributes: [String: any Codable.Type] { get }
}

extension CoreDataMappable {
    public static var identityAttribute: IdentityAttribute { .fromModel }
    public static var codableAttributes: [String: any Codable.Type] { [:] }
}
