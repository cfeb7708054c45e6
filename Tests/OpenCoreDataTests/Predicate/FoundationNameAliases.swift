#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// In expressions (`NSPredicate(format: …)`) OpenCoreData's classes win over swift-corelibs-foundation's through
// overload resolution, but in type positions (`let p: NSPredicate`, `as? NSComparisonPredicate`) both modules'
// classes are visible and Swift reports "ambiguous for type lookup". A module-level alias in the client module
// settles it (declarations of the current module win), as would `import class OpenCoreData.NSPredicate`.
#if !canImport(CoreData)
typealias NSPredicate = OpenCoreData.NSPredicate
typealias NSComparisonPredicate = OpenCoreData.NSComparisonPredicate
typealias NSCompoundPredicate = OpenCoreData.NSCompoundPredicate
typealias NSExpression = OpenCoreData.NSExpression
typealias NSSortDescriptor = OpenCoreData.NSSortDescriptor
#endif
