import Foundation

extension ImportSession {
    /// Decodes one object with its relationships: at most one fetch per entity.
    func decodeObject(_ destination: DestinationDecoding, from decoder: any Decoder) throws -> NSManagedObject {
        switch destination {
        case .mapped(let mapping):
            let source = try self.source(for: decoder, mapping: mapping)
            try fetchPending()
            return try materialize(source, mapping: mapping, mayDefer: isOutermost)
        case .decodable(let type):
            return try decodeDecodable(type, from: decoder)
        }
    }

    /// Decodes the JSON array `decoder` holds as objects of the destination `destination` gives,
    /// in the running session of the decoder's context or a new one: what `Many` and syncs decode.
    static func decodeArray(
        from decoder: any Decoder, as destination: (ImportSession) throws -> DestinationDecoding
    ) throws -> [NSManagedObject] {
        try run(in: decoder.requireContext()) { session in
            var container = try decoder.unkeyedContainer()
            return try session.decodeObjects(destination(session), from: &container, userInfo: decoder.userInfo)
        }
    }

    /// How many made objects' sources ``decodeObjects(_:from:userInfo:)`` frees at a time.
    private static let sourcesFreedTogether = 1024

    /// Decodes the objects of a JSON array with their relationships, skipping `null` elements:
    /// at most one fetch per entity, whatever the array's length. Objects come in JSON order; a
    /// repeated identity gives the same object each time, initialized by each occurrence in turn.
    ///
    /// While the entities met are empty (see `ImportSession+EmptyEntities`), each object is made
    /// as soon as it is read, straight from its JSON when its types keep the default hooks (see
    /// `ImportSession+DirectDecoding`). From the first element with an identity to look up, the
    /// elements are prepared, their identities fetched together, and their objects made after.
    func decodeObjects(
        _ destination: DestinationDecoding, from container: inout any UnkeyedDecodingContainer,
        userInfo: [CodingUserInfoKey: Any]
    ) throws -> [NSManagedObject] {
        switch destination {
        case .mapped(let mapping):
            var objects: [NSManagedObject] = []
            var sources: [ObjectSource] = []
            if let count = container.count {
                objects.reserveCapacity(count)
                sources.reserveCapacity(count)
                // For the payload's own array only: reserving for each array a hook decodes, once per
                // object, would copy the table each time, a cost that grows with the square of their number.
                if !isInitializing { identityTable(for: mapping.mapping).reserveCapacity(count) }
            }
            var arrayPath: ArrayCodingPath?
            func makeOrDefer(_ source: ObjectSource) throws {
                collect(source, mapping: mapping)
                if sources.isEmpty, try enqueuedIdentitiesNeedNoFetch() {
                    objects.append(try materialize(source, mapping: mapping, mayDefer: isOutermost))
                } else {
                    sources.append(source)
                }
            }
            while !container.isAtEnd {
                // A hook decoding this array may find its elements prepared ahead, by their decoders' paths.
                if isInitializing {
                    if try container.decodeNil() { continue }
                    sources.append(try source(for: container.superDecoder(), mapping: mapping))
                } else if sources.isEmpty, decodesDirectly(mapping) {
                    switch try decodeDirectly(next: &container, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath) {
                    case .null: break
                    case .object(let object): objects.append(object)
                    case .source(let source): try makeOrDefer(source)
                    }
                } else if let source = try nextSource(in: &container, userInfo: userInfo, mapping: mapping, arrayPath: &arrayPath) {
                    try makeOrDefer(source)
                }
            }
            try fetchPending()
            // Sources are let go in groups once their objects are made, so that what was prepared
            // for them is freed during the decode rather than all at its end. Freeing a group at a
            // time leaves the heap less fragmented for the objects and decodes that follow than
            // freeing one source at a time (updates of 100k objects measured 10% faster).
            var made: [ObjectSource] = []
            sources.reverse()
            while let source = sources.popLast() {
                objects.append(try materialize(source, mapping: mapping, mayDefer: isOutermost))
                made.append(source)
                if made.count == Self.sourcesFreedTogether { made.removeAll(keepingCapacity: true) }
            }
            return objects
        case .decodable(let type):
            var objects: [NSManagedObject] = []
            while !container.isAtEnd {
                if try container.decodeNil() { continue }
                objects.append(try decodeDecodable(type, from: container.superDecoder()))
            }
            return objects
        }
    }

    /// The object for `source`, found or inserted, initialized by the type's hook.
    ///
    /// The values of a found object are saved before its hook runs, which may change it. When
    /// its hook and the hooks running (those of the objects it is related to) are the default
    /// one, only this library changes the object, and saving is left to its first change, if
    /// `mayDefer`: an update that changes nothing then saves nothing. The caller must then save
    /// the object before relating it to another (which changes it through the inverse
    /// relationship), or be the outermost decode, whose caller relates it after the decode ends.
    func materialize(_ source: ObjectSource, mapping: DecodingMapping, mayDefer: Bool) throws -> NSManagedObject {
        let object: NSManagedObject
        let touch: Touch
        if let identity = source.identity {
            let table = identityTable(for: mapping.mapping)
            let found = table.object(slot: source.decoder.slot, identity: identity) {
                insert(mapping, identityValues: source.identityValues, registered: (table, identity))
            }
            object = found.object
            touch = switch found.touch {
            case .untouched where mayDefer && onlyDefaultHooks(with: mapping): .untouched
            case .untouched: willChange(object, slot: (table, found.slot)) ? .inserted : .updated
            case let touch: touch
            }
        } else {
            object = insert(mapping, identityValues: source.identityValues, registered: nil)
            touch = .inserted
        }
        try initialize(object, touch: touch, from: source, mapping: mapping)
        return object
    }

    /// Decodes a destination by its own `init(from:)`. What it inserts is deleted if the decode
    /// fails (see ``willDecodePlainDestination()``); it is not uniqued.
    private func decodeDecodable(_ type: any Decodable.Type, from decoder: any Decoder) throws -> NSManagedObject {
        willDecodePlainDestination()
        let value = try type.init(from: decoder)
        guard let object = value as? NSManagedObject else {
            throw DecodingError.typeMismatch(NSManagedObject.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(type) did not decode a managed object."
            ))
        }
        return object
    }
}
