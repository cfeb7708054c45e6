// The module the library imports as Apple's Core Data. The scoped imports make the interface's
// predicate and sort classes, which are Foundation's on Apple platforms, win over
// swift-corelibs-foundation's classes of the same names (which lack Apple's initializers) in every
// module that imports both Foundation and CoreData.
@_exported import AppleInterface
@_exported import class AppleInterface.NSPredicate
@_exported import class AppleInterface.NSComparisonPredicate
@_exported import class AppleInterface.NSCompoundPredicate
@_exported import class AppleInterface.NSExpression
@_exported import class AppleInterface.NSSortDescriptor
