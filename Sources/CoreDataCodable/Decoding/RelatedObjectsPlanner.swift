import Foundation

/// Reads a payload's related objects ahead, before any object is looked up, so that each entity
/// costs one fetch for the whole payload rather than one per nested array.
///
/// Each object's ``PreparedDecoder`` keeps the decoders of its related objects, which applying
/// the object uses; a hook that decodes a related object itself finds it by coding path. Reading
/// ahead is best effort: a related value that cannot be read (a type mismatch, a missing
/// identity) is left to applying, which reports the error where it decodes the value.
///
/// Nothing is read ahead for a type whose reachable entities all have complete identity tables
/// (they were empty: a first import): no identity it reaches needs a lookup, and applying reads
/// its related objects straight from the JSON. Reading ahead what needs no lookup made a first
/// import of 100k people 1.3x slower.
///
/// One import session uses it, on one thread: the properties read for every object skip dynamic
/// exclusivity checks.
final class RelatedObjectsPlanner {
    private let types: DecodableTypes
    private let identities: IdentityResolver
    private let reader: ObjectReader
    /// The ledger of the running sync by entity name, which notes the relationship keys found; nil
    /// outside one.
    var ledger: SyncLedger?
    /// The types found to reach only complete tables. Tables never become incomplete during an
    /// import. A payload has a few types: searching them costs less than hashing.
    @exclusivity(unchecked) private var typesReachingCompleteTables: [ObjectIdentifier] = []

    init(types: DecodableTypes, identities: IdentityResolver, reader: ObjectReader) {
        self.types = types
        self.identities = identities
        self.reader = reader
    }

    /// Enqueues the identity of `prepared` for the next fetch and reads its related objects ahead,
    /// if any of them may need a lookup.
    ///
    /// A bare identifier of a single-key identity has none: its object holds that key only.
    func plan(_ prepared: PreparedDecoder) {
        identities.enqueue(prepared)
        let mapping = prepared.type.mapping
        if prepared.read.holdsOnlyIdentity, mapping.identityProperties.first?.path.count == 1 { return }
        if needsNoLookup(prepared.type) { return }
        readRelated(of: prepared)
    }

    /// Whether no object `type` reaches needs a lookup: every entity it reaches with an identity
    /// has a complete table. Its objects are then made as soon as they are read.
    func needsNoLookup(_ type: DecodableType) -> Bool {
        let id = ObjectIdentifier(type)
        if typesReachingCompleteTables.contains(id) { return true }
        let complete = types.reachableIdentifiedMappings(from: type).allSatisfy { identities.table(for: $0).isComplete }
        if complete { typesReachingCompleteTables.append(id) }
        return complete
    }

    /// Reads, recursively, the related objects present in the JSON of `prepared` and keeps them in
    /// it. A relationship is kept only when every one of its objects could be read.
    private func readRelated(of prepared: PreparedDecoder) {
        let values = prepared.values
        let mapping = prepared.type.mapping
        // Only relationships have destinations: attributes are skipped without reading their mappings.
        for (index, destination) in types.destinations(of: prepared.type).enumerated() {
            guard let destination else { continue }
            let property = mapping.properties[index]
            guard !values.hasManualValue(for: property) else {
                if property.isToMany { identities.notePresentToMany(index, of: mapping) }
                continue
            }
            let located: (container: KeyedDecodingContainer<JSONKey>, key: JSONKey)?
            do {
                located = try values.locate(property)
            } catch {
                continue
            }
            guard let (container, key) = located else {
                // An absent key is remembered, so that applying the object does not look for it again.
                prepared.markAbsent(at: index)
                continue
            }
            ledger?.noteFound(property, under: key)
            // A `null` value fails to read, as other values that cannot be, and is left to applying:
            // checking for it first would cost every present value a lookup.
            if property.isToMany {
                identities.notePresentToMany(index, of: mapping)
                guard var elements = try? container.nestedUnkeyedContainer(forKey: key),
                      let related = readElements(of: &elements, userInfo: prepared.userInfo, as: destination)
                else { continue }
                prepared.keep(.many(related), at: index)
            } else if let read = try? reader.read(at: key, in: container, userInfo: prepared.userInfo, as: destination) {
                let related = PreparedDecoder(read)
                plan(related)
                prepared.keep(.one(related), at: index)
            }
        }
    }

    /// The elements of a JSON array, read and planned, `null` elements left out; nil when one of
    /// them cannot be read.
    private func readElements(
        of elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], as type: DecodableType
    ) -> [PreparedDecoder]? {
        var read: [PreparedDecoder] = []
        if let count = elements.count { read.reserveCapacity(count) }
        var arrayPath: ArrayCodingPath?
        while !elements.isAtEnd {
            let next: ObjectRead?
            do {
                next = try reader.readNext(in: &elements, userInfo: userInfo, as: type, arrayPath: &arrayPath)
            } catch {
                return nil
            }
            // An element read by the model's conventions without its identity is left out.
            guard let next, !next.lacksIdentity else { continue }
            let prepared = PreparedDecoder(next)
            plan(prepared)
            read.append(prepared)
        }
        return read
    }
}
