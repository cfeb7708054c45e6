import Foundation

extension NSManagedObject {
    /// Sets the object's properties from the JSON object in `data`, as decoding an object of its
    /// type does, without looking its identity up (PropertyMapper's `fill(with:)`): objects without
    /// an identity can be filled too.
    ///
    /// A ``CoreDataDecodable`` class runs its own `initialize(from:)`; any other class sets the
    /// properties whose names the JSON has. Keys the JSON lacks leave their properties as they are.
    /// `decoder`'s context is set to the object's. A failure leaves the context as it was.
    public func fill(with data: Data, using decoder: JSONDecoder = JSONDecoder()) throws {
        guard let context = managedObjectContext else {
            throw CoreDataCodableError(.objectWithoutContext(entity: entity.codableName))
        }
        decoder.managedObjectContext = context
        try ImportSession.run(in: context) { _ in try ObjectFill.fill(self, runningOwnHook: true, from: data, using: decoder) }
    }
}

/// Decodes a JSON object into an existing object, handed over through a task-local: what
/// ``NSManagedObject/fill(with:using:)`` and a sync's keyless nested to-ones decode.
struct ObjectFill: Decodable {
    /// The object being filled, and whether its class's own `initialize(from:)` runs (else a
    /// default initialization, by the ``DecodableType`` the running import gives its entity), handed to `init(from:)` on the
    /// same thread.
    struct Target: @unchecked Sendable {
        let object: NSManagedObject
        let runsOwnHook: Bool
    }

    @TaskLocal static var target: Target?

    /// Fills `object` from `data` with `decoder`.
    static func fill(_ object: NSManagedObject, runningOwnHook: Bool, from data: Data, using decoder: JSONDecoder) throws {
        try $target.withValue(Target(object: object, runsOwnHook: runningOwnHook)) {
            _ = try decoder.decode(ObjectFill.self, from: data)
        }
    }

    init(from decoder: any Decoder) throws {
        guard let target = Self.target else { return }
        if target.runsOwnHook, let decodable = target.object as? any CoreDataDecodable {
            try decodable.initialize(from: decoder)
        } else {
            try DefaultInitialization.apply(to: target.object, from: decoder)
        }
    }
}
