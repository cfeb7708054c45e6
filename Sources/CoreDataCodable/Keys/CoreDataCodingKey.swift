import Foundation

/// Coding keys written as a `String` enum: the case name is the model property, the raw value
/// the JSON key or key path.
///
/// ```swift
/// enum CodingKeys: String, CoreDataCodingKey {
///     case id = "person_id"
///     case name = "profile.name"   // a key path: {"profile": {"name": ...}}
/// }
/// ```
///
/// The enum does not conform to `CodingKey`, so Swift never synthesizes `Codable` members from it.
public typealias CoreDataCodingKey = AnyCoreDataCodingKey & CaseIterable

extension AnyCoreDataCodingKey where Self: CaseIterable & RawRepresentable, RawValue == String {
    public init?(stringValue: String) {
        self.init(rawValue: stringValue)
    }

    public var stringValue: String { rawValue }

    public init?(propertyName: String) {
        guard let key = Self.allCases.first(where: { $0.propertyName == propertyName }) else { return nil }
        self = key
    }

    public var propertyName: String { String(describing: self) }
}
