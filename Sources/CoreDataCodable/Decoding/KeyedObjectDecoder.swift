import Foundation

/// The decoder `container(for:)` receives for a JSON object: the element's own decoder, carrying
/// the keyed container already made to tell objects from bare identifiers, so that
/// `decoder.container(for:)` does not make it again.
struct KeyedObjectDecoder: ForwardingDecoder {
    let base: any Decoder
    let container: KeyedDecodingContainer<JSONKey>
}
