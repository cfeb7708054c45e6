// OpenCoreData: Core Data's API on platforms without Core Data.
//
// Like Apple's Core Data module, it re-exports Foundation, so `import CoreDataCodable` (or
// `import OpenCoreData`) alone gives `JSONDecoder`, `Data` and `NSStringFromClass` on every platform.
//
// The implementation lives in `OpenCoreDataCore`; this module re-exports it. The scoped imports
// below make OpenCoreData's predicate and sort descriptor classes win over the swift-corelibs-
// foundation classes of the same names in every module that imports both Foundation and
// OpenCoreData, in type positions (`let predicate: NSPredicate`) as well as in expressions.
@_exported import Foundation
@_exported import OpenCoreDataCore
@_exported import class OpenCoreDataCore.NSPredicate
@_exported import class OpenCoreDataCore.NSComparisonPredicate
@_exported import class OpenCoreDataCore.NSCompoundPredicate
@_exported import class OpenCoreDataCore.NSExpression
@_exported import class OpenCoreDataCore.NSSortDescriptor
