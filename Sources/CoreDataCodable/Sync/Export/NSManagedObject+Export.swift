import Foundation

extension NSManagedObject {
    /// The object as a JSON dictionary, by the model alone (PropertyMapper's `export()`).
    ///
    /// - Keys follow Sync's conventions, as a sync reads them: `sync.remoteKey` or Groot's
    ///   `JSONKeyPath` (a dotted key path becomes nested dictionaries), `id` for `remoteID`, reserved
    ///   words (`userType` as `type`), else the name in ``ExportOptions/keyStyle``. In an entity that
    ///   maps by Groot's keys, only properties with a `JSONKeyPath` are written.
    /// - An attribute that is not set is `NSNull`; transformable attributes and properties marked
    ///   `sync.nonExportable` are left out. Dates follow ``ExportOptions/dateEncodingStrategy``
    ///   (ISO 8601 in UTC by default; `null` when a `.custom` strategy fails), decimals are
    ///   `NSDecimalNumber`s, UUIDs and URLs strings, Binary Data the JSON it holds (else a base64
    ///   string), and a `sync.valueTransformer` or Groot's `JSONTransformerName` gives its
    ///   reverse-transformed value.
    /// - Related objects follow ``ExportOptions/relationships``, in the order `JSONEncoder` writes
    ///   them; a to-one that is not set is `null` (left out in Rails' nested attributes), the
    ///   relationship back to the object it was reached from is left out, and an object met again
    ///   inside itself is written as its primary key (left out when its entity has none), as
    ///   `JSONEncoder` writes it. As identifiers, an object whose entity has no primary key is left out.
    ///
    /// The result is valid for `JSONSerialization`; an object without a context exports as an empty
    /// dictionary. Call it on the queue of the object's context.
    public func export(using options: ExportOptions = ExportOptions()) -> [String: Any] {
        (try? EncodingSession.export(self, options: options)) as? [String: Any] ?? [:]
    }
}
