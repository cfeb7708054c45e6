import Foundation

extension NSManagedObjectContext {
    /// The model of the context's coordinator, or of the nearest parent context's.
    func requireModel() throws -> NSManagedObjectModel {
        var context: NSManagedObjectContext? = self
        while let current = context {
            if let model = current.persistentStoreCoordinator?.managedObjectModel { return model }
            context = current.parent
        }
        throw CoreDataCodableError(.missingModel)
    }
}

extension NSEntityDescription {
    /// The entity's name, never nil for an entity of a model.
    var codableName: String {
        let name: String? = self.name
        return name ?? ""
    }

    /// The name of the class the entity's objects are made of (its `managedObjectClassName`, never nil
    /// for an entity of a model). Not `className`: on macOS every `NSObject` has a `className` already.
    var objectClassName: String {
        let name: String? = managedObjectClassName
        return name ?? ""
    }
}
