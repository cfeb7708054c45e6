import Foundation
import Synchronization

/// A schema: the entities of an object graph, their properties and relationships.
///
/// Build it in code as with Core Data. Once a persistent store coordinator uses a model, the model
/// is frozen and must not be changed.
open class NSManagedObjectModel: NSObject, @unchecked Sendable {
    private var allEntities: [NSEntityDescription] = []
    private let freezeLock = NSLock()
    private let isFrozen = Atomic<Bool>(false)
    private var entitiesByClass: [ObjectIdentifier: NSEntityDescription] = [:]
    /// Named subsets of the entities, in the order they were set.
    private var namedConfigurations: [(name: String, entities: [NSEntityDescription])] = []

    /// The version identifiers of the model.
    open var versionIdentifiers: Set<AnyHashable> = []

    /// Creates an empty model.
    override public init() {
        super.init()
    }

    /// The model's entities.
    open var entities: [NSEntityDescription] {
        get { allEntities }
        set {
            precondition(!isFrozen.load(ordering: .acquiring), "Can't modify an immutable model: it is in use by a persistent store coordinator")
            allEntities = newValue
            for entity in newValue { entity.managedObjectModel = self }
        }
    }

    /// The model's entities by name.
    open var entitiesByName: [String: NSEntityDescription] {
        Dictionary(allEntities.compactMap { entity in entity.name.map { ($0, entity) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the model's configurations.
    open var configurations: [String] {
        namedConfigurations.map(\.name)
    }

    /// The entities of the configuration named `configuration`; all entities for nil, nil for an unknown name.
    open func entities(forConfigurationName configuration: String?) -> [NSEntityDescription]? {
        guard let configuration else { return entities }
        return namedConfigurations.first { $0.name == configuration }?.entities
    }

    /// Makes `entities` the members of the configuration named `configuration`.
    open func setEntities(_ entities: [NSEntityDescription], forConfigurationName configuration: String) {
        precondition(!isFrozen.load(ordering: .acquiring), "Can't modify an immutable model: it is in use by a persistent store coordinator")
        if let index = namedConfigurations.firstIndex(where: { $0.name == configuration }) {
            namedConfigurations[index].entities = entities
        } else {
            namedConfigurations.append((configuration, entities))
        }
    }

    /// Computes every entity's layout; from then on the model is read-only. Safe to call repeatedly.
    func freeze() {
        if isFrozen.load(ordering: .acquiring) { return }
        freezeLock.lock()
        defer { freezeLock.unlock() }
        guard !isFrozen.load(ordering: .acquiring) else { return }
        for entity in allEntities { entity.frozenLayout = EntityLayout(entity: entity) }
        for entity in allEntities { entity.frozenLayout?.resolveInverses() }
        for entity in allEntities {
            guard let objectClass = entity.frozenLayout?.objectClass, objectClass != NSManagedObject.self else { continue }
            let key = ObjectIdentifier(objectClass)
            if entitiesByClass[key] == nil { entitiesByClass[key] = entity }
        }
        isFrozen.store(true, ordering: .releasing)
        ModelRegistry.shared.register(self)
    }

    /// The entity whose objects are instances of `objectClass`.
    func entity(for objectClass: AnyClass) -> NSEntityDescription? {
        freeze()
        return entitiesByClass[ObjectIdentifier(objectClass)]
    }
}

/// The models that coordinators use, so `NSManagedObject.entity()` can find a class's entity.
final class ModelRegistry: @unchecked Sendable {
    static let shared = ModelRegistry()
    private let lock = NSLock()
    private var models: [WeakModel] = []

    private struct WeakModel {
        weak var model: NSManagedObjectModel?
    }

    func register(_ model: NSManagedObjectModel) {
        lock.lock()
        defer { lock.unlock() }
        models.removeAll { $0.model == nil }
        models.append(WeakModel(model: model))
    }

    func entity(for objectClass: AnyClass) -> NSEntityDescription? {
        lock.lock()
        let candidates = models.compactMap(\.model)
        lock.unlock()
        return candidates.lazy.compactMap { $0.entity(for: objectClass) }.first
    }
}
