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
        try FillRequest.$target.withValue(FillRequest.Target(object: self)) {
            _ = try context.decode(FillRequest.self, from: data, using: decoder)
        }
    }
}

/// Decodes the JSON of ``NSManagedObject/fill(with:using:)`` into the object being filled.
private struct FillRequest: Decodable {
    /// The object being filled, handed to `init(from:)`, which runs on the same thread.
    struct Target: @unchecked Sendable {
        let object: NSManagedObject
    }

    @TaskLocal static var target: Target?

    init(from decoder: any Decoder) throws {
        guard let object = Self.target?.object else { return }
        if let decodable = object as? any CoreDataDecodable {
            try decodable.initialize(from: decoder)
        } else {
            try ImportSession.applyDefaultValues(to: object, from: decoder) { _ in true }
        }
    }
}
