import Foundation

/// The state of one decode into a context, from the outermost `init(from:)` to its end.
///
/// The outermost decode creates it inside the context's `performAndWait`; everything nested
/// (relationships, `Many`, custom hooks decoding managed objects) runs synchronously in that
/// block and finds it through ``current``. It owns the identity maps (every fetched and inserted
/// object, so that a repeated identity never makes a duplicate) and an undo log: when a decode
/// fails, the objects it inserted are deleted and the objects it updated get their values back.
/// Its state is confined to that thread, so its properties skip dynamic exclusivity checks.
final class ImportSession: ContextSession, @unchecked Sendable {
    /// The session of the decode running on this thread, if any.
    @TaskLocal static var current: ImportSession?

    let context: NSManagedObjectContext
    let model: NSManagedObjectModel
    /// Set for the session of a model-driven sync, whose JSON keys are the model's property names:
    /// every entity decodes by Sync's conventions, whatever its class.
    @TaskLocal static var modelConventions = false
    /// Whether this session decodes by Sync's conventions (see ``modelConventions``).
    let usesModelConventions: Bool
    let thread = ThreadIdentity.current

    /// Identities looked up in the context or inserted, with their objects, by entity name.
    @exclusivity(unchecked) private var identityTables: [String: IdentityTable] = [:]
    /// The identity table of each mapping met, found by reference: a payload has a few mappings,
    /// and comparing references costs less than hashing an entity name for every object.
    @exclusivity(unchecked) var mappingTables: [(mapping: EntityMapping, table: IdentityTable)] = []
    /// Objects this session inserted, or saved the values of before changing them, when their
    /// identity tables do not record it (see ``willChange(_:slot:)``).
    @exclusivity(unchecked) private var touched: [ObjectIdentifier: Touch] = [:]
    @exclusivity(unchecked) private var undoLog: [UndoEntry] = []
    /// How many decodes of this session are running, nested in one another.
    @exclusivity(unchecked) private var depth = 0
    /// How many objects decoded directly (see `ImportSession+DirectDecoding`) hold the one being decoded.
    @exclusivity(unchecked) var directNesting = 0
    /// The decoders of the objects whose `initialize(from:)` hooks are running, innermost last:
    /// only their decodes can reach a value prepared ahead without going through its parent.
    @exclusivity(unchecked) private var initializing: [PreparedDecoder] = []
    /// Identities met for the first time, to fetch before the next lookup, by mapping in the order
    /// first enqueued (found by reference, as ``mappingTables``).
    @exclusivity(unchecked) var pending: [(mapping: EntityMapping, identities: [ObjectIdentity])] = []
    /// Whether the JSON of some object of a mapping holds each of its properties, by index (only
    /// to-many ones are noted): the relationships its entity's next fetch prefetches (see
    /// ``notePresentToMany(_:of:)``).
    @exclusivity(unchecked) var presentToMany: [(mapping: EntityMapping, present: [Bool])] = []
    /// Mappings by type, so that the shared registry's lock is taken once per type per decode.
    @exclusivity(unchecked) private var decodingMappings: [ObjectIdentifier: DecodingMapping] = [:]
    @exclusivity(unchecked) private var destinations: [String: DestinationDecoding] = [:]
    /// The mapped destination of each property of a mapping, by mapping: a payload has a few
    /// mappings, and searching them costs less than hashing for every object.
    @exclusivity(unchecked) private var destinationMappings: [(mapping: ObjectIdentifier, destinations: [DecodingMapping?])] = []
    /// The mappings of types that keep the default `initialize(from:)`: only this library changes
    /// their objects, so an object found needs its values saved only before its first change.
    @exclusivity(unchecked) private var defaultHookMappings: [ObjectIdentifier] = []
    /// The mappings of types that keep the default `container(for:)`: their objects and bare
    /// identifiers skip that hook, whose result is known (see `ObjectSource`).
    @exclusivity(unchecked) private var defaultContainerMappings: [ObjectIdentifier] = []
    /// Set by the default `container(for:)` when it runs for an object or a bare identifier.
    @exclusivity(unchecked) var defaultContainerRan = false
    /// The mappings whose last related value read was a bare identifier: the next is read as one
    /// first. A payload has a few mappings: searching them costs less than hashing.
    @exclusivity(unchecked) private var identifierMappings: [ObjectIdentifier] = []
    /// The mappings found to decode directly (see `ImportSession+DirectDecoding`), while the
    /// session has met `known` mappings: a mapping met later may share their tables.
    @exclusivity(unchecked) var directMappings: (known: Int, mappings: [ObjectIdentifier]) = (0, [])
    /// The context's inserted objects before the first plain `Decodable` destination was decoded:
    /// the objects such destinations insert on their own are the ones inserted since.
    @exclusivity(unchecked) private var insertedBeforeDestinations: Set<NSManagedObject>?

    /// The saved objects that had unsaved changes when the session started: after a failure, the
    /// others that have changes were changed by it, if only through an inverse relationship.
    private let updatedBefore: Set<ObjectIdentifier>

    /// What a failure undoes, for one object, with the slot that records what was done to it when it
    /// has an identity.
    private enum UndoEntry {
        /// An object the session inserted, with the table it was registered in under its identity.
        case inserted(NSManagedObject, registered: (table: IdentityTable, identity: ObjectIdentity)?)
        /// A saved object without unsaved changes before the session: refreshing it gives back exactly
        /// its saved state.
        case saved(NSManagedObject, slot: (table: IdentityTable, slot: Int)?)
        /// A saved object with unsaved changes from before the session: refreshed, then given those
        /// changes again.
        case changed(NSManagedObject, changes: [String: Any], slot: (table: IdentityTable, slot: Int)?)
        /// An object inserted before the session: the values of its entity's properties, in their order.
        case insertedBefore(NSManagedObject, values: [Any?], slot: (table: IdentityTable, slot: Int)?)
    }

    init(context: NSManagedObjectContext) throws {
        self.context = context
        usesModelConventions = Self.modelConventions
        model = try context.requireModel()
        updatedBefore = context.hasChanges ? Set(context.updatedObjects.map(ObjectIdentifier.init)) : []
    }

    static func withCurrent<Result>(_ session: ImportSession, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(session, operation: body)
    }

    /// Runs `body` inside `context.performAndWait`, with the running session for `context` or a
    /// new one. If `body` throws, what it inserted or updated is undone.
    static func run<Result>(in context: NSManagedObjectContext, _ body: (ImportSession) throws -> Result) throws -> Result {
        try entering(context) { session, isNew in
            do {
                return try session.undoingOnFailure(body)
            } catch {
                if isNew {
                    session.deleteObjectsInsertedByDestinations()
                    session.refreshObjectsChangedThroughInverses()
                }
                throw error
            }
        }
    }

    /// Runs `body`; if it throws, what it inserted or updated is undone.
    func undoingOnFailure<Result>(_ body: (ImportSession) throws -> Result) throws -> Result {
        depth += 1
        defer { depth -= 1 }
        let mark = undoLog.count
        do {
            return try body(self)
        } catch {
            undo(to: mark, decodeGoesOn: depth > 1)
            throw error
        }
    }

    /// Undoes what was recorded since `mark`. When the decode goes on (a nested part failed and is
    /// decoded again another way), saved objects are not refreshed: the decode sets their values
    /// again, and a refreshed object would cost a fetch when read next (refreshing in a 10k import
    /// into a store of 100k people made it 1.8x slower). Should the whole decode fail, the outermost
    /// undo refreshes every object the session changed (``refreshObjectsChangedThroughInverses()``).
    private func undo(to mark: Int, decodeGoesOn: Bool) {
        while undoLog.count > mark {
            switch undoLog.removeLast() {
            case .inserted(let object, let registered):
                if let registered { registered.table.forget(object, identity: registered.identity) }
                touched[ObjectIdentifier(object)] = nil
                context.delete(object)
            case .saved(let object, let slot):
                if !decodeGoesOn { context.refresh(object, mergeChanges: false) }
                untouch(object, slot: slot)
            case .changed(let object, let changes, let slot):
                if !decodeGoesOn {
                    context.refresh(object, mergeChanges: false)
                    for (key, value) in changes { object.setValue(value is NSNull ? nil : value, forKey: key) }
                }
                untouch(object, slot: slot)
            case .insertedBefore(let object, let values, let slot):
                for (property, value) in zip(object.entity.properties, values)
                where !Self.isSame(object.value(forKey: property.name), value) {
                    object.setValue(value, forKey: property.name)
                }
                untouch(object, slot: slot)
            }
        }
    }

    private func untouch(_ object: NSManagedObject, slot: (table: IdentityTable, slot: Int)?) {
        touched[ObjectIdentifier(object)] = nil
        if let slot { slot.table.setTouch(.untouched, at: slot.slot) }
    }

    /// After a failure is undone, refreshes the saved objects that have changes the session made
    /// through inverse relationships only (a crate that lost an item to another crate), once the
    /// deletions of the objects it inserted have run their delete rules.
    private func refreshObjectsChangedThroughInverses() {
        context.processPendingChanges()
        for object in context.updatedObjects where !updatedBefore.contains(ObjectIdentifier(object)) {
            context.refresh(object, mergeChanges: false)
        }
    }

    /// Whether two property values are equal, so that restoring one over the other is not needed.
    private static func isSame(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): (lhs as? AnyHashable).map { $0 == rhs as? AnyHashable } ?? false
        default: false
        }
    }

    /// Records that a plain `Decodable` destination is about to be decoded (see
    /// ``insertedBeforeDestinations``).
    func willDecodePlainDestination() {
        if insertedBeforeDestinations == nil { insertedBeforeDestinations = context.insertedObjects }
    }

    /// After a failed decode, deletes what plain `Decodable` destinations inserted on their own.
    private func deleteObjectsInsertedByDestinations() {
        guard let before = insertedBeforeDestinations else { return }
        for object in context.insertedObjects.subtracting(before) {
            context.delete(object)
        }
    }

    // MARK: Objects

    /// The table of the objects of `mapping`'s entity by identity, shared by the mappings of that entity.
    func identityTable(for mapping: EntityMapping) -> IdentityTable {
        for index in mappingTables.indices where mappingTables[index].mapping === mapping {
            return mappingTables[index].table
        }
        let table = identityTables[mapping.entityName] ?? IdentityTable()
        identityTables[mapping.entityName] = table
        mappingTables.append((mapping, table))
        return table
    }

    /// The source prepared ahead for the value `decoder` holds, if the hook of the object holding
    /// that value is decoding it; it is handed out once.
    ///
    /// Coding paths find the source among the related objects of the object whose hook is
    /// running, so a hook never gets the source of another object's value.
    func takePrepared(for decoder: any Decoder) -> ObjectSource? {
        guard let current = initializing.last else { return nil }
        return current.takePrepared(at: decoder.codingPath.map { JSONKey(converting: $0) })
    }

    /// Whether an object's `initialize(from:)` hook is running.
    var isInitializing: Bool { !initializing.isEmpty }

    /// Whether the running decode is the outermost one: its objects go to the code that started
    /// the session, not to a hook or to another object.
    var isOutermost: Bool { depth == 1 }

    /// Whether the innermost running `initialize(from:)` hook, on this thread, is the one given `decoder`.
    func isInitializing(from decoder: PreparedDecoder) -> Bool {
        initializing.last === decoder && thread == .current
    }

    /// Runs an object's `initialize(from:)` hook; `touch` tells what this session did to the object.
    ///
    /// For an object of the mapping's own class whose type is known to keep the default hook, what
    /// that hook does is done without it, which spares its dispatch and its checks of the decoder.
    /// A bare identifier then holds nothing but the identity its object was found or inserted
    /// with: there is nothing to set.
    func initialize(_ object: NSManagedObject, touch: Touch, from source: ObjectSource, mapping: DecodingMapping) throws {
        let decoder = source.decoder
        decoder.target = (ObjectIdentifier(object), touch)
        let keepsDefaultHook = ObjectIdentifier(type(of: object)) == mapping.objectClass && keepsDefaultHook(mapping)
        if keepsDefaultHook, decoder.holdsOnlyIdentity { return }
        initializing.append(decoder)
        defer { initializing.removeLast() }
        if keepsDefaultHook {
            try undoingOnFailure { try $0.apply(decoder, to: object, touch: touch) { _ in true } }
        } else {
            try mapping.initialize(object, decoder)
        }
    }

    /// Whether the object being decoded is nested in more than a few others, where a missing key's
    /// error, which carries the coding path, costs more than checking for the key first.
    var isDeepInNestedObjects: Bool {
        initializing.count + directNesting > 16
    }

    /// Gives `source` the slot of its identity in its entity's table; an identity met for the first
    /// time is added to those the next fetch looks up, unless the table holds every object of its
    /// entity. The decoder is at hand now, while it was just prepared: setting its slot later would
    /// cost a cache miss per object in large payloads.
    func enqueue(_ source: ObjectSource, mapping: EntityMapping) {
        guard let identity = source.identity else { return }
        let table = identityTable(for: mapping)
        source.decoder.slot = table.slot(for: identity) {
            if table.holdsEveryObject { return }
            if let index = pending.firstIndex(where: { $0.mapping === mapping }) {
                pending[index].identities.append(identity)
            } else {
                pending.append((mapping, [identity]))
            }
        }
    }

    /// The identities enqueued since the last call, one entry per entity: mappings of one entity
    /// (types sharing it) have their identities merged.
    func takePendingIdentities() -> [(mapping: EntityMapping, identities: [ObjectIdentity])] {
        defer { pending = [] }
        var merged: [(mapping: EntityMapping, identities: [ObjectIdentity])] = []
        for entry in pending {
            if let index = merged.firstIndex(where: { $0.mapping.entityName == entry.mapping.entityName }) {
                merged[index].identities += entry.identities
            } else {
                merged.append(entry)
            }
        }
        return merged
    }

    /// Inserts a new object and sets its identity; `registered` is where the caller registers it.
    func insert(
        _ mapping: DecodingMapping, identityValues: [Any], registered: (table: IdentityTable, identity: ObjectIdentity)?
    ) -> NSManagedObject {
        let object = mapping.makeObject(context)
        for (property, value) in zip(mapping.mapping.identityProperties, identityValues) {
            object.setValue(value, forKey: property.name)
        }
        // The identity table records objects it registers; others are recorded by object.
        if registered == nil { touched[ObjectIdentifier(object)] = .inserted }
        undoLog.append(.inserted(object, registered: registered))
        return object
    }

    /// Records that the type of `mapping` keeps the default `initialize(from:)`, for this decode
    /// and later ones.
    func noteDefaultHook(of mapping: DecodingMapping) {
        if Self.note(mapping, in: &defaultHookMappings) { mapping.learnDefaultHooks(.initialize) }
    }

    /// Records that the type of `mapping` keeps the default `container(for:)`, for this decode
    /// and later ones.
    func noteDefaultContainer(of mapping: DecodingMapping) {
        if Self.note(mapping, in: &defaultContainerMappings) { mapping.learnDefaultHooks(.container) }
    }

    /// Adds `mapping` to `mappings` if absent; returns whether it was.
    @discardableResult
    private static func note(_ mapping: DecodingMapping, in mappings: inout [ObjectIdentifier]) -> Bool {
        let id = ObjectIdentifier(mapping)
        if mappings.contains(id) { return false }
        mappings.append(id)
        return true
    }

    /// Starts this decode's knowledge of `mapping`'s hooks from what earlier decodes learned;
    /// called when the session first meets the mapping.
    private func adopt(_ mapping: DecodingMapping) {
        let known = mapping.knownDefaultHooks
        if known.contains(.initialize) { Self.note(mapping, in: &defaultHookMappings) }
        if known.contains(.container) { Self.note(mapping, in: &defaultContainerMappings) }
    }

    /// Whether the type of `mapping` is known to keep the default `initialize(from:)`.
    func keepsDefaultHook(_ mapping: DecodingMapping) -> Bool {
        defaultHookMappings.contains(ObjectIdentifier(mapping))
    }

    /// Whether the type of `mapping` is known to keep the default `container(for:)`.
    func keepsDefaultContainer(_ mapping: DecodingMapping) -> Bool {
        defaultContainerMappings.contains(ObjectIdentifier(mapping))
    }

    /// Whether the types of `mapping` and of the objects whose hooks are running are known to keep
    /// the default `initialize(from:)`.
    func onlyDefaultHooks(with mapping: DecodingMapping) -> Bool {
        keepsDefaultHook(mapping) && initializing.allSatisfy { keepsDefaultHook($0.mapping) }
    }

    /// Records how a failure puts `object` back as it was before this session first changes it,
    /// and returns whether this session inserted it: objects inserted by the session need nothing
    /// recorded. A saved object is refreshed (with its own unsaved changes set again, if it had
    /// any); an object inserted earlier gets its values back.
    ///
    /// An object with an identity `slot` has what was done to it recorded there; other objects are
    /// recorded by object.
    func willChange(_ object: NSManagedObject, slot: (table: IdentityTable, slot: Int)? = nil) -> Bool {
        let id = ObjectIdentifier(object)
        if !touched.isEmpty, let touch = touched[id] {
            if let slot { slot.table.setTouch(touch, at: slot.slot) }
            return touch == .inserted
        }
        if let slot {
            slot.table.setTouch(.updated, at: slot.slot)
        } else {
            touched[id] = .updated
        }
        if object.isInserted {
            let values = object.entity.properties.map { property -> Any? in
                let value = object.value(forKey: property.name)
                guard let relationship = property as? NSRelationshipDescription, relationship.isToMany else { return value }
                return Self.snapshot(ofToMany: value)
            }
            undoLog.append(.insertedBefore(object, values: values, slot: slot))
        } else if !updatedBefore.isEmpty, updatedBefore.contains(ObjectIdentifier(object)) {
            undoLog.append(.changed(object, changes: object.changedValues().mapValues { Self.snapshot(ofToMany: $0) ?? NSNull() }, slot: slot))
        } else {
            // Changes it has are this session's own, made through an inverse (a country that lost a
            // person): refreshing undoes them too. Reading them would load the relationship.
            undoLog.append(.saved(object, slot: slot))
        }
        return false
    }

    /// A to-many value that later changes to the object leave as it is: a live (mutable) set is
    /// copied, an immutable one is that already.
    private static func snapshot(ofToMany value: Any?) -> Any? {
        // The class tells first: casting an optional existential to a class costs more.
        guard let value else { return nil }
        let kind = type(of: value)
        if kind is NSMutableOrderedSet.Type, let set = value as? NSMutableOrderedSet { return NSOrderedSet(array: set.array) }
        if kind is NSMutableSet.Type, let set = value as? NSMutableSet { return NSSet(array: set.allObjects) }
        return value
    }

    // MARK: Sources

    /// Prepares the next non-`null` element of `elements`, nil for `null`, trying first the kind
    /// of value (object or bare identifier) the last value of `mapping` was. `arrayPath` keeps
    /// the coding path of `elements` once read, for its next elements.
    func nextSource(
        in elements: inout any UnkeyedDecodingContainer, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping,
        arrayPath: inout ArrayCodingPath?
    ) throws -> ObjectSource? {
        try withIdentifierHint(for: mapping) { expectingIdentifier in
            // Looked up only for an array of bare identifiers: objects do not need it.
            let readsIdentifiers = expectingIdentifier && keepsDefaultHook(mapping) && keepsDefaultContainer(mapping)
            return try ObjectSource.next(
                in: &elements, userInfo: userInfo, mapping: mapping, expectingIdentifier: &expectingIdentifier,
                readsIdentifiers: readsIdentifiers, arrayPath: &arrayPath
            )
        }
    }

    /// Prepares the value at `key`, trying first the kind of value the last value of `mapping` was.
    func source(
        at key: JSONKey, in container: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any], mapping: DecodingMapping
    ) throws -> ObjectSource {
        try withIdentifierHint(for: mapping) { expectingIdentifier in
            try ObjectSource.value(at: key, in: container, userInfo: userInfo, mapping: mapping, expectingIdentifier: &expectingIdentifier)
        }
    }

    private func withIdentifierHint<Result>(for mapping: DecodingMapping, _ body: (inout Bool) throws -> Result) rethrows -> Result {
        let id = ObjectIdentifier(mapping)
        let expected = identifierMappings.contains(id)
        var expectingIdentifier = expected
        defer {
            if expectingIdentifier != expected {
                if expectingIdentifier { identifierMappings.append(id) } else { identifierMappings.removeAll { $0 == id } }
            }
        }
        return try body(&expectingIdentifier)
    }

    /// Whether the last related value of `mapping` read was a bare identifier.
    func expectsIdentifier(_ mapping: DecodingMapping) -> Bool {
        identifierMappings.contains(ObjectIdentifier(mapping))
    }

    // MARK: Mappings

    /// How to decode `type`, whose entity is found from its class.
    func decodingMapping<Object: CoreDataDecodable>(for type: Object.Type) throws -> DecodingMapping {
        if let mapping = decodingMappings[ObjectIdentifier(type)] { return mapping }
        guard let managedType = type as? NSManagedObject.Type else {
            throw CoreDataCodableError(.entityNotFound(className: String(reflecting: type)))
        }
        let registry = MappingRegistry.shared
        let entity = try registry.entity(for: managedType, in: model)
        let mapping = try registry.decodingMapping(for: type, managedType: managedType, entity: entity, in: model)
        decodingMappings[ObjectIdentifier(type)] = mapping
        adopt(mapping)
        return mapping
    }

    /// The mapping of the destination of each of `mapping`'s properties, by property index: nil for
    /// attributes and for destinations this library does not decode itself. Made once per session.
    func destinationMappings(of mapping: DecodingMapping) -> [DecodingMapping?] {
        let key = ObjectIdentifier(mapping)
        if let known = destinationMappings.first(where: { $0.mapping == key }) { return known.destinations }
        let made = mapping.mapping.properties.map { property -> DecodingMapping? in
            guard let entity = property.relationship?.destinationEntity,
                  case .mapped(let destination)? = try? destinationDecoding(for: entity)
            else { return nil }
            return destination
        }
        destinationMappings.append((key, made))
        return made
    }

    /// How to decode objects of a relationship's destination entity.
    func destinationDecoding(for entity: NSEntityDescription) throws -> DestinationDecoding {
        if let destination = destinations[entity.codableName] { return destination }
        let destination: DestinationDecoding = usesModelConventions
            ? .mapped(try MappingRegistry.shared.syncDecodingMapping(for: entity, in: model))
            : try MappingRegistry.shared.destinationDecoding(for: entity, in: model)
        destinations[entity.codableName] = destination
        if case .mapped(let mapping) = destination { adopt(mapping) }
        return destination
    }
}
