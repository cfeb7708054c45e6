import Foundation

/// How objects of one type are decoded: the type's ``EntityMapping`` and its hooks.
///
/// Made once per type and model (see ``MappingRegistry``) and shared by every decode. It holds no
/// state: every decode of a type runs its hooks the same way, whichever hooks the type overrides.
final class DecodableType: @unchecked Sendable {
    /// The properties the type maps, its keys and its identity.
    let mapping: EntityMapping
    private let objectClass: NSManagedObject.Type
    private let containerHook: (any Decoder) throws -> ObjectValues
    private let initializeHook: (NSManagedObject, any Decoder) throws -> Void

    private init(
        mapping: EntityMapping, objectClass: NSManagedObject.Type,
        containerHook: @escaping (any Decoder) throws -> ObjectValues,
        initializeHook: @escaping (NSManagedObject, any Decoder) throws -> Void
    ) {
        self.mapping = mapping
        self.objectClass = objectClass
        self.containerHook = containerHook
        self.initializeHook = initializeHook
    }

    /// Inserts a new object of the entity, of the type's class, into `context`.
    func insertObject(into context: NSManagedObjectContext) -> NSManagedObject {
        objectClass.init(entity: mapping.entity, insertInto: context)
    }

    /// The values `container(for:)` returns for the JSON value `decoder` holds.
    func runContainerHook(_ decoder: any Decoder) throws -> ObjectValues {
        try containerHook(decoder)
    }

    /// Runs `initialize(from:)` on `object`.
    func runInitializeHook(on object: NSManagedObject, from decoder: any Decoder) throws {
        try initializeHook(object, decoder)
    }

    /// The hooks of a ``CoreDataDecodable`` class, whose keys and identity `mapping` holds.
    static func make<Object: CoreDataDecodable>(
        _ type: Object.Type, managedType: NSManagedObject.Type, mapping: EntityMapping
    ) -> DecodableType {
        DecodableType(
            mapping: mapping,
            objectClass: managedType,
            containerHook: { decoder in
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
            initializeHook: { object, decoder in
                guard let typed = object as? Object else {
                    throw DecodingError.typeMismatch(Object.self, DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "The \(mapping.entityName) object found is a \(Swift.type(of: object)), not a \(Object.self)."
                    ))
                }
                try typed.initialize(from: decoder)
            }
        )
    }

    /// The hooks of an entity whose class does not adopt ``CoreDataDecodable``: the JSON object as
    /// it is, and a default initialization, with the keys `mapping` holds.
    static func generic(managedType: NSManagedObject.Type, mapping: EntityMapping) -> DecodableType {
        DecodableType(
            mapping: mapping,
            objectClass: managedType,
            containerHook: { try ObjectValues(decoder: $0) },
            initializeHook: { object, decoder in
                try DefaultInitialization.apply(to: object, from: decoder)
            }
        )
    }
}

/// How a relationship's destination objects are decoded.
enum DestinationDecoding {
    /// By this library, with the destination type's hooks (batched and uniqued).
    case mapped(DecodableType)
    /// By the destination class's own `init(from:)`, one object at a time.
    case decodable(any Decodable.Type)
}
