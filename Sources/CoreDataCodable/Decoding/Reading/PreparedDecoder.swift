import Foundation

/// One JSON object or bare identifier, read and ready to apply: the decoder its object's
/// `initialize(from:)` receives.
///
/// It carries the container `container(for:)` returned, so that neither the hook nor a default
/// initialization runs it again, the identity read from it, and the related objects read ahead
/// with it (see ``RelatedObjectsPlanner``). A large import keeps one per object until the object
/// is made; like its import, it is used on one thread only, so its properties skip dynamic
/// exclusivity checks.
final class PreparedDecoder: Decoder {
    /// The value as read.
    let read: ObjectRead
    /// The relationships, by property index below 32, whose keys reading ahead found absent.
    @exclusivity(unchecked) private var absentRelationships: UInt32 = 0
    /// The slot of the identity in its entity's ``IdentityTable``, -1 until enqueued. An `Int32`
    /// keeps the decoder one allocation size class smaller.
    @exclusivity(unchecked) private var storedSlot: Int32 = -1
    /// The related objects read ahead, with the index of their property in the mapping.
    @exclusivity(unchecked) private var related: [(index: Int, value: PreparedRelated)] = []
    /// The related objects not used yet, by coding path, for a hook that decodes them itself;
    /// nil for a path met twice. Built when such a hook first asks.
    @exclusivity(unchecked) private var unusedByPath: [[JSONKey]: PreparedDecoder?]?
    /// The object made from this decoder; nil until it is made.
    @exclusivity(unchecked) var object: ObjectIdentifier?

    init(_ read: ObjectRead) {
        self.read = read
    }

    var type: DecodableType { read.type }
    var values: ObjectValues { read.values }
    var userInfo: [CodingUserInfoKey: Any] { read.userInfo }
    var codingPath: [any CodingKey] { read.codingPath }

    /// The slot of the identity in its entity's ``IdentityTable``, once enqueued.
    var slot: Int? {
        get { storedSlot < 0 ? nil : Int(storedSlot) }
        set { storedSlot = newValue.flatMap { Int32(exactly: $0) } ?? -1 }
    }

    /// Whether an object was made from this decoder.
    var isConsumed: Bool { object != nil }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try read.decoder.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try read.decoder.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try read.decoder.singleValueContainer()
    }

    /// Records that the JSON lacks the key of the relationship at `index`.
    func markAbsent(at index: Int) {
        if index < 32 { absentRelationships |= 1 << index }
    }

    /// Whether reading ahead found the key of the relationship at `index` absent.
    func isAbsent(at index: Int) -> Bool {
        index < 32 && absentRelationships & (1 << index) != 0
    }

    /// Whether related objects were read ahead with this decoder.
    var hasRelated: Bool { !related.isEmpty }

    /// The related objects read ahead for the property at `index`, if any.
    func prepared(at index: Int) -> PreparedRelated? {
        related.first { $0.index == index }?.value
    }

    /// Keeps the related objects read ahead for the property at `index`.
    func keep(_ value: PreparedRelated, at index: Int) {
        related.append((index, value))
    }

    /// The related object read ahead at coding `path`, for this object's hook decoding it itself;
    /// it is handed out once. Coding paths tell a decoder's values apart only if the decoder keeps
    /// them: a path met twice gives neither object.
    func takeRelated(at path: [JSONKey]) -> PreparedDecoder? {
        if unusedByPath == nil {
            var index: [[JSONKey]: PreparedDecoder?] = [:]
            for (_, value) in related {
                let decoders: [PreparedDecoder] = switch value {
                case .one(let decoder): [decoder]
                case .many(let decoders): decoders
                }
                for decoder in decoders where !decoder.isConsumed {
                    let path = decoder.codingPath.map { JSONKey(converting: $0) }
                    index[path] = index[path] == nil ? .some(decoder) : .some(nil)
                }
            }
            unusedByPath = index
        }
        guard let found = unusedByPath?[path] ?? nil, !found.isConsumed else { return nil }
        unusedByPath?[path] = .some(nil)
        return found
    }
}

/// The destination objects of a relationship, read ahead from the JSON.
enum PreparedRelated {
    case one(PreparedDecoder)
    /// The elements of a JSON array in order, `null` elements left out.
    case many([PreparedDecoder])
}
