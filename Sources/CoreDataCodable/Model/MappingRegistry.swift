import Foundation

/// The entity of each class and the mappings of each type, built once per model and shared by
/// every decode and encode.
///
/// Models are held weakly: the entries of a released model are dropped when the next model is
/// registered, so that a server making a model per tenant does not keep every one it made.
final class MappingRegistry: @unchecked Sendable {
    static let shared = MappingRegistry()

    private struct TypeInModel: Hashable {
        let type: ObjectIdentifier
        let model: ObjectIdentifier
        let entity: String
    }

    /// A model the registry holds entries of, held weakly.
    private final class RegisteredModel {
        weak var model: NSManagedObjectModel?

        init(_ model: NSManagedObjectModel) {
            self.model = model
        }
    }

    private let lock = NSLock()
    /// The models the tables hold entries of. An entry's model identifier names the model only
    /// while that model is alive: a model made later may take a released one's address.
    private var models: [ObjectIdentifier: RegisteredModel] = [:]
    private var entities: [TypeInModel: NSEntityDescription] = [:]
    private var entityMappings: [TypeInModel: EntityMapping] = [:]
    private var decodableTypes: [TypeInModel: DecodableType] = [:]

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func cached<Value>(
        _ table: ReferenceWritableKeyPath<MappingRegistry, [TypeInModel: Value]>,
        _ key: TypeInModel, model: NSManagedObjectModel, make: () throws -> Value
    ) rethrows -> Value {
        if let value = locked({ isRegistered(model) ? self[keyPath: table][key] : nil }) { return value }
        // Made outside the lock, which `make` may take again. Of values made at once by several
        // threads, the first stored is the one every caller gets: decodes compare mappings by
        // reference.
        let made = try make()
        return locked {
            register(model)
            if let stored = self[keyPath: table][key] { return stored }
            self[keyPath: table][key] = made
            return made
        }
    }

    /// Whether the tables' entries under `model`'s identifier are `model`'s. Called with the lock held.
    private func isRegistered(_ model: NSManagedObjectModel) -> Bool {
        models[ObjectIdentifier(model)]?.model === model
    }

    /// Registers `model`, first dropping the entries of released models, and those of an earlier
    /// model at its address. Called with the lock held.
    private func register(_ model: NSManagedObjectModel) {
        guard !isRegistered(model) else { return }
        let id = ObjectIdentifier(model)
        var stale = Set(models.filter { $0.value.model == nil }.keys)
        stale.insert(id)
        entities = entities.filter { !stale.contains($0.key.model) }
        entityMappings = entityMappings.filter { !stale.contains($0.key.model) }
        decodableTypes = decodableTypes.filter { !stale.contains($0.key.model) }
        models = models.filter { !stale.contains($0.key) }
        models[id] = RegisteredModel(model)
    }

    // MARK: Entities

    /// The entity of `model` whose objects are of class `type`.
    ///
    /// Matches the class name exactly, then Xcode's unresolved `.Name` form. A bare `Name` matches only
    /// when it is the class's registered name, as with `NSClassFromString`: never a Swift class by its
    /// short name alone.
    func entity(for type: NSManagedObject.Type, in model: NSManagedObjectModel) throws -> NSEntityDescription {
        let key = TypeInModel(type: ObjectIdentifier(type), model: ObjectIdentifier(model), entity: "")
        return try cached(\.entities, key, model: model) {
            let qualified = NSStringFromClass(type)
            let reflected = String(reflecting: type)
            let unqualified = reflected.split(separator: ".").last.map(String.init) ?? reflected
            let exact = model.entities.first { $0.objectClassName == qualified || $0.objectClassName == reflected }
            guard let entity = exact ?? model.entities.first(where: { $0.objectClassName == "." + unqualified }) else {
                throw CoreDataCodableError(.entityNotFound(className: reflected))
            }
            return entity
        }
    }

    /// The class of `entity`'s objects: the one its class name names, as Core Data resolves it, whatever
    /// was decoded before.
    func managedClass(of entity: NSEntityDescription, in model: NSManagedObjectModel) -> NSManagedObject.Type {
        let name = entity.objectClassName
        let named: AnyClass? = NSClassFromString(name) ?? (name.hasPrefix(".") ? NSClassFromString(String(name.dropFirst())) : nil)
        return named as? NSManagedObject.Type ?? NSManagedObject.self
    }

    // MARK: Mappings

    /// The keys and identity of `type` for `entity`.
    func mapping<Object: CoreDataMappable>(
        for type: Object.Type, entity: NSEntityDescription, in model: NSManagedObjectModel
    ) throws -> EntityMapping {
        let key = TypeInModel(type: ObjectIdentifier(type), model: ObjectIdentifier(model), entity: entity.codableName)
        return try cached(\.entityMappings, key, model: model) {
            try EntityMapping(
                entity: entity, keys: Object.CodingKeys.self,
                identity: Object.identityAttribute, codableAttributes: Object.codableAttributes
            )
        }
    }

    /// The keys and identity of `entity`'s class; for a class that does not adopt
    /// ``CoreDataMappable``, every property under its own name, identified as the model says
    /// (``IdentityAttribute/fromModel``).
    func mapping(for entity: NSEntityDescription, in model: NSManagedObjectModel) throws -> EntityMapping {
        let managedType = managedClass(of: entity, in: model)
        if let mappable = managedType as? any CoreDataMappable.Type {
            return try mapping(for: mappable, entity: entity, in: model)
        }
        let key = TypeInModel(type: ObjectIdentifier(managedType), model: ObjectIdentifier(model), entity: entity.codableName)
        return try cached(\.entityMappings, key, model: model) {
            try EntityMapping(entity: entity, keys: CoreDataDefaultCodingKeys.self, identity: .fromModel, codableAttributes: [:])
        }
    }

    /// How to decode `type` as `entity`.
    func decodableType<Object: CoreDataDecodable>(
        for type: Object.Type, managedType: NSManagedObject.Type,
        entity: NSEntityDescription, in model: NSManagedObjectModel
    ) throws -> DecodableType {
        let key = TypeInModel(type: ObjectIdentifier(type), model: ObjectIdentifier(model), entity: entity.codableName)
        return try cached(\.decodableTypes, key, model: model) {
            try DecodableType.make(type, managedType: managedType, mapping: try mapping(for: type, entity: entity, in: model))
        }
    }

    /// How to decode the objects of a relationship's destination `entity`.
    func destinationDecoding(for entity: NSEntityDescription, in model: NSManagedObjectModel) throws -> DestinationDecoding {
        let managedType = managedClass(of: entity, in: model)
        if let decodable = managedType as? any CoreDataDecodable.Type {
            return .mapped(try decodableType(for: decodable, managedType: managedType, entity: entity, in: model))
        }
        if let decodable = managedType as? any Decodable.Type {
            return .decodable(decodable)
        }
        let key = TypeInModel(type: ObjectIdentifier(managedType), model: ObjectIdentifier(model), entity: entity.codableName)
        return .mapped(try cached(\.decodableTypes, key, model: model) {
            DecodableType.generic(managedType: managedType, mapping: try mapping(for: entity, in: model))
        })
    }

    /// The mapping ``NSManagedObject/export(using:)`` writes `entity` by, with keys in `style`
    /// (``EntityMapping/init(exportOf:style:)``).
    func exportMapping(for entity: NSEntityDescription, in model: NSManagedObjectModel, style: JSONKeyStyle) throws -> EntityMapping {
        let keyType = style == .snakeCase ? ObjectIdentifier(ExportSnakeCaseKey.self) : ObjectIdentifier(ExportCamelCaseKey.self)
        let key = TypeInModel(type: keyType, model: ObjectIdentifier(model), entity: entity.codableName)
        return try cached(\.entityMappings, key, model: model) { try EntityMapping(exportOf: entity, style: style) }
    }

    /// How a model-driven sync decodes `entity`'s objects: by the model's conventions
    /// (``EntityMapping/init(conventionsOf:identity:relationships:)``), identified by its
    /// sync identity attributes; without `relationships`, attributes only.
    func syncDecodableType(for entity: NSEntityDescription, in model: NSManagedObjectModel, relationships: Bool = true) throws -> DecodableType {
        let keyType = relationships ? ObjectIdentifier(SyncConventionsKey.self) : ObjectIdentifier(SyncAttributesKey.self)
        let key = TypeInModel(type: keyType, model: ObjectIdentifier(model), entity: entity.codableName)
        return try cached(\.decodableTypes, key, model: model) {
            let mapping = try EntityMapping(conventionsOf: entity, identity: entity.syncIdentityAttributes, relationships: relationships)
            return DecodableType.generic(
                managedType: managedClass(of: entity, in: model), mapping: mapping, subentities: try subentityDecoding(of: entity, in: model)
            )
        }
    }

    /// How a sync makes and fills objects of `entity`'s subentities, at any depth; nil when it has none.
    private func subentityDecoding(of entity: NSEntityDescription, in model: NSManagedObjectModel) throws -> SubentityDecoding? {
        var subentities: [SubentityDecoding.Subentity] = []
        for subentity in entity.descendantEntities {
            let mapping = try EntityMapping(conventionsOf: subentity, identity: [], relationships: false)
            let added = mapping.properties.filter { entity.attributesByName[$0.name] == nil }
            subentities.append(SubentityDecoding.Subentity(entity: subentity, objectClass: managedClass(of: subentity, in: model), addedAttributes: added))
        }
        return subentities.isEmpty ? nil : SubentityDecoding(subentities: subentities)
    }
}

/// The keys of the mappings model-driven syncs use, in the registry's tables: with relationships,
/// and attributes only; and those of export, by key style.
private enum SyncConventionsKey {}
private enum SyncAttributesKey {}
private enum ExportSnakeCaseKey {}
private enum ExportCamelCaseKey {}
