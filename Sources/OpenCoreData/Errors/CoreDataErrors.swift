import Foundation

// Core Data's error codes in `NSCocoaErrorDomain`, with Apple's values.

/// A generic validation error.
public let NSManagedObjectValidationError = 1550
/// A uniqueness constraint was violated.
public let NSManagedObjectConstraintValidationError = 1551
/// Several validation errors; `NSDetailedErrorsKey` holds them.
public let NSValidationMultipleErrorsError = 1560
/// A non-optional property is nil.
public let NSValidationMissingMandatoryPropertyError = 1570
/// A to-many relationship has fewer objects than its minimum count.
public let NSValidationRelationshipLacksMinimumCountError = 1580
/// A to-many relationship has more objects than its maximum count.
public let NSValidationRelationshipExceedsMaximumCountError = 1590
/// A deny delete rule refused a deletion.
public let NSValidationRelationshipDeniedDeleteError = 1600
/// An object referred to does not exist.
public let NSManagedObjectReferentialIntegrityError = 133000
/// Objects conflict with the store's version.
public let NSManagedObjectMergeError = 133020
/// Objects violate a uniqueness constraint and the merge policy did not resolve it.
public let NSManagedObjectConstraintMergeError = 133021
/// The store type is unknown or unsupported.
public let NSPersistentStoreInvalidTypeError = 134000
/// The store's schema is incompatible with the model.
public let NSPersistentStoreIncompatibleSchemaError = 134020
/// A store could not save.
public let NSPersistentStoreSaveError = 134030
/// A store operation failed.
public let NSPersistentStoreOperationError = 134070
/// A store could not be opened.
public let NSPersistentStoreOpenError = 134080
/// The store was made with a model whose version hashes differ from the current model.
public let NSPersistentStoreIncompatibleVersionHashError = 134100
/// Automatic migration failed.
public let NSMigrationError = 134110
/// A general Core Data error.
public let NSCoreDataError = 134060
/// A SQLite error; the underlying code is under `NSSQLiteErrorDomain`.
public let NSSQLiteError = 134180

// User info keys of Core Data errors.

/// The errors of an `NSValidationMultipleErrorsError`.
public let NSDetailedErrorsKey = "NSDetailedErrors"
/// The object that failed validation.
public let NSValidationObjectErrorKey = "NSValidationErrorObject"
/// The key that failed validation.
public let NSValidationKeyErrorKey = "NSValidationErrorKey"
/// The value that failed validation.
public let NSValidationValueErrorKey = "NSValidationErrorValue"
/// The predicate that failed validation.
public let NSValidationPredicateErrorKey = "NSValidationErrorPredicate"
/// The objects an error concerns.
public let NSAffectedObjectsErrorKey = "NSAffectedObjectsErrorKey"
/// The stores an error concerns.
public let NSAffectedStoresErrorKey = "NSAffectedStoresErrorKey"
/// The conflicts of a save (`NSConstraintConflict` or merge conflicts).
public let NSPersistentStoreSaveConflictsErrorKey = "conflictList"
/// The domain of SQLite result codes.
public let NSSQLiteErrorDomain = "NSSQLiteErrorDomain"

/// The errors OpenCoreData raises, as the `NSError`s Core Data uses.
enum CoreDataError {
    static func make(_ code: Int, _ message: String, _ userInfo: [String: Any] = [:]) -> NSError {
        var info = userInfo
        info[NSLocalizedDescriptionKey] = message
        return NSError(domain: NSCocoaErrorDomain, code: code, userInfo: info)
    }

    static func objectNotFound(_ objectID: NSManagedObjectID) -> NSError {
        make(NSManagedObjectReferentialIntegrityError, "No object exists for \(objectID.uriRepresentation().absoluteString)", [NSAffectedObjectsErrorKey: [objectID]])
    }

    static func unsupportedStoreType(_ type: String) -> NSError {
        make(NSPersistentStoreInvalidTypeError, "Unsupported store type '\(type)'. OpenCoreData supports \(NSInMemoryStoreType) and \(NSSQLiteStoreType).")
    }

    static var noPersistentStores: NSError {
        make(NSPersistentStoreSaveError, "This NSPersistentStoreCoordinator has no persistent stores. It cannot perform a save operation.")
    }

    static var unsupportedMultiStoreFetch: NSError {
        make(NSCoreDataError, "OpenCoreData cannot sort, offset or limit a fetch across several stores; fetch from a coordinator with one store.")
    }

    static func readOnlyStore(_ store: NSPersistentStore) -> NSError {
        make(NSPersistentStoreSaveError, "The store at \(store.url?.path ?? "?") is read-only.", [NSAffectedStoresErrorKey: [store]])
    }

    static func noContextForSave() -> NSError {
        make(NSPersistentStoreSaveError, "The context has neither a persistent store coordinator nor a parent context to save to.")
    }

    static func unknownEntity(_ name: String?) -> NSError {
        make(NSCoreDataError, "The fetch request names no entity of the context's model ('\(name ?? "nil")').")
    }
}
