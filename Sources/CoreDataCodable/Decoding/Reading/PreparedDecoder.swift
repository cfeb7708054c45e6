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
    private let forwarding: Forwarding
    /// Whether the JSON value is a bare identifier: it holds the identity and nothing else.
    let isBareIdentifier: Bool
    /// The relationships, by property index below 32, whose keys reading ahead found absent.
    @exclusivity(unchecked) private var absentRelationships: UInt32 = 0
    let userInfo: [CodingUserInfoKey: Any]
    let values: ObjectValues
    let type: DecodableType
    /// The identity values as decoded, kept only when the identity does not hold them unboxed.
    @exclusivity(unchecked) private var decodedIdentityValues: [Any] = []
    /// The related objects read ahead, with the index of their property in the mapping.
    @exclusivity(unchecked) private var related: [(index: Int, value: PreparedRelated)] = []
    /// The related objects not used yet, by coding path, for a hook that decodes them itself;
    /// nil for a path met twice. Built when such a hook first asks.
    @exclusivity(unchecked) private var unusedByPath: [[JSONKey]: PreparedDecoder?]?
    /// The object initialized from this decoder, with its undo state; nil until it is made.
    @exclusivity(unchecked) var target: (object: ObjectIdentifier, state: UndoState)?
    /// The slot of the identity in its entity's ``IdentityTable``, -1 until enqueued. An `Int32`
    /// keeps the decoder one allocation size class smaller.
    @exclusivity(unchecked) private var storedSlot: Int32 = -1
    /// The identity read from the JSON, nil for an entity without identity attributes.
    @exclusivity(unchecked) private(set) var identity: ObjectIdentity?

    /// What requests go to. Decoders cheap to make again from what was prepared are made again
    /// when a hook asks rather than kept for every object.
    enum Forwarding {
        /// The decoder itself.
        case decoder(any Decoder)
        /// A decoder of the object that `values` reads (an ``ObjectDecoder``).
        case object
        /// A bare identifier's decoder (an ``IdentifierDecoder``) over the JSON's own decoder of the value.
        case identifier(of: any Decoder)
    }

    init(
        forwardingTo forwarding: Forwarding, userInfo: [CodingUserInfoKey: Any], values: ObjectValues,
        type: DecodableType, isBareIdentifier: Bool = false
    ) {
        self.forwarding = forwarding
        self.userInfo = userInfo
        self.values = values
        self.type = type
        self.isBareIdentifier = isBareIdentifier
    }

    /// The slot of the identity in its entity's ``IdentityTable``, once looked up.
    var slot: Int? {
        get { storedSlot < 0 ? nil : Int(storedSlot) }
        set { storedSlot = newValue.flatMap { Int32(exactly: $0) } ?? -1 }
    }

    /// Whether an object was made from this decoder.
    var isConsumed: Bool { target != nil }

    /// Whether the decoder holds nothing but the identity: a bare identifier whose `container(for:)`
    /// set no value. Its object, found or inserted by that identity, has nothing more to apply.
    var holdsOnlyIdentity: Bool { isBareIdentifier && values.manualValues.isEmpty }

    /// The object found or inserted for this decoder's identity: its identity attributes hold
    /// the JSON's values already.
    var identifiedObject: ObjectIdentifier? { identity == nil ? nil : target?.object }

    /// The identity attribute values as Swift values, in identity order.
    var identityValues: [Any] {
        guard let identity, identity.isUnboxed else { return decodedIdentityValues }
        return [identity.constant(at: 0)]
    }

    /// Sets the identity from the values decoded for the identity attributes, in their order.
    func setIdentity(values: [Any]) {
        identity = values.isEmpty ? nil : ObjectIdentity(values: values, properties: type.mapping.identityProperties)
        decodedIdentityValues = identity?.isUnboxed == true ? [] : values
    }

    /// Sets the identity from the value decoded for the single identity attribute.
    func setIdentity(value: Any) {
        guard let property = type.mapping.identityProperties.first else { return }
        setIdentity(ObjectIdentity(value: value, type: property.attributeType), value: value)
    }

    /// Sets the identity made already from `value`, the single identity attribute's.
    func setIdentity(_ identity: ObjectIdentity?, value: Any) {
        self.identity = identity
        decodedIdentityValues = identity?.isUnboxed == true ? [] : [value]
    }

    /// The decoder requests go to.
    private var forwarded: any Decoder {
        switch forwarding {
        case .decoder(let decoder): decoder
        case .object: ObjectDecoder(container: values.container, userInfo: userInfo)
        case .identifier(let base): IdentifierDecoder(base: base, path: type.mapping.identityProperties.first?.path ?? [])
        }
    }

    var codingPath: [any CodingKey] {
        switch forwarding {
        case .decoder(let decoder), .identifier(of: let decoder): decoder.codingPath
        case .object: values.codingPath
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try forwarded.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try forwarded.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try forwarded.singleValueContainer()
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
