import Foundation

/// https://developer.apple.com/documentation/coredata/nsvalidationmissingmandatorypropertyerror
public var NSValidationMissingMandatoryPropertyError: Int { fatalError() }

/// https://developer.apple.com/documentation/coredata/nsvalidationkeyerrorkey
public let NSValidationKeyErrorKey: String = ""

/// https://developer.apple.com/documentation/coredata/nsvalidationobjecterrorkey
public let NSValidationObjectErrorKey: String = ""
