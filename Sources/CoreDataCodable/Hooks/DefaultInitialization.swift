import Foundation

/// What the default `initialize(from:)` and every `defaultInitialization` do: set the object's
/// properties from the JSON, through the import running.
enum DefaultInitialization {
    /// Sets the properties `isIncluded` accepts on `object` from `decoder`; nil accepts all of them.
    ///
    /// The usual call is an object's hook passing on the decoder the import made the object for:
    /// its values are read already. Any other decoder is read now, in the running import of the
    /// object's context or a new one.
    static func apply(to object: NSManagedObject, from decoder: any Decoder, including isIncluded: ((PropertyMapping) -> Bool)? = nil) throws {
        if let session = ImportSession.current, let progress = session.objectInProgress(object, decoder: decoder) {
            try session.undoingOnFailure { session in
                try session.applier.apply(progress, to: object, including: isIncluded)
            }
            return
        }
        let context = try object.managedObjectContext ?? decoder.requireContext()
        try ImportSession.run(in: context) { session in
            let prepared = try decoder as? PreparedDecoder ?? session.read(decoder, for: object)
            let state = session.undo.recordChange(object, slot: nil)
            let progress = ObjectInProgress(object: ObjectIdentifier(object), read: prepared.read, prepared: prepared, slot: nil, state: state)
            try session.applier.apply(progress, to: object, including: isIncluded)
        }
    }
}
