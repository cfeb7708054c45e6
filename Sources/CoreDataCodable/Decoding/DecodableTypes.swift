import Foundation

/// The ``DecodableType`` of each type and destination entity one import meets, looked up in the
/// shared ``MappingRegistry`` once per import, so that its lock is taken once per type.
///
/// One import session uses it, on one thread: the properties read for every object skip dynamic
/// exclusivity checks.
final class DecodableTypes {
    let model: NSManagedObjectModel
    /// Whether every destination entity decodes by the model's conventions, whatever its class: the
    /// types of a model-driven sync (see ``ImportSession/init(context:modelConventions:)``).
    private let modelConventions: Bool
    @exclusivity(unchecked) private var byType: [ObjectIdentifier: DecodableType] = [:]
    @exclusivity(unchecked) private var byEntity: [ObjectIdentifier: DestinationDecoding] = [:]
    /// The destination of each property of a type, by property index (see ``destinations(of:)``).
    /// A payload has a few types: comparing references costs less than hashing for every object.
    @exclusivity(unchecked) private var destinationsByType: [(type: DecodableType, destinations: [DecodableType?])] = []
    private var reachableByType: [ObjectIdentifier: [EntityMapping]] = [:]
    /// Called when the first type whose objects run code of the app's own (hooks, or an
    /// `init(from:)`) is met, before any of it runs.
    private var willMeetAppCode: (() -> Void)?

    init(model: NSManagedObjectModel, modelConventions: Bool, willMeetAppCode: @escaping () -> Void) {
        self.model = model
        self.modelConventions = modelConventions
        self.willMeetAppCode = willMeetAppCode
    }

    /// Calls ``willMeetAppCode`` once, for the first destination whose objects run code of the app's own.
    private func noteAppCode(of destination: DestinationDecoding) {
        let runsAppCode = switch destination {
        case .mapped(let type): !type.keepsDefaultHooks
        case .decodable: true
        }
        guard runsAppCode, let call = willMeetAppCode else { return }
        willMeetAppCode = nil
        call()
    }

    /// How to decode `type`, whose entity is found from its class.
    func type<Object: CoreDataDecodable>(_ type: Object.Type) throws -> DecodableType {
        if let known = byType[ObjectIdentifier(type)] { return known }
        guard let managedType = type as? NSManagedObject.Type else {
            throw CoreDataCodableError(.entityNotFound(className: String(reflecting: type)))
        }
        let registry = MappingRegistry.shared
        let entity = try registry.entity(for: managedType, in: model)
        let decodable = try registry.decodableType(for: type, managedType: managedType, entity: entity, in: model)
        byType[ObjectIdentifier(type)] = decodable
        noteAppCode(of: .mapped(decodable))
        return decodable
    }

    /// How to decode the objects of a relationship's destination `entity`.
    func destination(_ entity: NSEntityDescription) throws -> DestinationDecoding {
        if let known = byEntity[ObjectIdentifier(entity)] { return known }
        let registry = MappingRegistry.shared
        let destination: DestinationDecoding = modelConventions
            ? .mapped(try registry.syncDecodableType(for: entity, in: model))
            : try registry.destinationDecoding(for: entity, in: model)
        byEntity[ObjectIdentifier(entity)] = destination
        noteAppCode(of: destination)
        return destination
    }

    /// The type of the destination of each of `type`'s properties, by property index: nil for
    /// attributes and for destinations decoded by their own `init(from:)`.
    func destinations(of type: DecodableType) -> [DecodableType?] {
        if let known = destinationsByType.first(where: { $0.type === type }) { return known.destinations }
        let made = type.mapping.properties.map { property -> DecodableType? in
            guard let entity = property.relationship?.destinationEntity,
                  case .mapped(let destination)? = try? destination(entity)
            else { return nil }
            return destination
        }
        destinationsByType.append((type, made))
        return made
    }

    /// The mappings with identity attributes of `type` and of the types its relationships reach,
    /// directly or through others, whose objects this library decodes.
    func reachableIdentifiedMappings(from type: DecodableType) -> [EntityMapping] {
        if let known = reachableByType[ObjectIdentifier(type)] { return known }
        let mappings = reachableTypes(from: type).map(\.mapping).filter { !$0.identityProperties.isEmpty }
        reachableByType[ObjectIdentifier(type)] = mappings
        return mappings
    }

    /// Whether the objects of `type`, and of every type its relationships reach, are decoded by
    /// the import alone, from values a `JSONDecoder` decodes by its strategies: no hook of the
    /// app's runs, no destination decodes by its own `init(from:)`, and no attribute is a
    /// `Codable` type, a decimal (`JSONDecoder` reads it from the number's digits) or read by the
    /// model's conventions.
    func decodeWithoutAppCode(_ type: DecodableType) -> Bool {
        reachableTypes(from: type).allSatisfy { reached in
            let mapping = reached.mapping
            guard reached.keepsDefaultHooks, !mapping.readsByConventions else { return false }
            return zip(mapping.properties, destinations(of: reached)).allSatisfy { property, destination in
                if property.relationship != nil { return destination != nil }
                guard let kind = property.attributeKind else { return false }
                return property.codableType == nil && !property.coercesValues && kind.family != .decimal
            }
        }
    }

    /// `type` and the types its relationships reach, directly or through others, whose objects
    /// this library decodes.
    private func reachableTypes(from type: DecodableType) -> [DecodableType] {
        var reached: [DecodableType] = [type]
        var index = 0
        while index < reached.count {
            for case let destination? in destinations(of: reached[index]) where !reached.contains(where: { $0 === destination }) {
                reached.append(destination)
            }
            index += 1
        }
        return reached
    }
}
