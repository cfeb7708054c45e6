import Foundation

extension CodingUserInfoKey {
    /// The `userInfo` key of the managed object context that decoding inserts into.
    public static let managedObjectContext = CodingUserInfoKey(rawValue: "CoreDataCodable.managedObjectContext")!

    /// The `userInfo` key of the ``RelationshipEncodingStrategy`` used when encoding.
    public static let relationshipEncodingStrategy = CodingUserInfoKey(rawValue: "CoreDataCodable.relationshipEncodingStrategy")!
}

/// The context as `JSONDecoder.managedObjectContext` stores it in `userInfo`, whose values must be
/// `Sendable`, which Apple's SDKs before the newest do not declare the context class. The decode uses
/// the context only inside the context's `performAndWait`.
private struct ManagedObjectContextReference: @unchecked Sendable {
    let context: NSManagedObjectContext

    /// The context `value` holds: a reference, or a context stored in `userInfo` directly.
    static func context(in value: Any?) -> NSManagedObjectContext? {
        (value as? ManagedObjectContextReference)?.context ?? value as? NSManagedObjectContext
    }
}

extension Decoder {
    /// The managed object context decoded objects are inserted into, from `userInfo`.
    public var managedObjectContext: NSManagedObjectContext? {
        ManagedObjectContextReference.context(in: userInfo[.managedObjectContext])
    }

    /// The context from `userInfo`, or ``CoreDataCodableError/missingContext``.
    func requireContext() throws -> NSManagedObjectContext {
        guard let context = managedObjectContext else {
            throw CoreDataCodableError(.missingContext, codingPath: codingPath)
        }
        return context
    }
}

extension JSONDecoder {
    /// The managed object context decoded objects are inserted into (stored in `userInfo`).
    public var managedObjectContext: NSManagedObjectContext? {
        get { ManagedObjectContextReference.context(in: userInfo[.managedObjectContext]) }
        set { userInfo[.managedObjectContext] = newValue.map(Self.userInfoValue(of:)) }
    }

    /// How `userInfo` holds `context` under ``CodingUserInfoKey/managedObjectContext``.
    static func userInfoValue(of context: NSManagedObjectContext) -> any Sendable {
        ManagedObjectContextReference(context: context)
    }

    /// Decodes `type` from `data` with `value` in `userInfo` under `key` for this decode only: how
    /// the library hands a parameter to a type's `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, from data: Data, handing value: any Sendable, under key: CodingUserInfoKey) throws -> T {
        userInfo[key] = value
        defer { userInfo[key] = nil }
        return try decode(type, from: data)
    }
}

/// How an encoded managed object writes its relationships.
public enum RelationshipEncodingStrategy: Sendable {
    /// Each related object as a nested JSON object (the default).
    case nestedObjects
    /// Each related object as its identifier: the bare value for a single identity attribute, an
    /// object of the identity keys for a composite one.
    case identifiers
    /// No relationships.
    case excluded
    /// Rails' nested attributes: a to-one as `<key>_attributes: {…}`, a to-many as
    /// `<key>_attributes: {"0": {…}, "1": {…}}`; a to-one that is not set is left out, and an
    /// attribute written under the key `destroy` is written `_destroy`.
    case railsNestedAttributes
}

extension Encoder {
    /// The relationship strategy from `userInfo`; ``RelationshipEncodingStrategy/nestedObjects`` by default.
    var relationshipEncodingStrategy: RelationshipEncodingStrategy {
        userInfo[.relationshipEncodingStrategy] as? RelationshipEncodingStrategy ?? .nestedObjects
    }
}

extension JSONEncoder {
    /// How managed objects write their relationships (stored in `userInfo`);
    /// ``RelationshipEncodingStrategy/nestedObjects`` by default.
    public var relationshipEncodingStrategy: RelationshipEncodingStrategy {
        get { userInfo[.relationshipEncodingStrategy] as? RelationshipEncodingStrategy ?? .nestedObjects }
        set { userInfo[.relationshipEncodingStrategy] = newValue }
    }
}
