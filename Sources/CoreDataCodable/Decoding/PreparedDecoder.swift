import Foundation

/// The decoder an object's `initialize(from:)` receives: the element's own decoder, carrying
/// the container `container(for:)` prepared, so that neither the hook nor a default
/// initialization has to run it again, and the related objects prepared ahead with it.
final class PreparedDecoder: ForwardingDecoder {
    let base: any Decoder
    let values: ObjectValues
    let mapping: DecodingMapping
    /// The related objects prepared ahead, by index in the mapping's properties; empty until a
    /// relationship is prepared, nil for a relationship that was not.
    var related: [PreparedRelated?] = []
    /// Whether the object was initialized from this decoder.
    var isConsumed = false
    /// The object found or inserted for this decoder's identity: its identity attributes hold
    /// the JSON's values already.
    var identifiedObject: ObjectIdentifier?

    init(base: any Decoder, values: ObjectValues, mapping: DecodingMapping) {
        self.base = base
        self.values = values
        self.mapping = mapping
    }

    /// The related objects prepared ahead for the property at `index`, if any.
    func prepared(at index: Int) -> PreparedRelated? {
        index < related.count ? related[index] : nil
    }

    /// Keeps the related objects prepared ahead for the property at `index`.
    func keep(_ value: PreparedRelated, at index: Int) {
        if related.isEmpty { related = Array(repeating: nil, count: mapping.mapping.properties.count) }
        related[index] = value
    }
}

/// The destination objects of a relationship, prepared ahead from the JSON.
enum PreparedRelated {
    case one(ObjectSource)
    /// The elements of a JSON array in order, `null` elements left out.
    case many([ObjectSource])
}
