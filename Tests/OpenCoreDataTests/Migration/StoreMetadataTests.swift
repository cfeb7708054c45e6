#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

/// A store's metadata read without opening it, and model compatibility with it.
/// Apple: `metadataForPersistentStore(ofType:at:options:)` lets you check, before adding a store, whether a
/// model is compatible with it through `isConfiguration(withName:compatibleWithStoreMetadata:)`.
@Suite("Store metadata and compatibility")
struct StoreMetadataTests {
    typealias S = SQLiteTestSupport

    private static func model(ageType: NSAttributeType = .integer64AttributeType) -> NSManagedObjectModel {
        let model = NSManagedObjectModel()
        model.entities = [S.entity("Person", [S.attribute("name", .stringAttributeType), S.attribute("age", ageType)])]
        return model
    }

    /// A store file created with `model()`, its identifier, and its directory to remove.
    private func store() throws -> (url: URL, uuid: String) {
        let url = try S.temporaryDirectory().appendingPathComponent("Metadata.sqlite")
        let container = try S.container(at: url, model: Self.model())
        let uuid = try #require(container.persistentStoreCoordinator.persistentStores.first?.identifier)
        return (url, uuid)
    }

    @Test func metadataHoldsTypeIdentifierAndVersionHashes() throws {
        let (url, uuid) = try store()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let metadata = try NSPersistentStoreCoordinator.metadataForPersistentStore(ofType: NSSQLiteStoreType, at: url, options: nil)
        #expect(metadata[NSStoreTypeKey] as? String == NSSQLiteStoreType)
        #expect(metadata[NSStoreUUIDKey] as? String == uuid)
        #expect(metadata[NSStoreModelVersionHashesKey] as? [String: Data] == Self.model().entityVersionHashesByName)
        #expect(metadata[NSStoreModelVersionIdentifiersKey] != nil)
    }

    @Test func openStoreMetadataEqualsFileMetadata() throws {
        let url = try S.temporaryDirectory().appendingPathComponent("Metadata.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let container = try S.container(at: url, model: Self.model())
        let store = try #require(container.persistentStoreCoordinator.persistentStores.first)
        let metadata = try NSPersistentStoreCoordinator.metadataForPersistentStore(ofType: NSSQLiteStoreType, at: url, options: nil)
        #expect(store.metadata[NSStoreUUIDKey] as? String == metadata[NSStoreUUIDKey] as? String)
        #expect(store.metadata[NSStoreModelVersionHashesKey] as? [String: Data] == metadata[NSStoreModelVersionHashesKey] as? [String: Data])
    }

    @Test func sameModelIsCompatibleAndChangedModelIsNot() throws {
        let (url, _) = try store()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let metadata = try NSPersistentStoreCoordinator.metadataForPersistentStore(ofType: NSSQLiteStoreType, at: url, options: nil)
        #expect(Self.model().isConfiguration(withName: nil, compatibleWithStoreMetadata: metadata))
        #expect(!Self.model(ageType: .stringAttributeType).isConfiguration(withName: nil, compatibleWithStoreMetadata: metadata))
    }

    @Test func missingFileThrows() throws {
        let url = try S.temporaryDirectory().appendingPathComponent("Missing.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: (any Error).self) {
            _ = try NSPersistentStoreCoordinator.metadataForPersistentStore(ofType: NSSQLiteStoreType, at: url, options: nil)
        }
    }

    /// Apple: a renaming identifier "is used to resolve naming conflicts between models"; it is not part of the
    /// version hash, so renaming identifiers alone leave a model compatible with its stores.
    @Test func renamingIdentifierDoesNotChangeVersionHashesButVersionHashModifierDoes() {
        let plain = Self.model()
        let renamed = Self.model()
        renamed.entities[0].renamingIdentifier = "Human"
        renamed.entities[0].properties[0].renamingIdentifier = "fullName"
        #expect(renamed.entityVersionHashesByName == plain.entityVersionHashesByName)
        let modified = Self.model()
        modified.entities[0].properties[0].versionHashModifier = "2"
        #expect(modified.entityVersionHashesByName != plain.entityVersionHashesByName)
    }

    /// Apple's `renamingIdentifier` pages: "If unset, the identifier will return the property's name", and for
    /// an entity, "If you do not set this value, the identifier will return the entity's name."
    @Test func unsetRenamingIdentifierIsTheName() {
        let model = Self.model()
        #expect(model.entities[0].renamingIdentifier == "Person")
        #expect(model.entities[0].properties[0].renamingIdentifier == "name")
    }
}

#if !canImport(CoreData)

/// Version hashes are digests of the model's definition, equal in every process (OpenCoreData's own scheme).
@Suite("Version hashes")
struct VersionHashStabilityTests {
    @Test func versionHashIsTheSameInEveryRun() {
        let model = NSManagedObjectModel()
        model.entities = [SQLiteTestSupport.entity("Person", [SQLiteTestSupport.attribute("name", .stringAttributeType)])]
        let hash = model.entityVersionHashesByName["Person"]?.map { String(format: "%02x", $0) }.joined()
        #expect(hash == "3355ed66ad2b2db7fd77863de3a27985dc1afe49f9e0a1f9b8bae7a4ee1e953c")
    }
}

/// The model reader sets renaming identifiers from Xcode's `elementID`.
@Suite("Model files: renaming identifiers")
struct RenamingIdentifierModelFileTests {
    @Test func elementIDIsTheRenamingIdentifierOfEntitiesAttributesAndRelationships() throws {
        let model = try ModelFixtures.load("Migration/Renames.xcdatamodeld")
        let automobile = try #require(model.entitiesByName["Automobile"])
        #expect(automobile.renamingIdentifier == "Car")
        #expect(automobile.propertiesByName["paintColor"]?.renamingIdentifier == "color")
        #expect(automobile.propertiesByName["driver"]?.renamingIdentifier == "owner")
        #expect(automobile.propertiesByName["year"]?.renamingIdentifier == "year")
        #expect(model.entitiesByName["Tag"]?.renamingIdentifier == "Tag")
    }
}

#endif
