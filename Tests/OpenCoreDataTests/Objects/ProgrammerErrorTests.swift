#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Programmer errors stop the process: Core Data raises an Objective-C exception (an unknown key
// raises NSUnknownKeyException, a value of the wrong type and relating objects of different
// contexts raise NSInvalidArgumentException). Each case runs in a child process (an exit test) and
// checks that the process fails and that the message names the offending key.

private func stderrText(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite("Objects: programmer errors")
struct ProgrammerErrorTests {
    @Test func readingAnUnknownKeyFailsNamingTheKey() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stack = try TestStack()
            let context = stack.newContext()
            context.performAndWait {
                let person = Person(context: context)
                _ = person.value(forKey: "noSuchKey")
            }
        }
        #expect(stderrText(result).contains("noSuchKey"))
    }

    // OpenCoreData's deliberate difference "Programmer errors trap": the message is OpenCoreData's own.
    #if !canImport(CoreData)
    @Test func readingAFaultWhoseContextIsGoneFailsSayingWhatToKeepAlive() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fault: NSManagedObject = try {
                let stack = try TestStack()
                let id = try stack.savedPerson(named: "Ada")
                let reader = stack.newContext()
                return reader.performAndWait { reader.object(with: id) }
            }()
            _ = fault.value(forKey: "name")
        }
        #expect(stderrText(result).contains("cannot be fulfilled: its context was released or reset"))
    }
    #endif

    @Test func writingAnUnknownKeyFailsNamingTheKey() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stack = try TestStack()
            let context = stack.newContext()
            context.performAndWait {
                let person = Person(context: context)
                person.setValue("x", forKey: "noSuchKey")
            }
        }
        #expect(stderrText(result).contains("noSuchKey"))
    }

    @Test func valueOfTheWrongTypeFailsNamingTheAttribute() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stack = try TestStack()
            let context = stack.newContext()
            context.performAndWait {
                let person = Person(context: context)
                person.setValue("not a number", forKey: "age")
            }
        }
        #expect(stderrText(result).contains("age"))
    }

    @Test func relatingObjectsOfDifferentContextsFails() async {
        await #expect(processExitsWith: .failure) {
            let stack = try TestStack()
            let first = stack.newContext()
            let second = stack.newContext()
            let country = first.performAndWait { Unchecked(Country(context: first)) }
            second.performAndWait {
                let person = Person(context: second)
                person.setValue(country.value, forKey: "country")
                try? second.save()
            }
        }
    }

    // The same operations with valid keys and values run to completion.
    @Test func validKeysAndValuesDoNotFail() async {
        await #expect(processExitsWith: .success) {
            let stack = try TestStack()
            let context = stack.newContext()
            try context.performAndWait {
                let person = Person(context: context)
                person.setValue("Ada", forKey: "name")
                person.setValue(36, forKey: "age")
                _ = person.value(forKey: "name")
                try context.save()
            }
        }
    }
}
