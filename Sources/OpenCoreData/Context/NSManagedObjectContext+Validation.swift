import Foundation

extension NSManagedObjectContext {
    /// Validates every inserted, updated and deleted object; one error is thrown as is, several
    /// as `NSValidationMultipleErrorsError` with the others under `NSDetailedErrorsKey`.
    func validatePendingChanges() throws {
        var errors: [NSError] = []
        for object in changedObjects.elements {
            do {
                if object.isDeleted {
                    try object.validateForDelete()
                } else if object.isInserted {
                    try object.validateForInsert()
                } else if object.isUpdated {
                    try object.validateForUpdate()
                }
            } catch let error as NSError {
                errors.append(contentsOf: ValidationErrors.flattened(error))
            }
        }
        if let error = ValidationErrors.combined(errors) { throw error }
    }
}

extension NSManagedObject {
    /// The deny delete rules' verdict on deleting the object.
    func validateDeleteRules() throws {
        var errors: [NSError] = []
        for slot in layout.relationshipSlots {
            guard let relationship = layout.properties[slot] as? NSRelationshipDescription, relationship.deleteRule == .denyDeleteRule else { continue }
            let remaining = relatedObjects(at: slot).filter { !$0.isDeleted }
            if !remaining.isEmpty {
                errors.append(ValidationErrors.error(NSValidationRelationshipDeniedDeleteError, object: self, key: relationship.name, value: publicValue(at: slot),
                                                     "The deny delete rule of \(relationship.name) refuses deleting an object that still has related objects."))
            }
        }
        if let error = ValidationErrors.combined(errors) { throw error }
    }

    func validateProperties() throws {
        fireFaultIfNeeded()
        var errors: [NSError] = []
        for slot in layout.validatedSlots {
            let property = layout.properties[slot]
            switch layout.kinds[slot] {
            case .attribute, .toOne:
                if !property.isOptional, slots[slot] == nil {
                    errors.append(ValidationErrors.error(NSValidationMissingMandatoryPropertyError, object: self, key: property.name, value: nil,
                                                         "\(property.name) is a required value."))
                }
            case .toMany:
                guard let relationship = property as? NSRelationshipDescription, slots[slot] != nil else { continue }
                let storage = toManyStorage(at: slot)
                let count = storage.objects.count
                if count == 0, relationship.isOptional { continue }
                let minimum = relationship.isOptional ? relationship.minCount : max(1, relationship.minCount)
                if count < minimum {
                    errors.append(ValidationErrors.error(NSValidationRelationshipLacksMinimumCountError, object: self, key: property.name, value: storage.publicValue,
                                                         "\(property.name) has \(count) objects, fewer than its minimum of \(minimum)."))
                } else if relationship.maxCount > 0, count > relationship.maxCount {
                    errors.append(ValidationErrors.error(NSValidationRelationshipExceedsMaximumCountError, object: self, key: property.name, value: storage.publicValue,
                                                         "\(property.name) has \(count) objects, more than its maximum of \(relationship.maxCount)."))
                }
            }
        }
        if let error = ValidationErrors.combined(errors) { throw error }
    }
}

/// Builds Core Data's validation errors.
enum ValidationErrors {
    static func error(_ code: Int, object: NSManagedObject, key: String, value: Any?, _ message: String) -> NSError {
        var info: [String: Any] = [NSValidationObjectErrorKey: object, NSValidationKeyErrorKey: key]
        if let value { info[NSValidationValueErrorKey] = value }
        return CoreDataError.make(code, message, info)
    }

    /// One error as is; several as `NSValidationMultipleErrorsError`; none as nil.
    static func combined(_ errors: [NSError]) -> NSError? {
        switch errors.count {
        case 0: return nil
        case 1: return errors[0]
        default:
            return CoreDataError.make(NSValidationMultipleErrorsError, "Multiple validation errors occurred.", [NSDetailedErrorsKey: errors])
        }
    }

    /// The individual errors inside a multiple-errors error.
    static func flattened(_ error: NSError) -> [NSError] {
        guard error.domain == NSCocoaErrorDomain, error.code == NSValidationMultipleErrorsError,
              let details = error.userInfo[NSDetailedErrorsKey] as? [NSError]
        else { return [error] }
        return details
    }
}
