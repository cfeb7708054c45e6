import Foundation

/// One decode into a context, from the outermost `init(from:)` to its end: it wires the phases of
/// an import together.
///
/// 1. ``ObjectReader`` reads each JSON object or bare identifier into an ``ObjectRead``, running
///    the type's `container(for:)` and reading the identity.
/// 2. ``RelatedObjectsPlanner`` reads its related objects ahead into ``PreparedDecoder``s and
///    enqueues every identity met; objects whose identities need no lookup skip this.
/// 3. ``IdentityResolver`` finds the objects of those identities, one fetch per entity.
/// 4. ``makeObject(_:prepared:)`` finds or inserts each object and runs its `initialize(from:)`, whose
///    default sets its values and relationships (``ObjectApplier``).
///
/// ``UndoLog`` records each object before the import changes it, so that a failure leaves the
/// context as it was. A session lives on the thread of its context's `performAndWait` block, so
/// its properties skip dynamic exclusivity checks.
final class ImportSession: ContextSession, RelatedObjectMaking, @unchecked Sendable {
    /// The session of the decode running on this thread, if any.
    @TaskLocal static var current: ImportSession?

    let context: NSManagedObjectContext
    let thread = ThreadIdentity.current
    /// The model of the context.
    var model: NSManagedObjectModel { types.model }
    /// The hooks of the types met.
    let types: DecodableTypes
    let reader = ObjectReader()
    let planner: RelatedObjectsPlanner
    let identities: IdentityResolver
    let undo: UndoLog
    /// How many decodes of this session are running, nested in one another.
    @exclusivity(unchecked) private var depth = 0
    /// The objects being initialized, by their hooks or the import, innermost last.
    @exclusivity(unchecked) private var objectsInProgress: [ObjectInProgress] = []
    /// What the running sync by entity name records of the objects made, and how it admits nested
    /// ones; nil outside one. Kept by the planner, which notes in it the relationship keys it finds.
    var ledger: SyncLedger? {
        get { planner.ledger }
        set { planner.ledger = newValue }
    }

    /// Makes the session of a decode into `context`. In the session of a model-driven sync
    /// (`modelConventions`), every entity decodes by the model's conventions, whatever its class
    /// (``MappingRegistry/syncDecodableType(for:in:relationships:)``).
    init(context: NSManagedObjectContext, modelConventions: Bool) throws {
        self.context = context
        let undo = UndoLog(context: context)
        self.undo = undo
        let types = DecodableTypes(model: try context.requireModel(), modelConventions: modelConventions, willMeetAppCode: undo.willRunAppCode)
        self.types = types
        let identities = IdentityResolver(context: context)
        self.identities = identities
        planner = RelatedObjectsPlanner(types: types, identities: identities, reader: reader)
    }

    convenience init(context: NSManagedObjectContext) throws {
        try self.init(context: context, modelConventions: false)
    }

    static func withCurrent<Result>(_ session: ImportSession, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(session, operation: body)
    }

    /// Runs `body` inside `context.performAndWait`, in the running session for `context` or a new
    /// one (of a model-driven sync when `modelConventions`). If `body` throws, what it inserted or
    /// changed is undone.
    static func run<Result>(
        in context: NSManagedObjectContext, modelConventions: Bool = false, _ body: (ImportSession) throws -> Result
    ) throws -> Result {
        try entering(context, make: { try ImportSession(context: $0, modelConventions: modelConventions) }) { session, isNew in
            do {
                return try session.undoingOnFailure(body)
            } catch {
                if isNew { session.undo.undoUnrecordedChanges() }
                throw error
            }
        }
    }

    /// Runs `body`; if it throws, what it inserted or changed is undone.
    func undoingOnFailure<Result>(_ body: (ImportSession) throws -> Result) throws -> Result {
        depth += 1
        defer { depth -= 1 }
        let mark = undo.mark
        do {
            return try body(self)
        } catch {
            undo.undo(to: mark, decodeGoesOn: depth > 1)
            throw error
        }
    }

    /// The object whose `initialize(from:)` hook is running, innermost, on this thread, if it is
    /// `object` and its hook received `decoder`.
    func objectInProgress(_ object: NSManagedObject, decoder: any Decoder) -> ObjectInProgress? {
        guard let innermost = objectsInProgress.last, innermost.object == ObjectIdentifier(object), thread == .current,
              innermost.gave(decoder)
        else { return nil }
        return innermost
    }

    /// What sets the values and relationships of the object being decoded; its related objects are
    /// made by this import.
    var applier: ObjectApplier {
        // Deep in nested objects, a missing key's error, which carries the coding path, costs more
        // than checking for the key first.
        ObjectApplier(
            undo: undo, relationships: RelationshipReader(types: types, ledger: ledger, objects: self),
            checksPresenceFirst: objectsInProgress.count > 16
        )
    }

    // MARK: Decoding objects

    /// Decodes one object with its relationships: at most one fetch per entity.
    func decodeObject(_ destination: DestinationDecoding, from decoder: any Decoder) throws -> NSManagedObject {
        switch destination {
        case .mapped(let type):
            let prepared = try readResolved(decoder, as: type)
            return try makeObject(prepared.read, prepared: prepared)
        case .decodable(let type):
            return try decodePlainDestination(type, from: decoder)
        }
    }

    /// Decodes one object as ``decodeObject(_:from:)`` does, as `admission` decides: nil when it
    /// leaves the object out.
    func decodeObject(_ type: DecodableType, from decoder: any Decoder, admission: ElementAdmission) throws -> NSManagedObject? {
        let prepared = try readResolved(decoder, as: type)
        return try admitted(prepared.read, prepared: prepared, by: admission)
    }

    /// The prepared decoder of the value `decoder` holds, with the identities it met looked up.
    private func readResolved(_ decoder: any Decoder, as type: DecodableType) throws -> PreparedDecoder {
        let prepared = try read(decoder, as: type)
        try identities.fetchPending()
        return prepared
    }

    /// Reads the object of the value at `key`, with its identity looked up: the prepared decoder to
    /// make it from, or its read alone when nothing it reaches needs a lookup.
    func readObject(
        _ type: DecodableType, at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any]
    ) throws -> (read: ObjectRead, prepared: PreparedDecoder?) {
        let read = try reader.read(at: key, in: container, userInfo: userInfo, as: type)
        if planner.needsNoLookup(read.type) { return (read, nil) }
        let prepared = PreparedDecoder(read)
        planner.plan(prepared)
        try identities.fetchPending()
        return (read, prepared)
    }

    /// Decodes the JSON array `decoder` holds as objects of the destination `destination` gives,
    /// in the running session of the decoder's context or a new one: what `Many` and syncs decode.
    static func decodeArray(
        from decoder: any Decoder, admission: ElementAdmission? = nil, as destination: (ImportSession) throws -> DestinationDecoding
    ) throws -> [NSManagedObject] {
        try run(in: decoder.requireContext()) { session in
            var container = try decoder.unkeyedContainer()
            return try session.decodeObjects(destination(session), from: &container, userInfo: decoder.userInfo, admission: admission)
        }
    }

    /// How many made objects' decoders ``decodeObjects(_:from:userInfo:)`` frees at a time.
    private static let decodersFreedTogether = 1024

    /// Decodes the objects of a JSON array with their relationships, skipping `null` elements:
    /// at most one fetch per entity, whatever the array's length. Objects come in JSON order; a
    /// repeated identity gives the same object each time, initialized by each occurrence in turn.
    ///
    /// Each element is made as soon as it is read while every identity met needs no fetch (the
    /// entities met were empty: a first import). From the first element with an identity to look
    /// up, elements are read ahead, their identities fetched together, and their objects made after.
    /// An `admission` leaves out, or keeps as they are, the elements it decides to.
    func decodeObjects(
        _ destination: DestinationDecoding, from container: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any],
        admission: ElementAdmission? = nil
    ) throws -> [NSManagedObject] {
        guard case .mapped(let type) = destination else {
            var objects: [NSManagedObject] = []
            while !container.isAtEnd {
                if try container.decodeNil() { continue }
                objects.append(try decodeObject(destination, from: container.superDecoder()))
            }
            return objects
        }
        if objectsInProgress.last?.prepared?.hasRelated == true {
            // A hook decoding this array itself finds its elements read ahead by their decoders' paths.
            return try makeObjects(of: type, count: container.count, admission: admission) {
                while !container.isAtEnd {
                    if try container.decodeNil() { continue }
                    return .prepared(try read(container.superDecoder(), as: type))
                }
                return nil
            }
        }
        var arrayPath: ArrayCodingPath?
        return try makeObjects(of: type, count: container.count, admission: admission) {
            while !container.isAtEnd {
                // An element read by the model's conventions without its identity is left out.
                guard let read = try reader.readNext(in: &container, userInfo: userInfo, as: type, arrayPath: &arrayPath),
                      !read.lacksIdentity
                else { continue }
                return .read(read)
            }
            return nil
        }
    }

    /// Decodes the `count` objects of `type` whose reads `next` gives in order, until it gives nil,
    /// as ``decodeObjects(_:from:userInfo:admission:)`` does: the elements a sync admitted.
    func decodeObjects(count: Int, as type: DecodableType, next: () throws -> ObjectRead?) throws -> [NSManagedObject] {
        try makeObjects(of: type, count: count, admission: nil) { try next().map { .read($0) } }
    }

    /// An element of an array being decoded: read, or read ahead with its related objects.
    private enum ArrayElement {
        case read(ObjectRead)
        case prepared(PreparedDecoder)
    }

    /// Makes the objects of the elements `next` gives, until it gives nil: at most one fetch per
    /// entity, whatever their number (see ``decodeObjects(_:from:userInfo:admission:)``).
    @inline(__always)
    private func makeObjects(
        of type: DecodableType, count: Int?, admission: ElementAdmission?, next: () throws -> ArrayElement?
    ) throws -> [NSManagedObject] {
        var objects: [NSManagedObject] = []
        var waiting: [PreparedDecoder] = []
        if let count {
            objects.reserveCapacity(count)
            // The payload's own array, not each nested one: reserving for every small array would
            // copy the table each time.
            if objectsInProgress.isEmpty { identities.table(for: type.mapping).reserveCapacity(count) }
        }
        while let element = try next() {
            let prepared: PreparedDecoder
            switch element {
            case .read(let read):
                if waiting.isEmpty, planner.needsNoLookup(type) {
                    if let object = try admitted(read, prepared: nil, by: admission) { objects.append(object) }
                    continue
                }
                prepared = PreparedDecoder(read)
                planner.plan(prepared)
            case .prepared(let read):
                prepared = read
            }
            if waiting.isEmpty, try identities.pendingNeedNoFetch() {
                if let object = try admitted(prepared.read, prepared: prepared, by: admission) { objects.append(object) }
            } else {
                waiting.append(prepared)
            }
        }
        try identities.fetchPending()
        // Decoders are let go in groups once their objects are made, so that what was read for them
        // is freed during the decode rather than all at its end. Freeing a group at a time leaves the
        // heap less fragmented for the objects and decodes that follow than freeing one at a time
        // (updates of 100k objects measured 10% faster).
        var made: [PreparedDecoder] = []
        waiting.reverse()
        while let prepared = waiting.popLast() {
            if let object = try admitted(prepared.read, prepared: prepared, by: admission) { objects.append(object) }
            made.append(prepared)
            if made.count == Self.decodersFreedTogether { made.removeAll(keepingCapacity: true) }
        }
        return objects
    }

    /// The object of `read` as `admission` decides (made, as without one, when nil): made, kept as
    /// it is, or nil when left out.
    func admitted(_ read: ObjectRead, prepared: PreparedDecoder?, by admission: ElementAdmission?) throws -> NSManagedObject? {
        guard let admission, !(admission.linksBareIdentifiers && read.isBareIdentifier) else { return try makeObject(read, prepared: prepared) }
        let existing = read.identity.flatMap { identities.table(for: read.type.mapping).existingObject(slot: prepared?.slot, identity: $0) }
        switch admission.decision(existing: existing) {
        case .make: return try makeObject(read, prepared: prepared)
        case .keep(let object): return object
        case .skip: return nil
        }
    }

    /// The prepared decoder of the value `decoder` holds: read ahead, or read (and planned) now.
    private func read(_ decoder: any Decoder, as type: DecodableType) throws -> PreparedDecoder {
        if let running = objectsInProgress.last?.prepared, let prepared = running.takeRelated(at: decoder.codingPath.map { JSONKey(converting: $0) }),
           prepared.type === type {
            return prepared
        }
        let prepared = try PreparedDecoder(reader.read(decoder, as: type))
        planner.plan(prepared)
        return prepared
    }

    /// A decoder given to a default initialization that did not come from this import, read by the
    /// `container(for:)` of `object`'s type.
    ///
    /// A class that decodes by its own `init(from:)` (an object being filled) is read with every
    /// property under its own name.
    func read(_ decoder: any Decoder, for object: NSManagedObject) throws -> PreparedDecoder {
        let type: DecodableType
        switch try types.destination(object.entity) {
        case .mapped(let mapped):
            type = mapped
        case .decodable:
            let keys = try MappingRegistry.shared.mapping(for: object.entity, in: model)
            type = DecodableType.generic(managedType: Swift.type(of: object), mapping: keys)
        }
        return PreparedDecoder(ObjectRead(type: type, values: try type.values(from: decoder), userInfo: decoder.userInfo, source: .decoder(decoder)))
    }

    /// The object of `read`: found by its identity or inserted, recorded in the undo log, then
    /// initialized by its type's `initialize(from:)`, or by the import itself (``ObjectApplier``)
    /// for a type that keeps the default hooks. `prepared` holds what was read ahead with
    /// it, and the slot of its identity; without it, the hook receives the value's own decoder if
    /// that gives the same container (``ObjectRead/hookDecoder``). A read without identity fills
    /// `keyless` when given (a sync's nested to-one without primary key, as Sync merges it).
    func makeObject(_ read: ObjectRead, prepared: PreparedDecoder? = nil, keyless: NSManagedObject? = nil) throws -> NSManagedObject {
        let type = read.type
        let object: NSManagedObject
        var state: UndoState
        var slot: UndoLog.Slot?
        if let keyless, read.identity == nil {
            object = keyless
            state = undo.recordChange(keyless, slot: nil, keepsDefaultHooks: type.keepsDefaultHooks)
        } else if let identity = read.identity {
            let table = identities.table(for: type.mapping)
            let found = try table.object(slot: prepared?.slot, identity: identity) { slot in
                try insert(type, identityValues: read.identityValues, registered: (table, slot), values: read.values)
            }
            object = found.object
            slot = (table, found.slot)
            state = found.state
            if state == .unrecorded || state == .recordsEachChange {
                state = undo.recordChange(object, slot: slot, keepsDefaultHooks: type.keepsDefaultHooks)
            }
        } else {
            object = try insert(type, identityValues: read.identityValues, registered: nil, values: read.values)
            state = .inserted
        }
        prepared?.object = ObjectIdentifier(object)
        ledger?.recordMade(object, from: read, inserted: state == .inserted)
        guard let hook = type.initializeHook else {
            let progress = ObjectInProgress(object: ObjectIdentifier(object), read: read, prepared: prepared, slot: slot, state: state)
            try withObjectInProgress(progress) { try applier.apply(progress, to: object, including: nil) }
            return object
        }
        let carrier: PreparedDecoder?
        let decoder: any Decoder
        if let prepared {
            (carrier, decoder) = (prepared, prepared)
        } else if let own = read.hookDecoder {
            (carrier, decoder) = (nil, own)
        } else {
            let made = PreparedDecoder(read)
            made.object = ObjectIdentifier(object)
            (carrier, decoder) = (made, made)
        }
        let progress = ObjectInProgress(object: ObjectIdentifier(object), read: read, prepared: carrier, slot: slot, state: state)
        try withObjectInProgress(progress) { try hook(object, decoder) }
        return object
    }

    func mergeKeyless(_ read: ObjectRead, prepared: PreparedDecoder?, into current: NSManagedObject?) throws -> NSManagedObject {
        try makeObject(read, prepared: prepared, keyless: current ?? insert(read.type, identityValues: [], registered: nil, values: read.values))
    }

    /// Runs `body` with `progress` as the innermost object in progress.
    private func withObjectInProgress(_ progress: ObjectInProgress, _ body: () throws -> Void) rethrows {
        objectsInProgress.append(progress)
        defer { objectsInProgress.removeLast() }
        try body()
    }

    /// Inserts a new object and sets its identity; `registered` is where the caller registers it,
    /// and `values` what it is made from (they may name a subentity). Throws
    /// ``CoreDataCodableError/abstractEntity`` for an abstract entity.
    func insert(
        _ type: DecodableType, identityValues: [Any], registered: UndoLog.Slot?,
        values: ObjectValues? = nil
    ) throws -> NSManagedObject {
        let object = try type.insertObject(into: context, values: values)
        for (property, value) in zip(type.mapping.identityProperties, identityValues) {
            object.setValue(value, forKey: property.name)
        }
        undo.recordInsert(object, registered: registered)
        return object
    }

    /// Decodes a destination by its own `init(from:)`. What it inserts is deleted if the decode
    /// fails (see ``UndoLog/willDecodePlainDestination()``); it is not uniqued.
    private func decodePlainDestination(_ type: any Decodable.Type, from decoder: any Decoder) throws -> NSManagedObject {
        undo.willDecodePlainDestination()
        let value = try type.init(from: decoder)
        guard let object = value as? NSManagedObject else {
            throw DecodingError.typeMismatch(NSManagedObject.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(type) did not decode a managed object."
            ))
        }
        return object
    }
}
