/// What applying a relationship asks of the running import: its related objects decoded, read
/// with their identities looked up, and made, each found or inserted, recorded for undo and
/// initialized as the payload's own objects are. ``ImportSession`` is the import that does it.
protocol RelatedObjectMaking: AnyObject {
    /// The objects of a JSON array, as `admission` decides (made, as without one, when nil).
    func decodeObjects(
        _ destination: DestinationDecoding, from container: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any],
        admission: ElementAdmission?
    ) throws -> [NSManagedObject]

    /// The object of one JSON value, with its relationships.
    func decodeObject(_ destination: DestinationDecoding, from decoder: any Decoder) throws -> NSManagedObject

    /// The read of the value at `key`, with its identity looked up, and the prepared decoder to
    /// make it from when anything it reaches needed a lookup.
    func readObject(
        _ type: DecodableType, at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any]
    ) throws -> (read: ObjectRead, prepared: PreparedDecoder?)

    /// The object of `read` as `admission` decides: made, kept as it is, or nil when left out.
    func admitted(_ read: ObjectRead, prepared: PreparedDecoder?, by admission: ElementAdmission?) throws -> NSManagedObject?

    /// The object of a read without identity, merged into `current`, or into a new object when
    /// there is none: a sync's nested to-one without its primary key, as Sync merges it.
    func mergeKeyless(_ read: ObjectRead, prepared: PreparedDecoder?, into current: NSManagedObject?) throws -> NSManagedObject
}
