#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// `representedClassName` as Core Data resolves it, from `Fixtures/Models/ClassNames.xcdatamodel`, whose
// entities name the test target's class ShelfBook in each way Xcode can write it:
// Qualified "OpenCoreDataTests.ShelfBook", CurrentModule ".ShelfBook", Bare "ShelfBook",
// OtherModule "Other.ShelfBook", Empty "" and Absent (no representedClassName).
#if !canImport(CoreData)
@Suite("Model files: class names")
struct ModelFileClassNameTests {
    private func className(_ entity: String, productModuleName: String? = nil) throws -> String? {
        let model = try ModelFixtures.load("ClassNames.xcdatamodel", productModuleName: productModuleName)
        return try #require(model.entitiesByName[entity]).managedObjectClassName
    }

    /// The classes of an object of `entity` when inserted and when fetched, in a store on the model.
    private func objectClasses(_ entity: String, productModuleName: String? = nil) throws -> (inserted: AnyClass, fetched: AnyClass) {
        let model = try ModelFixtures.load("ClassNames.xcdatamodel", productModuleName: productModuleName)
        let stack = try TestStack(model: model, name: "ClassNames")
        return try ModelFixtures.insertAndFetch(entity, in: stack)
    }

    // MARK: Names

    @Test func moduleQualifiedNameIsKept() throws {
        #expect(try className("Qualified") == "OpenCoreDataTests.ShelfBook")
    }

    @Test func currentProductModuleNameTakesTheGivenModule() throws {
        #expect(try className("CurrentModule", productModuleName: "OpenCoreDataTests") == "OpenCoreDataTests.ShelfBook")
    }

    // Outside a resource bundle, with no module given and none found holding the class, ".Name" stays.
    @Test func currentProductModuleNameStaysWithoutAModule() throws {
        #expect(try className("CurrentModule") == ".ShelfBook")
    }

    // From the copy in CoreDataCodable_OpenCoreDataTests.resources, the module is the test target's.
    @Test func currentProductModuleNameFromTheResourceBundle() throws {
        let url = try ModelFixtures.bundledDirectory().appendingPathComponent("ClassNames.xcdatamodel")
        let model = try NSManagedObjectModel(validatingContentsOf: url)
        #expect(model.entitiesByName["CurrentModule"]?.managedObjectClassName == "OpenCoreDataTests.ShelfBook")
    }

    @Test func productModuleNameDoesNotChangeOtherNames() throws {
        #expect(try className("Qualified", productModuleName: "Elsewhere") == "OpenCoreDataTests.ShelfBook")
        #expect(try className("Bare", productModuleName: "Elsewhere") == "ShelfBook")
        #expect(try className("OtherModule", productModuleName: "Elsewhere") == "Other.ShelfBook")
        #expect(try className("CurrentModule", productModuleName: "Elsewhere") == "Elsewhere.ShelfBook")
    }

    @Test func bareNameIsKept() throws {
        #expect(try className("Bare") == "ShelfBook")
    }

    @Test func unknownModuleIsKept() throws {
        #expect(try className("OtherModule") == "Other.ShelfBook")
    }

    @Test func emptyNameIsNSManagedObject() throws {
        #expect(try className("Empty") == "NSManagedObject")
    }

    @Test func absentNameIsNSManagedObject() throws {
        #expect(try className("Absent") == "NSManagedObject")
    }

    // MARK: Objects

    @Test func moduleQualifiedNameMakesInstancesOfTheClass() throws {
        let classes = try objectClasses("Qualified")
        #expect(ModelFixtures.isExactly(classes.inserted, ShelfBook.self), "inserted \(classes.inserted)")
        #expect(ModelFixtures.isExactly(classes.fetched, ShelfBook.self), "fetched \(classes.fetched)")
    }

    @Test func resolvedCurrentProductModuleNameMakesInstancesOfTheClass() throws {
        let classes = try objectClasses("CurrentModule", productModuleName: "OpenCoreDataTests")
        #expect(ModelFixtures.isExactly(classes.inserted, ShelfBook.self), "inserted \(classes.inserted)")
        #expect(ModelFixtures.isExactly(classes.fetched, ShelfBook.self), "fetched \(classes.fetched)")
    }

    // NSClassFromString finds no Swift class by its bare name.
    @Test func bareNameMakesPlainManagedObjects() throws {
        let classes = try objectClasses("Bare")
        #expect(ModelFixtures.isExactly(classes.inserted, NSManagedObject.self), "inserted \(classes.inserted)")
        #expect(ModelFixtures.isExactly(classes.fetched, NSManagedObject.self), "fetched \(classes.fetched)")
    }

    @Test func unknownModuleMakesPlainManagedObjects() throws {
        let classes = try objectClasses("OtherModule")
        #expect(ModelFixtures.isExactly(classes.inserted, NSManagedObject.self), "inserted \(classes.inserted)")
        #expect(ModelFixtures.isExactly(classes.fetched, NSManagedObject.self), "fetched \(classes.fetched)")
    }

    @Test func unresolvedCurrentProductModuleNameMakesPlainManagedObjects() throws {
        let classes = try objectClasses("CurrentModule")
        #expect(ModelFixtures.isExactly(classes.inserted, NSManagedObject.self), "inserted \(classes.inserted)")
        #expect(ModelFixtures.isExactly(classes.fetched, NSManagedObject.self), "fetched \(classes.fetched)")
    }

    @Test func emptyNameMakesPlainManagedObjects() throws {
        let classes = try objectClasses("Empty")
        #expect(ModelFixtures.isExactly(classes.inserted, NSManagedObject.self), "inserted \(classes.inserted)")
        #expect(ModelFixtures.isExactly(classes.fetched, NSManagedObject.self), "fetched \(classes.fetched)")
    }
}
#endif
