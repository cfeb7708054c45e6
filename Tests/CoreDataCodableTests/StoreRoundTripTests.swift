import CoreDataCodable
import Foundation
import Testing

/// Every attribute type decoded, saved, fetched in a new context and encoded again gives the JSON it
/// encoded to before the save, on both stores.
@Suite("Round trips through a store")
struct StoreRoundTripTests {
    enum Store: String, CaseIterable, Sendable {
        case inMemory, sqlite
    }

    /// The JSON `Complete` 1 encodes to right after the decode, and after a save, in a new context.
    private func encodings(_ store: Store) throws -> (beforeSave: String, afterSave: String) {
        func run(_ stack: TestStack) throws -> (String, String) {
            let complete = try stack.decode(Complete.self, fixture: "complete")
            let before = try stack.read { try stack.encoder().encode(complete) }
            try stack.read { try stack.context.save() }
            let reader = stack.container.newBackgroundContext()
            let after = try reader.performAndWait {
                let request = NSFetchRequest<Complete>(entityName: "Complete")
                let fetched = try #require(try reader.fetch(request).first)
                return try stack.encoder().encode(fetched)
            }
            return (String(decoding: before, as: UTF8.self), String(decoding: after, as: UTF8.self))
        }
        switch store {
        case .inMemory: return try run(TestStack())
        case .sqlite: return try withTemporaryStoreURL { try run(TestStack(storeURL: $0)) }
        }
    }

    @Test(arguments: Store.allCases)
    func everyAttributeTypeEncodesAsBeforeTheSave(store: Store) throws {
        let (beforeSave, afterSave) = try encodings(store)
        #expect(afterSave == beforeSave)
    }

    @Test(arguments: Store.allCases)
    func aCodableArrayInATransformableAttributeEncodesAfterTheSave(store: Store) throws {
        let (_, afterSave) = try encodings(store)
        #expect(afterSave.contains(#""tags":["one","two"]"#))
    }
}
