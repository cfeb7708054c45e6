import Foundation

extension CoreDataDecodable where Self: NSManagedObject {
    /// The default hook: sets the object's properties as ``defaultInitialization(from:)`` does.
    @discardableResult
    public func initialize(from decoder: any Decoder) throws -> DefaultInitializeHook {
        try DefaultInitialization.apply(to: self, from: decoder)
        return DefaultInitializeHook()
    }

    /// Sets every property whose key the JSON has; properties whose key is missing keep their values.
    ///
    /// Attributes decode strictly by their model type (honouring the decoder's date, data and key
    /// strategies); `null` sets nil. Relationships decode their destination objects with the
    /// destination type's own keys and identity; `null` clears them; to-many values replace the
    /// old set.
    public func defaultInitialization(from decoder: any Decoder) throws {
        try DefaultInitialization.apply(to: self, from: decoder)
    }

    /// Sets the properties of `keys` only, as ``defaultInitialization(from:)`` does.
    public func defaultInitialization(from decoder: any Decoder, with keys: [CodingKeys]) throws {
        let names = Set(keys.map(\.propertyName))
        try DefaultInitialization.apply(to: self, from: decoder) { names.contains($0.name) }
    }

    /// Sets every property except those of `keys`, as ``defaultInitialization(from:)`` does.
    public func defaultInitialization(from decoder: any Decoder, skipping keys: [CodingKeys]) throws {
        let names = Set(keys.map(\.propertyName))
        try DefaultInitialization.apply(to: self, from: decoder) { !names.contains($0.name) }
    }

    /// Sets the properties whose keys `isIncluded` accepts, as ``defaultInitialization(from:)`` does.
    public func defaultInitialization(from decoder: any Decoder, including isIncluded: (CodingKeys) -> Bool) throws {
        try withoutActuallyEscaping(isIncluded) { isIncluded in
            try DefaultInitialization.apply(to: self, from: decoder) { property in
                CodingKeys(propertyName: property.name).map(isIncluded) ?? false
            }
        }
    }
}
