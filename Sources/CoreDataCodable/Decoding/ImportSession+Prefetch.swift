import Foundation

/// Prefetching: before any object of a payload is looked up, the payload's related objects are
/// prepared and their identities collected, so that each entity costs one fetch for the whole
/// payload rather than one per nested array.
///
/// Preparing runs each object's `container(for:)` once. Each object's decoder keeps the sources
/// of its related objects, which a default initialization applies directly; a hook that decodes
/// a related object itself finds its source by coding path. Prefetching is best effort: a related
/// value that cannot be prepared ahead (a type mismatch, a missing identity) is left to the decode
/// itself, which reports the error where it applies the value.
extension ImportSession {
    /// The prepared source of the value `decoder` holds: prepared ahead, or prepared now (its
    /// related values prepared ahead with it).
    func source(for decoder: any Decoder, mapping: DecodingMapping) throws -> ObjectSource {
        if let source = takePrepared(for: decoder), source.decoder.mapping === mapping { return source }
        let source = try ObjectSource(decoder: decoder, mapping: mapping)
        collect(source, mapping: mapping)
        return source
    }

    /// Enqueues the identity of `source` for the next fetch and prepares its related objects.
    ///
    /// A bare identifier of a single-key identity has none: its object holds that key only.
    func collect(_ source: ObjectSource, mapping: DecodingMapping) {
        enqueue(source, mapping: mapping.mapping)
        if source.decoder.holdsOnlyIdentity, mapping.mapping.identityProperties.first?.path.count == 1 { return }
        prepareRelatedValues(of: source, mapping: mapping)
    }

    /// Prepares, recursively, the related objects present in `source`'s JSON and keeps them in
    /// its decoder. A relationship is kept only when every one of its objects could be prepared.
    private func prepareRelatedValues(of source: ObjectSource, mapping: DecodingMapping) {
        let prepared = source.decoder
        let values = prepared.values
        let properties = mapping.mapping.properties
        // Only relationships have destinations: attributes are skipped without reading their mappings.
        for (index, destination) in destinationMappings(of: mapping).enumerated() {
            guard let destination else { continue }
            let property = properties[index]
            guard !values.hasManualValue(for: property) else {
                if property.isToMany { notePresentToMany(index, of: mapping.mapping) }
                continue
            }
            guard let (container, key) = try? values.locate(property.path) else {
                // A plain key is located unless absent (a key path may also fail): an absent key is
                // remembered, so that applying the object does not look for it again.
                if property.path.count == 1 { prepared.markAbsent(at: index) }
                continue
            }
            // A `null` value fails to prepare, as other values that cannot be, and is left to the
            // decode: checking for it first would cost every present value a lookup.
            let userInfo = prepared.userInfo
            if property.isToMany {
                notePresentToMany(index, of: mapping.mapping)
                guard var elements = try? container.nestedUnkeyedContainer(forKey: key),
                      let sources = prepareElements(of: &elements, userInfo: userInfo, mapping: destination)
                else { continue }
                prepared.keep(.many(sources), at: index)
            } else if let related = try? self.source(at: key, in: container, userInfo: userInfo, mapping: destination) {
                collect(related, mapping: destination)
                prepared.keep(.one(related), at: index)
            }
        }
    }

    /// The sources of the elements of a JSON array, `null` elements left out; nil when one of
    /// them cannot be prepared.
    private func prepareElements(
        of elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any],
        mapping: DecodingMapping
    ) -> [ObjectSource]? {
        var sources: [ObjectSource] = []
        if let count = elements.count { sources.reserveCapacity(count) }
        var arrayPath: ArrayCodingPath?
        while !elements.isAtEnd {
            let next: ObjectSource?
            do {
                next = try nextSource(in: &elements, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath)
            } catch {
                return nil
            }
            guard let source = next else { continue }
            collect(source, mapping: mapping)
            sources.append(source)
        }
        return sources
    }

    /// Notes that the JSON of an object of `mapping` holds the to-many property at `index`.
    ///
    /// Objects found are compared with their JSON, to-many relationships included, so the fetch that
    /// finds them loads those relationships too (one request each, not one per object). Only the ones
    /// a payload holds: loading the others, such as a country's people when people name their
    /// country, would cost in proportion to the store, not to the payload.
    private func notePresentToMany(_ index: Int, of mapping: EntityMapping) {
        if let position = presentToMany.firstIndex(where: { $0.mapping === mapping }) {
            presentToMany[position].present[index] = true
        } else {
            var present = [Bool](repeating: false, count: mapping.properties.count)
            present[index] = true
            presentToMany.append((mapping, present))
        }
    }

    /// The names of the to-many relationships of `entityName` noted present since the last fetch of it.
    private func takePresentToMany(of entityName: String) -> [String] {
        var names: Set<String> = []
        presentToMany.removeAll { entry in
            guard entry.mapping.entityName == entityName else { return false }
            for (index, present) in entry.present.enumerated() where present { names.insert(entry.mapping.properties[index].name) }
            return true
        }
        return names.sorted()
    }

    /// Fetches, one request per entity, the objects of the identities enqueued and not looked up yet.
    func fetchPending() throws {
        for pending in takePendingIdentities() {
            let prefetched = takePresentToMany(of: pending.mapping.entityName)
            let found = try IdentityFetch.objects(with: pending.identities, of: pending.mapping, prefetching: prefetched, in: context)
            identityTable(for: pending.mapping).register(found: found)
        }
    }
}
