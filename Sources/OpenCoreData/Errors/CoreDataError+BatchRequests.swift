import Foundation

/// The errors of batch requests.
extension CoreDataError {
    /// A batch delete would delete an object whose `relationship`, with the deny rule, is not empty.
    static func batchDeleteDenied(_ relationship: NSRelationshipDescription) -> NSError {
        make(NSValidationRelationshipDeniedDeleteError, "Batch delete failed: \(relationship.entity?.name ?? "?").\(relationship.name) has the deny delete rule and is not empty.", [NSValidationKeyErrorKey: relationship.name])
    }

    /// A batch delete would nullify `inverse`, a required to-one relationship of an object that stays.
    static func batchDeleteRequiredInverse(_ inverse: NSRelationshipDescription) -> NSError {
        make(NSPersistentStoreSaveError, "Batch delete failed due to the required to-one inverse \(inverse.entity?.name ?? "?").\(inverse.name), which it would nullify.", [NSValidationKeyErrorKey: inverse.name])
    }

    /// A request `execute(_:)` does not run.
    static func unsupportedRequest(_ request: NSPersistentStoreRequest) -> NSError {
        make(NSCoreDataError, "OpenCoreData executes batch delete, update and insert requests with execute(_:); use fetch(_:) and save() for the others (\(type(of: request))).")
    }

    /// A batch delete of object IDs of several entities.
    static var batchDeleteMixedEntities: NSError {
        make(NSCoreDataError, "The object IDs of a batch delete request must all be of one entity.")
    }
}
