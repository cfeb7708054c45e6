import OpenCoreData

/// An entity `name` whose objects are of class `type`, with `properties`.
public func entity(_ name: String, _ type: AnyClass, _ properties: [NSPropertyDescription]) -> NSEntityDescription {
    let entity = NSEntityDescription()
    entity.name = name
    entity.managedObjectClassName = NSStringFromClass(type)
    entity.properties = properties
    return entity
}

/// An attribute `name` of `type`, optional unless told otherwise.
public func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true) -> NSAttributeDescription {
    let attribute = NSAttributeDescription()
    attribute.name = name
    attribute.attributeType = type
    attribute.isOptional = optional
    return attribute
}

/// A private-queue context over a new in-memory store of `model`. A harness cannot run without
/// one, so a store that cannot be added stops the process, naming the `target`.
public func inMemoryContext(of model: NSManagedObjectModel, target: String) -> NSManagedObjectContext {
    let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
    do {
        _ = try coordinator.addPersistentStore(ofType: NSInMemoryStoreType, configurationName: nil, at: nil, options: nil)
    } catch {
        fatalError("\(target): cannot add the in-memory store: \(error)")
    }
    let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
    context.persistentStoreCoordinator = coordinator
    return context
}
