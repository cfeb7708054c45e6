import Foundation

extension CocoaError.Code {
    /// A generic validation error (1550).
    public static var managedObjectValidation: CocoaError.Code { .init(rawValue: NSManagedObjectValidationError) }
    /// A uniqueness constraint was violated (1551).
    public static var managedObjectConstraintValidation: CocoaError.Code { .init(rawValue: NSManagedObjectConstraintValidationError) }
    /// Several validation errors (1560).
    public static var validationMultipleErrors: CocoaError.Code { .init(rawValue: NSValidationMultipleErrorsError) }
    /// A non-optional property is nil (1570).
    public static var validationMissingMandatoryProperty: CocoaError.Code { .init(rawValue: NSValidationMissingMandatoryPropertyError) }
    /// Too few objects in a to-many relationship (1580).
    public static var validationRelationshipLacksMinimumCount: CocoaError.Code { .init(rawValue: NSValidationRelationshipLacksMinimumCountError) }
    /// Too many objects in a to-many relationship (1590).
    public static var validationRelationshipExceedsMaximumCount: CocoaError.Code { .init(rawValue: NSValidationRelationshipExceedsMaximumCountError) }
    /// A deny delete rule refused a deletion (1600).
    public static var validationRelationshipDeniedDelete: CocoaError.Code { .init(rawValue: NSValidationRelationshipDeniedDeleteError) }
    /// An object referred to does not exist (133000).
    public static var managedObjectReferentialIntegrity: CocoaError.Code { .init(rawValue: NSManagedObjectReferentialIntegrityError) }
    /// Objects changed in the store since they were loaded (133020).
    public static var managedObjectMerge: CocoaError.Code { .init(rawValue: NSManagedObjectMergeError) }
    /// Unresolved uniqueness constraint conflicts (133021).
    public static var managedObjectConstraintMerge: CocoaError.Code { .init(rawValue: NSManagedObjectConstraintMergeError) }
    /// Unknown store type (134000).
    public static var persistentStoreInvalidType: CocoaError.Code { .init(rawValue: NSPersistentStoreInvalidTypeError) }
    /// The store's model is incompatible (134100).
    public static var persistentStoreIncompatibleVersionHash: CocoaError.Code { .init(rawValue: NSPersistentStoreIncompatibleVersionHashError) }
}

extension CocoaError {
    /// Objects changed in the store since they were loaded (133020).
    public static var managedObjectMerge: CocoaError.Code { .managedObjectMerge }
    /// A generic validation error (1550).
    public static var managedObjectValidation: CocoaError.Code { .managedObjectValidation }
    /// A uniqueness constraint was violated (1551).
    public static var managedObjectConstraintValidation: CocoaError.Code { .managedObjectConstraintValidation }
    /// Several validation errors (1560).
    public static var validationMultipleErrors: CocoaError.Code { .validationMultipleErrors }
    /// A non-optional property is nil (1570).
    public static var validationMissingMandatoryProperty: CocoaError.Code { .validationMissingMandatoryProperty }
    /// Too few objects in a to-many relationship (1580).
    public static var validationRelationshipLacksMinimumCount: CocoaError.Code { .validationRelationshipLacksMinimumCount }
    /// Too many objects in a to-many relationship (1590).
    public static var validationRelationshipExceedsMaximumCount: CocoaError.Code { .validationRelationshipExceedsMaximumCount }
    /// A deny delete rule refused a deletion (1600).
    public static var validationRelationshipDeniedDelete: CocoaError.Code { .validationRelationshipDeniedDelete }
    /// An object referred to does not exist (133000).
    public static var managedObjectReferentialIntegrity: CocoaError.Code { .managedObjectReferentialIntegrity }
    /// Unresolved uniqueness constraint conflicts (133021).
    public static var managedObjectConstraintMerge: CocoaError.Code { .managedObjectConstraintMerge }
    /// Unknown store type (134000).
    public static var persistentStoreInvalidType: CocoaError.Code { .persistentStoreInvalidType }
    /// The store's model is incompatible (134100).
    public static var persistentStoreIncompatibleVersionHash: CocoaError.Code { .persistentStoreIncompatibleVersionHash }

    /// The key that failed validation.
    public var validationKey: String? { userInfo[NSValidationKeyErrorKey] as? String }
    /// The object that failed validation.
    public var validationObject: Any? { userInfo[NSValidationObjectErrorKey] }
    /// The value that failed validation.
    public var validationValue: Any? { userInfo[NSValidationValueErrorKey] }
    /// The errors of a multiple-errors validation error.
    public var detailedErrors: [any Error]? { userInfo[NSDetailedErrorsKey] as? [any Error] }
    /// The objects an error concerns.
    public var affectedObjects: [Any]? { userInfo[NSAffectedObjectsErrorKey] as? [Any] }
    /// The stores an error concerns.
    public var affectedStores: [AnyObject]? { userInfo[NSAffectedStoresErrorKey] as? [AnyObject] }
    /// The merge conflicts of a failed save.
    public var persistentStoreSaveConflicts: [NSMergeConflict]? { userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSMergeConflict] }
}
