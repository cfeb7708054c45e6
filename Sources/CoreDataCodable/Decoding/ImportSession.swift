import Foundation

/// The state of one decode into a context, from the outermost `init(from:)` to its end.
///
/// The outermost decode creates it inside the context's `performAndWait`; everything nested
/// (relationships, `Many`, custom hooks decoding managed objects) runs synchronously in that
/// block and finds it through ``current``. It owns the identity maps (every fetched and inserted
/// object, so that a repeated identity never makes a duplicate) and an undo log: when a decode
/// fails, the objects it inserted are deleted and the objects it updated get their values back.
final class ImportSession: @unchecked Sendable {
    /// The session of the decode running on this thread, if any.
    @TaskLocal static var current: ImportSession?

    let context: NSManagedObjectContext
    let model: NSManagedObjectModel
    /// The thread running the context's `performAndWait` block that created the session.
    private let thread = Thread.current

    /// Objects by entity name and identity.
    private var objects: [String: [ObjectIdentity: NSManagedObject]] = [:]
    /// Identities already looked up in the context, found or not, by entity name.
    private var lookedUp: [String: Set<ObjectIdentity>] = [:]
    /// Objects this session inserted, or saved the values of before changing them.
    private var touched: [ObjectIdentifier: Touch] = [:]
    private var undoLog: [UndoEntry] = []
    /// Sources prepared ahead by prefetching, by coding path, until the decode reaches them.
    private var prepared: [[JSONKey]: ObjectSource] = [:]
    /// Coding paths met more than once while preparing ahead: their sources are not reused.
    private var ambiguousPaths: Set<[JSONKey]> = []
    /// Whether prepared sources may be reused: false once the decoder gave a nested value a coding
    /// path no longer than its parent's, so that paths cannot tell values apart.
    private var reusesPreparedSources = true
    /// Identities to fetch before the next lookup, by entity name.
    private var pending: [String: (mapping: EntityMapping, identities: [ObjectIdentity])] = [:]
    /// Mappings by type, so that the shared registry's lock is taken once per type per decode.
    private var decodingMappings: [ObjectIdentifier: DecodingMapping] = [:]
    private var destinations: [String: DestinationDecoding] = [:]
    /// The context's inserted objects before the first plain `Decodable` destination was decoded:
    /// the objects such destinations insert on their own are the ones inserted since.
    private var insertedBeforeDestinations: Set<NSManagedObject>?

    private enum Touch {
        case inserted, updated
    }

    private enum UndoEntry {
        case inserted(NSManagedObject, entity: String, identity: ObjectIdentity?)
        case updated(NSManagedObject, values: [(key: String, value: Any?)])
    }

    private init(context: NSManagedObjectContext) throws {
        self.context = context
        model = try context.requireModel()
    }

    /// Runs `body` inside `context.performAndWait`, with the running session for `context` or a
    /// new one. If `body` throws, what it inserted or updated is undone.
    static func run<Result>(in context: NSManagedObjectContext, _ body: (ImportSession) throws -> Result) throws -> Result {
        // A running session for `context` on this thread means this thread is inside its
        // `performAndWait` already. (Tasks started inside a decode inherit `current`, on other threads.)
        if let session = current, session.context === context, session.thread === Thread.current {
            return try session.undoingOnFailure(body)
        }
        return try context.performAndWait {
            let session = try ImportSession(context: context)
            do {
                return try $current.withValue(session) {
                    try session.undoingOnFailure(body)
                }
            } catch {
                session.deleteObjectsInsertedByDestinations()
                throw error
            }
        }
    }

    private func undoingOnFailure<Result>(_ body: (ImportSession) throws -> Result) throws -> Result {
        let mark = undoLog.count
        do {
            return try body(self)
        } catch {
            undo(to: mark)
            throw error
        }
    }

    private func undo(to mark: Int) {
        while undoLog.count > mark {
            switch undoLog.removeLast() {
            case .inserted(let object, let entity, let identity):
                if let identity, objects[entity]?[identity] === object { objects[entity]?[identity] = nil }
                touched[ObjectIdentifier(object)] = nil
                context.delete(object)
            case .updated(let object, let values):
                for (key, value) in values where !Self.isSame(object.value(forKey: key), value) {
                    object.setValue(value, forKey: key)
                }
                touched[ObjectIdentifier(object)] = nil
            }
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

    /// The object with `identity`, fetched or inserted earlier in this session.
    func object(entity: String, identity: ObjectIdentity) -> NSManagedObject? {
        objects[entity]?[identity]
    }

    /// Keeps a source prepared ahead for the decode of the value at `codingPath`. A path met twice
    /// (a decoder whose coding paths do not tell values apart) keeps neither source.
    func keepPrepared(_ source: ObjectSource, at codingPath: [any CodingKey]) {
        guard reusesPreparedSources else { return }
        let key = codingPath.map { JSONKey(converting: $0) }
        if ambiguousPaths.contains(key) || prepared.updateValue(source, forKey: key) != nil {
            prepared[key] = nil
            ambiguousPaths.insert(key)
        }
    }

    /// Stops reusing prepared sources for the rest of the session (see ``reusesPreparedSources``).
    func stopReusingPreparedSources() {
        reusesPreparedSources = false
        prepared = [:]
    }

    /// The source prepared ahead for the value `decoder` holds, if any; it is handed out once.
    func takePrepared(for decoder: any Decoder) -> ObjectSource? {
        guard !prepared.isEmpty else { return nil }
        return prepared.removeValue(forKey: decoder.codingPath.map { JSONKey(converting: $0) })
    }

    /// Adds the identity of `source` to those the next fetch looks up.
    func enqueue(_ source: ObjectSource, mapping: EntityMapping) {
        guard let identity = source.identity else { return }
        pending[mapping.entityName, default: (mapping, [])].identities.append(identity)
    }

    /// The identities enqueued since the last call, by entity name.
    func takePendingIdentities() -> [String: (mapping: EntityMapping, identities: [ObjectIdentity])] {
        defer { pending = [:] }
        return pending
    }

    /// Marks `identities` of `entity` as looked up and returns those that were not, without repetitions.
    func markLookedUp(_ identities: [ObjectIdentity], entity: String) -> [ObjectIdentity] {
        identities.filter { lookedUp[entity, default: []].insert($0).inserted }
    }

    /// Registers objects found by a lookup, keeping any object already registered for an identity.
    func register(found: [ObjectIdentity: NSManagedObject], entity: String) {
        guard !found.isEmpty else { return }
        objects[entity, default: [:]].merge(found) { current, _ in current }
    }

    /// Inserts a new object, sets its identity and registers it.
    func insert(_ mapping: DecodingMapping, identity: ObjectIdentity?, identityValues: [Any]) -> NSManagedObject {
        let object = mapping.makeObject(context)
        for (attribute, value) in zip(mapping.mapping.identityAttributes, identityValues) {
            object.setValue(value, forKey: attribute.name)
        }
        let entity = mapping.mapping.entityName
        if let identity { objects[entity, default: [:]][identity] = object }
        touched[ObjectIdentifier(object)] = .inserted
        undoLog.append(.inserted(object, entity: entity, identity: identity))
        return object
    }

    /// Whether this session inserted `object` (its properties then hold nothing worth comparing).
    func inserted(_ object: NSManagedObject) -> Bool {
        touched[ObjectIdentifier(object)] == .inserted
    }

    /// Saves the property values of `object` before this session first changes it, so that a
    /// failure can put them back. Objects inserted by the session need nothing.
    func willChange(_ object: NSManagedObject) {
        let id = ObjectIdentifier(object)
        guard touched[id] == nil else { return }
        touched[id] = .updated
        let values = object.entity.properties.map { property -> (key: String, value: Any?) in
            let value = object.value(forKey: property.name)
            switch value {
            case let set as NSOrderedSet: return (property.name, NSOrderedSet(array: set.array))
            case let set as NSSet: return (property.name, NSSet(array: set.allObjects))
            default: return (property.name, value)
            }
        }
        undoLog.append(.updated(object, values: values))
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
        return mapping
    }

    /// How to decode objects of a relationship's destination entity.
    func destinationDecoding(for entity: NSEntityDescription) throws -> DestinationDecoding {
        if let destination = destinations[entity.codableName] { return destination }
        let destination = try MappingRegistry.shared.destinationDecoding(for: entity, in: model)
        destinations[entity.codableName] = destination
        return destination
    }
}
