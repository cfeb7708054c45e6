import Foundation

/// The decoder an object's `initialize(from:)` receives: the element's own decoder, carrying
/// the container `container(for:)` prepared, so that neither the hook nor a default
/// initialization has to run it again, and the related objects prepared ahead with it.
final class PreparedDecoder: Decoder {
    // Stored properties are ordered so that the small ones fill the padding after the forwarding
    // and the identity: a large import keeps one of these per object until its object is made.
    // Like its session, a decoder is used on one thread only: its properties skip dynamic
    // exclusivity checks.
    private let forwarding: Forwarding
    /// Whether the JSON value is a bare identifier: it holds the identity and nothing else.
    let isBareIdentifier: Bool
    /// The relationships, by property index below 32, whose keys preparing found absent.
    @exclusivity(unchecked) private var absentRelationships: UInt32 = 0
    let userInfo: [CodingUserInfoKey: Any]
    let values: ObjectValues
    let mapping: DecodingMapping
    /// The identity values as decoded, kept only when the identity does not hold them unboxed.
    @exclusivity(unchecked) private var decodedIdentityValues: [Any] = []
    /// The related objects prepared ahead, with the index of their property in the mapping.
    @exclusivity(unchecked) private var related: [(index: Int, value: PreparedRelated)] = []
    /// The related objects not used yet, by coding path, for a hook that decodes them itself;
    /// nil for a path met twice. Built when such a hook first asks.
    @exclusivity(unchecked) private var unusedByPath: [[JSONKey]: ObjectSource?]?
    /// The object initialized from this decoder, found or inserted for it, with what this import
    /// did to it so far (`untouched`: found, its values to be saved before its first change);
    /// nil until then.
    @exclusivity(unchecked) var target: (object: ObjectIdentifier, touch: Touch)?
    /// The slot of the identity in its entity's ``IdentityTable``, -1 until looked up: 4 bytes that
    /// fit before the identity without making the decoder larger.
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
        mapping: DecodingMapping, isBareIdentifier: Bool = false
    ) {
        self.forwarding = forwarding
        self.userInfo = userInfo
        self.values = values
        self.mapping = mapping
        self.isBareIdentifier = isBareIdentifier
    }

    /// The slot of the identity in its entity's ``IdentityTable``, once looked up.
    var slot: Int? {
        get { storedSlot < 0 ? nil : Int(storedSlot) }
        set { storedSlot = newValue.flatMap { Int32(exactly: $0) } ?? -1 }
    }

    /// Whether an object was initialized from this decoder.
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
        identity = values.isEmpty ? nil : ObjectIdentity(values: values, properties: mapping.mapping.identityProperties)
        decodedIdentityValues = identity?.isUnboxed == true ? [] : values
    }

    /// Sets the identity from the value decoded for the single identity attribute.
    func setIdentity(value: Any) {
        guard let property = mapping.mapping.identityProperties.first else { return }
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
        case .identifier(let base): IdentifierDecoder(base: base, path: mapping.mapping.identityProperties.first?.path ?? [])
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

    /// Whether preparing found the key of the relationship at `index` absent.
    func isAbsent(at index: Int) -> Bool {
        index < 32 && absentRelationships & (1 << index) != 0
    }

    /// The related objects prepared ahead for the property at `index`, if any.
    func prepared(at index: Int) -> PreparedRelated? {
        related.first { $0.index == index }?.value
    }

    /// Keeps the related objects prepared ahead for the property at `index`.
    func keep(_ value: PreparedRelated, at index: Int) {
        related.append((index, value))
    }

    /// The related object prepared ahead at coding `path`, for this object's hook decoding it
    /// itself; it is handed out once. Coding paths tell a decoder's values apart only if the
    /// decoder keeps them: a path met twice gives neither object.
    func takePrepared(at path: [JSONKey]) -> ObjectSource? {
        if unusedByPath == nil {
            var index: [[JSONKey]: ObjectSource?] = [:]
            for (_, value) in related {
                let sources: [ObjectSource] = switch value {
                case .one(let source): [source]
                case .many(let sources): sources
                }
                for source in sources where !source.decoder.isConsumed {
                    let path = source.decoder.codingPath.map { JSONKey(converting: $0) }
                    index[path] = index[path] == nil ? .some(source) : .some(nil)
                }
            }
            unusedByPath = index
        }
        guard let found = unusedByPath?[path] ?? nil, !found.decoder.isConsumed else { return nil }
        unusedByPath?[path] = .some(nil)
        return found
    }
}

/// The destination objects of a relationship, prepared ahead from the JSON.
enum PreparedRelated {
    case one(ObjectSource)
    /// The elements of a JSON array in order, `null` elements left out.
    case many([ObjectSource])
}
