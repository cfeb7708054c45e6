import Foundation

/// Prefetching: before any object of a payload is looked up, the payload's related objects are
/// prepared and their identities collected, so that each entity costs one fetch for the whole
/// payload rather than one per nested array.
///
/// Preparing runs each object's `container(for:)` once; the prepared sources are kept by coding
/// path and used when the decode reaches them. Prefetching is best effort: a related value that
/// cannot be prepared ahead (a type mismatch, a missing identity) is left to the decode itself,
/// which reports the error where it applies the value.
extension ImportSession {
    /// The prepared source of the value `decoder` holds: prepared ahead, or prepared now (its
    /// related values prepared ahead with it).
    func source(for decoder: any Decoder, mapping: DecodingMapping) throws -> ObjectSource {
        if let source = takePrepared(for: decoder), source.decoder.mapping === mapping { return source }
        let source = try ObjectSource(decoder: decoder, mapping: mapping)
        enqueue(source, mapping: mapping.mapping)
        prepareRelatedValues(of: source, mapping: mapping)
        return source
    }

    /// Prepares, recursively, the related objects present in `source`'s JSON.
    private func prepareRelatedValues(of source: ObjectSource, mapping: DecodingMapping) {
        let values = source.decoder.values
        var parentDepth: Int?
        for property in mapping.mapping.properties {
            guard let relationship = property.relationship,
                  values.manualValues[property.keyString] == nil,
                  let destinationEntity = relationship.destinationEntity,
                  case .mapped(let destination)? = try? destinationDecoding(for: destinationEntity),
                  let (container, key) = try? values.locate(property.path),
                  (try? container.decodeNil(forKey: key)) == false,
                  let decoder = try? container.superDecoder(forKey: key)
            else { continue }
            let depth = parentDepth ?? source.decoder.codingPath.count
            parentDepth = depth
            if relationship.isToMany {
                guard var elements = try? decoder.unkeyedContainer() else { continue }
                while !elements.isAtEnd {
                    if (try? elements.decodeNil()) == true { continue }
                    guard let element = try? elements.superDecoder() else { break }
                    prepareAhead(element, mapping: destination, parentDepth: depth)
                }
            } else {
                prepareAhead(decoder, mapping: destination, parentDepth: depth)
            }
        }
    }

    private func prepareAhead(_ decoder: any Decoder, mapping: DecodingMapping, parentDepth: Int) {
        guard let source = try? ObjectSource(decoder: decoder, mapping: mapping) else { return }
        let codingPath = decoder.codingPath
        if codingPath.count <= parentDepth { stopReusingPreparedSources() }
        keepPrepared(source, at: codingPath)
        enqueue(source, mapping: mapping.mapping)
        prepareRelatedValues(of: source, mapping: mapping)
    }

    /// Fetches, one request per entity, the objects of the identities enqueued and not looked up yet.
    func fetchPending() throws {
        for (entity, pending) in takePendingIdentities() {
            let identities = markLookedUp(pending.identities, entity: entity)
            guard !identities.isEmpty else { continue }
            register(found: try IdentityFetch.objects(with: identities, of: pending.mapping, in: context), entity: entity)
        }
    }
}
