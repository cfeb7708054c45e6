#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Core Data's Swift overlay exposes its error codes and user info through CocoaError.

@Suite("Validation: errors as CocoaError")
struct CocoaErrorBridgingTests {
    @Test func missingMandatoryAttributeIsACocoaErrorWithItsCode() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        context.performAndWait {
            let account = NSManagedObject(entity: TestModel.shared.entitiesByName["Account"]!, insertInto: context)
            account.setValue("Ada", forKey: "owner")
            #expect {
                try context.save()
            } throws: { error in
                guard let cocoa = error as? CocoaError else { return false }
                return cocoa.code == .validationMissingMandatoryProperty && cocoa.validationKey == "email"
            }
        }
    }

    @Test func catchPatternMatchesTheCode() throws {
        let stack = try TestStack()
        let context = stack.newContext()
        let matched = context.performAndWait { () -> Bool in
            let account = NSManagedObject(entity: TestModel.shared.entitiesByName["Account"]!, insertInto: context)
            account.setValue("Ada", forKey: "owner")
            do {
                try context.save()
                return false
            } catch CocoaError.validationMissingMandatoryProperty {
                return true
            } catch {
                return false
            }
        }
        #expect(matched)
    }
}
