import Foundation

/// How to decode objects of one entity: its ``EntityMapping`` plus the type's hooks.
///
/// Shared by every decode (see ``MappingRegistry``); what decodes learn about the type's hooks
/// is kept behind a lock.
final class DecodingMapping: @unchecked Sendable {
    let mapping: EntityMapping
    /// Inserts a new object of the entity, of the right class.
    let makeObject: (NSManagedObjectContext) -> NSManagedObject
    /// Runs the type's `container(for:)` hook.
    let prepare: (any Decoder) throws -> ObjectValues
    /// Runs the type's `initialize(from:)` hook.
    let initialize: (NSManagedObject, any Decoder) throws -> Void
    /// The class of the objects `makeObject` inserts; objects found may be of another.
    let objectClass: ObjectIdentifier

    /// Hooks a decode found the type to keep as the library's defaults.
    struct DefaultHooks: OptionSet {
        let rawValue: UInt8
        /// `initialize(from:)`.
        static let initialize = DefaultHooks(rawValue: 1)
        /// `container(for:)`.
        static let container = DefaultHooks(rawValue: 2)
    }

    private let lock = NSLock()
    private var learnedDefaultHooks: DefaultHooks = []

    /// The hooks earlier decodes found the type to keep as the defaults: a type's hooks do not
    /// change, so a decode starts from what the ones before it learned.
    var knownDefaultHooks: DefaultHooks {
        lock.withLock { learnedDefaultHooks }
    }

    /// Records that the type keeps the default `hooks`, for later decodes.
    func learnDefaultHooks(_ hooks: DefaultHooks) {
        lock.withLock { learnedDefaultHooks.formUnion(hooks) }
    }

    init(
        mapping: EntityMapping,
        objectClass: NSManagedObject.Type,
        makeObject: @escaping (NSManagedObjectContext) -> NSManagedObject,
        prepare: @escaping (any Decoder) throws -> ObjectValues,
        initialize: @escaping (NSManagedObject, any Decoder) throws -> Void
    ) {
        self.mapping = mapping
        self.objectClass = ObjectIdentifier(objectClass)
        self.makeObject = makeObject
        self.prepare = prepare
        self.initialize = initialize
    }

    /// The mapping of a ``CoreDataDecodable`` class, whose keys and identity `mapping` holds.
    static func make<Object: CoreDataDecodable>(
        _ type: Object.Type, managedType: NSManagedObject.Type, mapping: EntityMapping
    ) -> DecodingMapping {
        let entity = mapping.entity
        return DecodingMapping(
            mapping: mapping,
            objectClass: managedType,
            makeObject: { managedType.init(entity: entity, insertInto: $0) },
            prepare: { try Object.container(for: $0)._values },
            initialize: { object, decoder in
                // The exact class first: a cast to the generic type costs a runtime metadata lookup.
                if ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(managedType) {
                    try unsafeBitCast(object, to: Object.self).initialize(from: decoder)
                } else {
                    try initialize(object, as: Object.self, from: decoder, entity: entity)
                }
            }
        )
    }

    /// Runs the hook of `object`, an instance of a subclass of `Object` or of another class, cast.
    /// Kept out of the caller: the optional a cast to a generic type needs costs its caller a
    /// runtime metadata lookup on every call, even when the cast is not made.
    @inline(never)
    private static func initialize<Object: CoreDataDecodable>(
        _ object: NSManagedObject, as type: Object.Type, from decoder: any Decoder, entity: NSEntityDescription
    ) throws {
        guard let typed = object as? Object else {
            throw DecodingError.typeMismatch(Object.self, DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "The \(entity.codableName) object found is a \(Swift.type(of: object)), not a \(Object.self)."
            ))
        }
        try typed.initialize(from: decoder)
    }

    /// The mapping of an entity whose class does not adopt ``CoreDataDecodable``, with the keys
    /// `mapping` holds (every property under its own name, no identity).
    static func generic(managedType: NSManagedObject.Type, mapping: EntityMapping) -> DecodingMapping {
        let entity = mapping.entity
        return DecodingMapping(
            mapping: mapping,
            objectClass: managedType,
            makeObject: { managedType.init(entity: entity, insertInto: $0) },
            prepare: { try ObjectValues(decoder: $0) },
            initialize: { object, decoder in
                try ImportSession.applyDefaultValues(to: object, from: decoder) { _ in true }
            }
        )
    }
}

/// How a relationship's destination objects are decoded.
enum DestinationDecoding {
    /// By this library, with the destination type's mapping (batched and uniqued).
    case mapped(DecodingMapping)
    /// By the destination class's own `init(from:)`, one object at a time.
    case decodable(any Decodable.Type)
}
