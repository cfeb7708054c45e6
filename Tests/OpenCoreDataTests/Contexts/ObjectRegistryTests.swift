#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// How OpenCoreData's contexts register their new objects; no Apple counterpart to call.
#if !canImport(CoreData)
@testable import OpenCoreDataCore

@Suite("Contexts: the registry of new objects")
struct ObjectRegistryTests {
    @Test func newObjectsAreNotTabledUntilLookedUpByATemporaryID() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let people = (0..<3).map { _ in Person(context: context) }
            #expect(context.registry.tabled.isEmpty)
            #expect(context.registeredObjects == Set(people))
        }
    }

    @Test func aLookupByATemporaryIDTablesNewObjectsFromThenOn() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let first = Person(context: context)
            let second = Person(context: context)
            #expect(context.registeredObject(for: second.objectID) === second)
            #expect(Set(context.registry.tabled) == [first, second])
            let third = Person(context: context)
            #expect(Set(context.registry.tabled) == [first, second, third])
        }
    }

    @Test func aSaveEndsTheTablingOfNewObjects() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        try context.performAndWait {
            let saved = Person(context: context)
            _ = context.registeredObject(for: saved.objectID)
            try context.save()
            #expect(context.registry.tablesNewObjects == false)
            _ = Person(context: context)
            #expect(context.registry.tabled == [saved])
        }
    }

}
#endif
