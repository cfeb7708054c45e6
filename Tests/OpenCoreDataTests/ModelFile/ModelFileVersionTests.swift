#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Which XML a model URL stands for: a `.xcdatamodeld` folder's current version, a `.xcdatamodel`
// folder's `contents`, or the `contents` file itself. `Versioned.xcdatamodeld` holds two versions;
// its `.xccurrentversion` names the second, which adds the attribute `body`.
#if !canImport(CoreData)
@Suite("Model files: versions and locations")
struct ModelFileVersionTests {
    private func noteAttributes(_ model: NSManagedObjectModel) -> [String] {
        (model.entitiesByName["Note"]?.properties ?? []).map(\.name)
    }

    @Test func modelFolderLoadsTheCurrentVersion() throws {
        let model = try ModelFixtures.load("Versioned.xcdatamodeld")
        #expect(noteAttributes(model) == ["body", "createdAt", "title"])
        #expect(model.versionIdentifiers == ["2"])
    }

    @Test func versionFolderLoadsThatVersion() throws {
        let model = try ModelFixtures.load("Versioned.xcdatamodeld/Versioned.xcdatamodel")
        #expect(noteAttributes(model) == ["createdAt", "title"])
        #expect(model.versionIdentifiers == ["1"])
    }

    @Test func versionFolderWithASpaceInItsName() throws {
        let model = try ModelFixtures.load("Versioned.xcdatamodeld/Versioned 2.xcdatamodel")
        #expect(noteAttributes(model) == ["body", "createdAt", "title"])
    }

    @Test func contentsFileLoadsDirectly() throws {
        let model = try ModelFixtures.load("Versioned.xcdatamodeld/Versioned.xcdatamodel/contents")
        #expect(noteAttributes(model) == ["createdAt", "title"])
    }

    @Test func modelFolderWithoutCurrentVersionFileLoadsItsOnlyVersion() throws {
        let model = try ModelFixtures.load("Unversioned.xcdatamodeld")
        #expect(model.entities.map(\.name) == ["Reminder"])
        #expect(model.entitiesByName["Reminder"]?.properties.map(\.name) == ["done", "text"])
    }

    @Test func failableInitializerLoadsTheCurrentVersion() throws {
        let model = try #require(NSManagedObjectModel(contentsOf: ModelFixtures.url("Versioned.xcdatamodeld")))
        #expect(noteAttributes(model) == ["body", "createdAt", "title"])
    }

    @Test func failableInitializerLoadsAVersionFolder() throws {
        let model = try #require(NSManagedObjectModel(contentsOf: ModelFixtures.url("Library.xcdatamodel")))
        #expect(model.entities.count == 9)
    }

    // Loading the folder and the version it names gives the same model.
    @Test func currentVersionIsTheNamedVersion() throws {
        let folder = try ModelFixtures.load("Versioned.xcdatamodeld")
        let named = try ModelFixtures.load("Versioned.xcdatamodeld/Versioned 2.xcdatamodel")
        #expect(folder.entityVersionHashesByName == named.entityVersionHashesByName)
    }

    // The versions differ by an attribute, so their entity version hashes differ.
    @Test func versionsHaveDifferentEntityHashes() throws {
        let first = try ModelFixtures.load("Versioned.xcdatamodeld/Versioned.xcdatamodel")
        let second = try ModelFixtures.load("Versioned.xcdatamodeld")
        #expect(first.entityVersionHashesByName["Note"] != nil)
        #expect(first.entityVersionHashesByName["Note"] != second.entityVersionHashesByName["Note"])
    }

    @Test func loadingTwiceGivesEqualModels() throws {
        let first = try ModelFixtures.load("Library.xcdatamodel")
        let second = try ModelFixtures.load("Library.xcdatamodel")
        #expect(first !== second)
        #expect(first.entityVersionHashesByName == second.entityVersionHashesByName)
    }
}

@Suite("Model files: merging")
struct ModelFileMergeTests {
    @Test func mergingModelsJoinsTheirEntities() throws {
        let merged = try #require(NSManagedObjectModel(byMerging: [
            try ModelFixtures.load("AllTypes.xcdatamodel"),
            try ModelFixtures.load("Versioned.xcdatamodeld"),
        ]))
        #expect(merged.entities.map(\.name) == ["Sample", "Unusual", "Note"])
    }

    // Two versions of one model both define `Note`.
    @Test func mergingModelsWithACommonEntityNameFails() throws {
        let merged = NSManagedObjectModel(byMerging: [
            try ModelFixtures.load("Versioned.xcdatamodeld/Versioned.xcdatamodel"),
            try ModelFixtures.load("Versioned.xcdatamodeld/Versioned 2.xcdatamodel"),
        ])
        #expect(merged == nil)
    }

    // The models at the top of a bundle's resources: AllTypes, ClassNames, Library, Shelf, Unversioned
    // and Versioned (the `Broken` folder is not a model).
    @Test func mergedModelFromABundle() throws {
        let merged = try #require(NSManagedObjectModel.mergedModel(from: [try ModelFixtures.bundle()]))
        #expect(Set(merged.entities.compactMap(\.name)) == [
            "Sample", "Unusual",
            "Absent", "Bare", "CurrentModule", "Empty", "OtherModule", "Qualified",
            "Author", "Book", "Chapter", "Film", "Item", "Loan", "Member", "Shelf", "Tag",
            "ShelfBook", "Reminder", "Note",
        ])
        // Versioned.xcdatamodeld contributes its current version.
        #expect(merged.entitiesByName["Note"]?.attributesByName["body"] != nil)
    }
}
#endif
