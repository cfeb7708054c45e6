#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// Compiles only if OpenCoreData's classes win over swift-corelibs-foundation's unavailable initializers.
@Suite("Foundation name shadowing")
struct FoundationShadowingTests {
    @Test("NSPredicate(format:) takes a key and a Swift array")
    func predicateWithArray() {
        let predicate = NSPredicate(format: "%K IN %@", "id", [1, 2])
        #expect(predicate.evaluate(with: ["id": 2]))
    }

    @Test("NSSortDescriptor(key:ascending:) is available")
    func sortDescriptorWithKey() {
        let descriptor = NSSortDescriptor(key: "name", ascending: true)
        #expect(descriptor.compare(["name": "a"], to: ["name": "b"]) == .orderedAscending)
    }

    @Test("NSExpression(forKeyPath:) is available")
    func expressionForKeyPath() {
        #expect(NSExpression(forKeyPath: "name").keyPath == "name")
    }
}
