import Foundation

/// Groot's rule for the entities that map by its `JSONKeyPath` keys: every object made or merged
/// from a JSON object holds a value for each mandatory property it maps, and a bare identifier
/// names its object by a value. Groot validates each value as it sets it; the sync checks the
/// objects once they are decoded, so a failure undoes the whole sync.
///
/// A failure is Core Data's own validation error (`NSCocoaErrorDomain`,
/// `NSValidationMissingMandatoryPropertyError`), with the property under `NSValidationKeyErrorKey`
/// and the object, when there is one, under `NSValidationObjectErrorKey`.
enum GrootValidation {
    /// Throws for the first mandatory property with a `JSONKeyPath` that `object` holds no value for.
    static func validate(_ object: NSManagedObject) throws {
        for property in object.entity.properties where !property.isOptional && property.userInfo?[SyncUserInfo.grootKeyPath] != nil {
            if let relationship = property as? NSRelationshipDescription, relationship.isToMany { continue }
            guard object.value(forKey: property.name) == nil else { continue }
            throw missingValue(of: property, entity: object.entity, object: object)
        }
    }

    /// The error for a mandatory `property` of `entity` left without a value; `object` is the object
    /// that lacks it, if one was made.
    static func missingValue(of property: NSPropertyDescription, entity: NSEntityDescription, object: NSManagedObject?) -> NSError {
        var userInfo: [String: Any] = [
            NSValidationKeyErrorKey: property.name,
            NSLocalizedDescriptionKey: "\(entity.codableName).\(property.name) is mandatory, and the JSON gives it no value: "
                + "give one under \(property.userInfo?[SyncUserInfo.grootKeyPath] ?? property.name), or make the property optional in the model.",
        ]
        if let object { userInfo[NSValidationObjectErrorKey] = object }
        return NSError(domain: NSCocoaErrorDomain, code: NSValidationMissingMandatoryPropertyError, userInfo: userInfo)
    }
}
