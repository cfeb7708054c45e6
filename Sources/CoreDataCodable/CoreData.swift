// The one place that chooses the platform's Core Data.
#if canImport(CoreData)
@_exported import CoreData
#else
@_exported import OpenCoreData
#endif
@_exported import ManagedProperty
