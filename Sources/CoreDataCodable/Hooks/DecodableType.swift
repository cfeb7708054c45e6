import Foundation

/// How objects of one type are decoded: the type's ``EntityMapping`` and its hooks.
///
/// Made once per type and model (see ``MappingRegistry``) and shared by every decode. It holds no
/// state: every decode of a type runs the same way. Whether the type keeps the default hooks is
/// known when it is made (from the types its hooks return, or for an entity decoded by the model
/// alone); the import then applies values itself instead of calling them.
final class DecodableType: @unchecked Sendable {
    /// The properties the type maps, its keys and its identity.
    let mapping: EntityMapping
    private let objectClass: NSManagedObject.Type
    /// The type's own hooks; nil when it keeps the defaults.
    private let hooks: Hooks?
    /// How objects of the entity's subentities are made and filled, for an entity decoded by the
    /// model alone that has subentities.
    let subentities: SubentityDecoding?

    /// The hooks of a class that may implement its own.
    private struct Hooks {
        let container: (any Decoder) throws -> ObjectValues
        let initialize: (NSManagedObject, any Decoder) throws -> Void
    }

    private init(mapping: EntityMapping, objectClass: NSManagedObject.Type, hooks: Hooks?, subentities: SubentityDecoding? = nil) {
        self.mapping = mapping
        self.objectClass = objectClass
        self.hooks = hooks
        self.subentities = subentities
    }

    /// Whether the type keeps the default `container(for:)` and `initialize(from:)`: the import
    /// reads the JSON as it is and applies the values itself, and nothing else changes the objects.
    var keepsDefaultHooks: Bool { hooks == nil }

    /// Inserts a new object of the entity, of the type's class, into `context`; of the subentity
    /// `values` name, if any (``subentities``). Core Data never makes objects of an abstract
    /// entity: one throws ``CoreDataCodableError/abstractEntity``.
    func insertObject(into context: NSManagedObjectContext, values: ObjectValues? = nil) throws -> NSManagedObject {
        var (entity, objectClass) = (mapping.entity, objectClass)
        if let values, let subentity = subentities?.subentity(namedIn: values) {
            (entity, objectClass) = (subentity.entity, subentity.objectClass)
        }
        guard !entity.isAbstract else {
            throw CoreDataCodableError(.abstractEntity(entity: entity.codableName, subentities: entity.subentities.map(\.codableName)))
        }
        return objectClass.init(entity: entity, insertInto: context)
    }

    /// The values of the JSON value `decoder` holds, as `container(for:)` returns them.
    func values(from decoder: any Decoder) throws -> ObjectValues {
        guard let hooks else { return try ObjectValues(decoder: decoder) }
        return try hooks.container(decoder)
    }

    /// The values of a JSON object met through a nested container, as `container(for:)` returns
    /// them; its hook receives the object's ``ObjectDecoder``.
    func values(of object: KeyedDecodingContainer<JSONKey>, userInfo: [CodingUserInfoKey: Any]) throws -> ObjectValues {
        guard let hooks else { return ObjectValues(container: object) }
        return try hooks.container(ObjectDecoder(container: object, userInfo: userInfo))
    }

    /// The type's `initialize(from:)`, run on an object with its decoder; nil when the type keeps
    /// the default, whose work the import does itself (``ObjectApplier``).
    var initializeHook: ((NSManagedObject, any Decoder) throws -> Void)? { hooks?.initialize }

    /// The hooks of a ``CoreDataDecodable`` class, whose keys and identity `mapping` holds.
    ///
    /// Whether the class keeps a default hook is told by the type the hook returns
    /// (``DefaultContainerHook``, ``DefaultInitializeHook``), which Swift infers when the class is
    /// compiled: a class that implements neither decodes without calling them. Debug builds check
    /// that a class adopting ``UsingDefaultHooks`` implements neither.
    static func make<Object: CoreDataDecodable>(
        _ type: Object.Type, managedType: NSManagedObject.Type, mapping: EntityMapping
    ) throws -> DecodableType {
        let keepsContainer = Object.ContainerHookResult.self == DefaultContainerHook.self
        let keepsInitialize = Object.InitializeHookResult.self == DefaultInitializeHook.self
        #if DEBUG
        if Object.self is any UsingDefaultHooks.Type, !(keepsContainer && keepsInitialize) {
            throw CoreDataCodableError(.hookOverridden(
                entity: mapping.entity.codableName, className: String(describing: Object.self),
                hook: keepsContainer ? "initialize(from:)" : "container(for:)"
            ))
        }
        #endif
        if keepsContainer, keepsInitialize {
            return DecodableType(mapping: mapping, objectClass: managedType, hooks: nil)
        }
        return DecodableType(mapping: mapping, objectClass: managedType, hooks: Hooks(
            container: { decoder in
                guard !keepsContainer else { return try ObjectValues(decoder: decoder) }
                let container = try Object.container(for: decoder)
                // The container of `Object` itself is told by its type, without the protocol
                // conformance lookup a cast to `ObjectValuesContainer` costs.
                if let own = container as? CoreDataKeyedDecodingContainer<Object> { return own.values }
                guard let values = (container as? any ObjectValuesContainer)?.values else {
                    throw DecodingError.typeMismatch(CoreDataKeyedDecodingContainer<Object>.self, DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "\(Object.self).container(for:) returned a \(Swift.type(of: container)); "
                            + "return the container `decoder.container(for: Self.self)` gives."
                    ))
                }
                return values
            },
            initialize: { object, decoder in
                guard let typed = object as? Object else {
                    throw DecodingError.typeMismatch(Object.self, DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "The \(mapping.entityName) object found is a \(Swift.type(of: object)), not a \(Object.self)."
                    ))
                }
                _ = try typed.initialize(from: decoder)
            }
        ))
    }

    /// The hooks of an entity whose class does not adopt ``CoreDataDecodable``: the JSON object as
    /// it is, and a default initialization, with the keys `mapping` holds.
    static func generic(managedType: NSManagedObject.Type, mapping: EntityMapping, subentities: SubentityDecoding? = nil) -> DecodableType {
        DecodableType(mapping: mapping, objectClass: managedType, hooks: nil, subentities: subentities)
    }
}

/// How a relationship's destination objects are decoded.
enum DestinationDecoding {
    /// By this library, with the destination type's hooks (batched and uniqued).
    case mapped(DecodableType)
    /// By the destination class's own `init(from:)`, one object at a time.
    case decodable(any Decodable.Type)
}
