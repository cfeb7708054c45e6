import Foundation

/// How to decode objects of one entity: its ``EntityMapping`` plus the type's hooks.
final class DecodingMapping {
    let mapping: EntityMapping
    /// Inserts a new object of the entity, of the right class.
    let makeObject: (NSManagedObjectContext) -> NSManagedObject
    /// Runs the type's `container(for:)` hook.
    let prepare: (any Decoder) throws -> ObjectValues
    /// Runs the type's `initialize(from:)` hook.
    let initialize: (NSManagedObject, any Decoder) throws -> Void

    init(
        mapping: EntityMapping,
        makeObject: @escaping (NSManagedObjectContext) -> NSManagedObject,
        prepare: @escaping (any Decoder) throws -> ObjectValues,
        initialize: @escaping (NSManagedObject, any Decoder) throws -> Void
    ) {
        self.mapping = mapping
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
            makeObject: { managedType.init(entity: entity, insertInto: $0) },
            prepare: { decoder in
                let container = try Object.container(for: decoder)
                // The concrete type first: a cast to a protocol costs a conformance lookup.
                guard let values = (container as? CoreDataKeyedDecodingContainer<Object>)?.values
                    ?? (container as? any ObjectValuesContainer)?.values
                else {
                    throw CoreDataCodableError(
                        .invalidContainer(entity: entity.codableName, containerType: "\(Swift.type(of: container))"),
                        codingPath: decoder.codingPath
                    )
                }
                return values
            },
            initialize: { object, decoder in
                guard let typed = object as? Object else {
                    throw DecodingError.typeMismatch(Object.self, DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "The \(entity.codableName) object found is a \(Swift.type(of: object)), not a \(Object.self)."
                    ))
                }
                try typed.initialize(from: decoder)
            }
        )
    }

    /// The mapping of an entity whose class does not adopt ``CoreDataDecodable``, with the keys
    /// `mapping` holds (every property under its own name, no identity).
    static func generic(managedType: NSManagedObject.Type, mapping: EntityMapping) -> DecodingMapping {
        let entity = mapping.entity
        return DecodingMapping(
            mapping: mapping,
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
