#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// A model is an ordinary object: once no coordinator (and nothing else) uses it, it is freed with its
// entities and their properties. Entities refer to each other through their relationships, whose
// `destinationEntity` and `inverseRelationship` are not retained, as Apple declares them
// (`unowned(unsafe)`): https://developer.apple.com/documentation/coredata/nsrelationshipdescription/destinationentity

@Suite("Memory: a released model")
struct ReleasedModelTests {
    /// Tracks a new model of related entities, and its entities and relationships.
    private func trackedModel(_ tracker: ReleaseTracker) -> NSManagedObjectModel {
        let model = SQLiteTestSupport.model()
        tracker.track(model, as: "model")
        for entity in model.entities {
            tracker.track(entity, as: entity.name ?? "?")
            for relationship in entity.relationshipsByName.values.sorted(by: { $0.name < $1.name }) {
                tracker.track(relationship, as: "\(entity.name ?? "?").\(relationship.name)")
            }
        }
        return model
    }

    @Test func aModelNoCoordinatorUsesIsFreedWithItsEntities() {
        let tracker = ReleaseTracker()
        _ = trackedModel(tracker)
        #expect(tracker.alive == [])
    }

    @Test func aModelIsFreedWithTheLastCoordinatorUsingIt() throws {
        let tracker = ReleaseTracker()
        do {
            let coordinator = NSPersistentStoreCoordinator(managedObjectModel: trackedModel(tracker))
            _ = try coordinator.addPersistentStore(ofType: NSInMemoryStoreType, configurationName: nil, at: nil, options: nil)
            tracker.track(coordinator, as: "coordinator")
        }
        #expect(tracker.alive == [])
    }

    @Test func aModelIsFreedWithTheContainerWhoseObjectsUsedIt() throws {
        let tracker = ReleaseTracker()
        try {
            let container = try SQLiteTestSupport.container(at: nil, model: trackedModel(tracker))
            tracker.track(container, as: "container")
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let owner = NSEntityDescription.insertNewObject(forEntityName: "Owner", into: context)
                let item = NSEntityDescription.insertNewObject(forEntityName: "Item", into: context)
                owner.setValue("Ada", forKey: "name")
                item.setValue(owner, forKey: "owner")
                try context.save()
                _ = try SQLiteTestSupport.fetch("Owner", in: context)
            }
        }()
        #expect(tracker.alive == [])
    }
}
