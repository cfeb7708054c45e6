import Foundation

/// The decoder an object's `initialize(from:)` receives: the element's own decoder, carrying
/// the container `container(for:)` prepared, so that neither the hook nor a default
/// initialization has to run it again.
final class PreparedDecoder: ForwardingDecoder {
    let base: any Decoder
    let values: ObjectValues
    let mapping: DecodingMapping

    init(base: any Decoder, values: ObjectValues, mapping: DecodingMapping) {
        self.base = base
        self.values = values
        self.mapping = mapping
    }
}
