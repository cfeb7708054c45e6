import Foundation

/// The type of an attribute's values, with Core Data's raw values.
public enum NSAttributeType: UInt, Sendable {
    /// No type; transient attributes of any type.
    case undefinedAttributeType = 0
    /// A 16-bit integer.
    case integer16AttributeType = 100
    /// A 32-bit integer.
    case integer32AttributeType = 200
    /// A 64-bit integer.
    case integer64AttributeType = 300
    /// A decimal number, stored without binary rounding.
    case decimalAttributeType = 400
    /// A double-precision floating-point number.
    case doubleAttributeType = 500
    /// A single-precision floating-point number.
    case floatAttributeType = 600
    /// A string.
    case stringAttributeType = 700
    /// A Boolean value.
    case booleanAttributeType = 800
    /// A date.
    case dateAttributeType = 900
    /// Binary data.
    case binaryDataAttributeType = 1000
    /// A UUID.
    case UUIDAttributeType = 1100
    /// A URL.
    case URIAttributeType = 1200
    /// A value of any type, stored through a value transformer or as is.
    case transformableAttributeType = 1800
    /// A managed object ID.
    case objectIDAttributeType = 2000
    /// A composite of other attributes.
    case compositeAttributeType = 2100
}

/// What happens to the destination objects of a relationship when its source object is deleted.
public enum NSDeleteRule: UInt, Sendable {
    /// Leave the destination objects as they are, even if they then point to a deleted object.
    case noActionDeleteRule = 0
    /// Remove the deleted object from the inverse relationship of each destination object.
    case nullifyDeleteRule = 1
    /// Delete the destination objects too.
    case cascadeDeleteRule = 2
    /// Refuse the deletion (at save) while the relationship has destination objects.
    case denyDeleteRule = 3
}
