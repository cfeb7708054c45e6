#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// Changes OpenCoreData's lightweight migration does not infer (SupportedSubset lists them): opening fails with
/// `NSPersistentStoreIncompatibleVersionHashError` naming the entity and property, and the file is unchanged.
@Suite("Lightweight migration: changes not inferred")
struct UninferredChangeTests {
    typealias S = SQLiteTestSupport

    /// Person with a relationship `pet` to Pet, to-one or to-many, and Pet under Animal when `petIsAnimal`.
    private static func model(petToMany: Bool = false, petIsAnimal: Bool = false) -> NSManagedObjectModel {
        let person = S.entity("Person", [S.attribute("name", .stringAttributeType)])
        let animal = S.entity("Animal", [S.attribute("name", .stringAttributeType)])
        let pet = S.entity("Pet", [S.attribute("kind", .stringAttributeType)])
        if petIsAnimal { animal.subentities = [pet] }
        person.properties += [S.relationship("pet", to: pet, toMany: petToMany)]
        let model = NSManagedObjectModel()
        model.entities = [person, animal, pet]
        return model
    }

    /// Opens a store made with `model()` holding one person with a pet, with `changed`; returns the error and
    /// whether the file kept its bytes.
    private func openError(_ changed: NSManagedObjectModel) throws -> (NSError?, unchanged: Bool) {
        let url = try S.temporaryDirectory().appendingPathComponent("Uninferred.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let context = try S.container(at: url, model: Self.model()).viewContext
            let person = NSEntityDescription.insertNewObject(forEntityName: "Person", into: context)
            person.setValue(NSEntityDescription.insertNewObject(forEntityName: "Pet", into: context), forKey: "pet")
            try context.save()
        }
        let before = try Data(contentsOf: url)
        do {
            _ = try S.container(at: url, model: changed)
            return (nil, true)
        } catch {
            return (error as NSError, try Data(contentsOf: url) == before)
        }
    }

    @Test func toOneBecomingToManyFailsWith134100() throws {
        let (error, unchanged) = try openError(Self.model(petToMany: true))
        #expect(error?.code == NSPersistentStoreIncompatibleVersionHashError)
        #expect(error?.localizedDescription.contains("entity Person, property pet: it changed between to-one and to-many") == true)
        #expect(unchanged)
    }

    @Test func entityMovedUnderAParentFailsWith134100() throws {
        let (error, unchanged) = try openError(Self.model(petIsAnimal: true))
        #expect(error?.code == NSPersistentStoreIncompatibleVersionHashError)
        #expect(error?.localizedDescription.contains("entity Pet: its parent entity changed from none to Animal") == true)
        #expect(unchanged)
    }
}

#endif
