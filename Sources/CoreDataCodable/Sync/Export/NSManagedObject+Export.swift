import Foundation

extension NSManagedObject {
    /// The object as a JSON dictionary, by the model alone (PropertyMapper's `export()`).
    ///
    /// - Keys follow Sync's conventions: `sync.remoteKey` (a dotted key path becomes nested
    ///   dictionaries), `id` for `remoteID`, reserved words (`userType` as `type`), else the name in
    ///   ``ExportOptions/keyStyle``.
    /// - An attribute that is not set is `NSNull`; transformable attributes and properties marked
    ///   `sync.nonExportable` are left out. Dates follow ``ExportOptions/dateEncodingStrategy``
    ///   (ISO 8601 in UTC by default), UUIDs and URLs strings, Binary Data the JSON it holds (else a base64 string), and
    ///   a `sync.valueTransformer` gives its reverse-transformed value.
    /// - Related objects follow ``ExportOptions/relationships``; a to-one that is not set is `null`
    ///   (left out in Rails' nested attributes), and the relationship back to the object being
    ///   exported is left out.
    ///
    /// The result is valid for `JSONSerialization`. Call it on the queue of the object's context.
    public func export(using options: ExportOptions = ExportOptions()) -> [String: Any] {
        ObjectExporter(options: options).dictionary(of: self, arrivedThrough: nil, ancestors: [])
    }
}
