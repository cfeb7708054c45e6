import Foundation

/// One JSON object or bare identifier as ``ObjectReader`` read it: the values its type's
/// `container(for:)` returned, and its identity.
///
/// A class: the phases hand it on several times per object, and copying a struct of its size
/// cost a retain and a release per field each time (a first import of 100k people was 4% slower).
final class ObjectRead {
    /// Where the JSON value came from, which tells the decoder hooks receive for it.
    enum Source {
        /// The JSON's own decoder of the value.
        case decoder(any Decoder)
        /// A JSON object read through a nested container: `values` reads it (an ``ObjectDecoder``).
        case object
        /// A bare identifier, presented as an object by its ``IdentifierDecoder``.
        case identifier(IdentifierDecoder)
    }

    let type: DecodableType
    let values: ObjectValues
    let userInfo: [CodingUserInfoKey: Any]
    let source: Source
    /// The identity read from the values, nil for an entity without identity attributes.
    private(set) var identity: ObjectIdentity?
    /// The identity values as decoded, kept only when the identity does not hold them unboxed.
    private var decodedIdentityValues: [Any] = []

    init(type: DecodableType, values: ObjectValues, userInfo: [CodingUserInfoKey: Any], source: Source) {
        self.type = type
        self.values = values
        self.userInfo = userInfo
        self.source = source
    }

    /// Whether the JSON value is a bare identifier: it holds the identity and nothing else.
    var isBareIdentifier: Bool {
        if case .identifier = source { true } else { false }
    }

    /// Whether the value holds nothing but the identity: a bare identifier whose `container(for:)`
    /// set no value. Its object, found or inserted by that identity, has nothing more to apply.
    var holdsOnlyIdentity: Bool { isBareIdentifier && values.manualValues.isEmpty }

    /// Whether the value lacks an identity its entity has: an object read by the model's
    /// conventions without its primary key, which a sync leaves out (or, nested as a to-one, merges
    /// into the parent's current object).
    var lacksIdentity: Bool {
        let mapping = type.mapping
        return mapping.readsByConventions && identity == nil && !mapping.identityProperties.isEmpty
    }

    /// The identity attribute values as Swift values, in identity order.
    var identityValues: [Any] {
        guard let identity, identity.isUnboxed else { return decodedIdentityValues }
        return [identity.constant(at: 0)]
    }

    /// Sets the identity from the values decoded for the identity attributes, in their order.
    func setIdentity(values: [Any]) {
        identity = values.isEmpty ? nil : ObjectIdentity(values: values, types: type.mapping.identityProperties.map(\.attributeType))
        decodedIdentityValues = identity?.isUnboxed == true ? [] : values
    }

    /// Sets the identity of a single integer identity attribute.
    func setIdentity(integer: Int64) {
        identity = ObjectIdentity(integer: integer)
        decodedIdentityValues = []
    }

    /// Sets the identity from the value decoded for the single identity attribute.
    func setIdentity(value: Any) {
        guard let property = type.mapping.identityProperties.first else { return }
        identity = ObjectIdentity(value: value, type: property.attributeType)
        decodedIdentityValues = identity?.isUnboxed == true ? [] : [value]
    }

    /// A decoder of the value, as the JSON presents it to hooks.
    var decoder: any Decoder {
        switch source {
        case .decoder(let decoder): decoder
        case .object: ObjectDecoder(container: values.container, userInfo: userInfo)
        case .identifier(let decoder): decoder
        }
    }

    /// The decoder `initialize(from:)` receives when nothing was read ahead: the value's own
    /// decoder, which gives the same container as `container(for:)` returned. Nil when the hook
    /// set values (only a ``PreparedDecoder`` carries them) or for the JSON's own decoder.
    var hookDecoder: (any Decoder)? {
        guard values.manualValues.isEmpty else { return nil }
        switch source {
        case .decoder: return nil
        case .object, .identifier: return decoder
        }
    }

    /// The coding path of the value.
    var codingPath: [any CodingKey] {
        switch source {
        case .decoder(let decoder): decoder.codingPath
        case .identifier(let decoder): decoder.codingPath
        case .object: values.codingPath
        }
    }
}
