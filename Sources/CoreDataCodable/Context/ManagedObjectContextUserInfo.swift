import Foundation

extension CodingUserInfoKey {
    /// The `userInfo` key of the managed object context that decoding inserts into.
    public static let managedObjectContext = CodingUserInfoKey(rawValue: "CoreDataCodable.managedObjectContext")!

    /// The `userInfo` key of the ``RelationshipEncodingStrategy`` used when encoding.
    public static let relationshipEncodingStrategy = CodingUserInfoKey(rawValue: "CoreDataCodable.relationshipEncodingStrategy")!
}

extension Decoder {
    /// The managed object context decoded objects are inserted into, from `userInfo`.
    public var managedObjectContext: NSManagedObjectContext? {
        userInfo[.managedObjectContext] as? NSManagedObjectContext
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
        get { userInfo[.managedObjectContext] as? NSManagedObjectContext }
        set { userInfo[.managedObjectContext] = newValue }
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
    /// `<key>_attributes: {"0": {…}, "1": {…}}`; a to-one that is not set is left out.
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
