import Foundation

extension NSManagedObject {
    /// Sets the object's properties from the JSON object in `data`, without looking its identity
    /// up (PropertyMapper's `fill(with:)`): objects without an identity can be filled too.
    ///
    /// A ``CoreDataDecodable`` class maps the JSON by its own coding keys and runs its own
    /// `initialize(from:)`. Any other object maps it by the model's conventions, as a sync does
    /// (`sync.remoteKey` and its key paths, snake_case or camelCase names, `id` for `remoteID`,
    /// reserved words, `<name>_id` and `<name>_ids`, lenient values). Keys the JSON lacks leave
    /// their properties as they are. `decoder`'s context is set to the object's. A failure leaves
    /// the context as it was.
    public func fill(with data: Data, using decoder: JSONDecoder = JSONDecoder()) throws {
        let context = try fillContext()
        guard self is any CoreDataDecodable else {
            guard let object = try ModelSync.payload(from: data) as? [String: Any] else {
                throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                    codingPath: [], debugDescription: "Expected a JSON object to fill a \(entity.codableName)."
                ))
            }
            return try fillByModel(with: object, using: decoder, in: context)
        }
        decoder.managedObjectContext = context
        try ImportSession.run(in: context) { _ in try ObjectFill.fill(self, runningOwnHook: true, from: data, using: decoder) }
    }

    /// Sets the object's properties from a JSON object already parsed (as `JSONSerialization`
    /// gives it), as the fill from JSON data does.
    public func fill(with object: [String: Any], using decoder: JSONDecoder = JSONDecoder()) throws {
        let context = try fillContext()
        guard self is any CoreDataDecodable else { return try fillByModel(with: object, using: decoder, in: context) }
        guard JSONSerialization.isValidJSONObject(object) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The object holds values that are not JSON values."
            ))
        }
        try fill(with: try JSONSerialization.data(withJSONObject: object), using: decoder)
    }

    /// The object's context, which a fill needs.
    private func fillContext() throws -> NSManagedObjectContext {
        guard let context = managedObjectContext else {
            throw CoreDataCodableError(.objectWithoutContext(entity: entity.codableName))
        }
        return context
    }

    /// Fills the object by the model's conventions, in a session that decodes by them.
    private func fillByModel(with object: [String: Any], using decoder: JSONDecoder, in context: NSManagedObjectContext) throws {
        try ModelSync.run(in: context) { _ in
            let payload = ParsedPayloadDecoder(value: object, codingPath: [], userInfo: ModelSync.engineUserInfo(for: decoder, in: context))
            try ObjectFill.fill(self, runningOwnHook: false, from: payload)
        }
    }
}

/// Decodes a JSON object into an existing object: what ``NSManagedObject/fill(with:using:)`` decodes.
struct ObjectFill: Decodable {
    /// The object being filled, and whether its class's own `initialize(from:)` runs (else a
    /// default initialization, by the ``DecodableType`` the running import gives its entity),
    /// handed to `init(from:)` in the decoder's user info, under ``targetKey``.
    private struct Target: @unchecked Sendable {
        let object: NSManagedObject
        let runsOwnHook: Bool
    }

    private static let targetKey = CodingUserInfoKey(rawValue: "CoreDataCodable.fillTarget")!

    /// Fills `object` from the JSON object in `data`, read by `decoder`, whose user info is as it
    /// was afterwards.
    static func fill(_ object: NSManagedObject, runningOwnHook: Bool, from data: Data, using decoder: JSONDecoder) throws {
        _ = try decoder.decode(ObjectFill.self, from: data, handing: Target(object: object, runsOwnHook: runningOwnHook), under: targetKey)
    }

    /// Fills `object` from the JSON object `decoder` holds.
    static func fill(_ object: NSManagedObject, runningOwnHook: Bool, from decoder: any Decoder) throws {
        if runningOwnHook, let decodable = object as? any CoreDataDecodable {
            _ = try decodable.initialize(from: decoder)
        } else {
            try DefaultInitialization.apply(to: object, from: decoder)
        }
    }

    init(from decoder: any Decoder) throws {
        guard let target = decoder.userInfo[Self.targetKey] as? Target else { return }
        try Self.fill(target.object, runningOwnHook: target.runsOwnHook, from: decoder)
    }
}
