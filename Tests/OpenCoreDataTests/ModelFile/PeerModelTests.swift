#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Xcode models written by other projects, in a folder `../shared/peers/` beside the repository:
// the 51 test models of Sync (3lvis/Sync, `sync/Models/`) and those of its diffing and primary-key
// tests (`sync/DataFilter/`, `sync/PrimaryKey/`); Wikipedia's remote notifications model
// (wikimedia/wikipedia-ios: a uniqueness constraint, fetch indexes, transformable attributes) and
// CoreStore's test model (JohnEstropia/CoreStore: configurations, module-qualified class names),
// in `models/`. They are not part of the repository, so when the folder is absent these suites are
// skipped and `PeerCorpusPresenceTests` says so.
#if !canImport(CoreData)

/// The peer corpus at `<repository>/../shared/peers`.
enum PeerCorpus {
    /// `Tests/OpenCoreDataTests/ModelFile/PeerModelTests.swift` up four levels is the repository.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ModelFile
        .deletingLastPathComponent() // OpenCoreDataTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // repository
        .appendingPathComponent("../shared/peers")
        .standardizedFileURL

    static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The `.xcdatamodeld` folders under `sync/Models/`, as paths relative to the corpus, sorted.
    static let syncModels: [String] = {
        let folder = root.appendingPathComponent("sync/Models")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xcdatamodeld") }.sorted().map { "sync/Models/\($0)" }
    }()

    /// Every model of the corpus, as paths relative to it; empty when the corpus is absent.
    static let allModels: [String] = isAvailable
        ? syncModels + [
            "sync/DataFilter/DataFilter.xcdatamodeld",
            "sync/PrimaryKey/PrimaryKey.xcdatamodeld",
            "models/WikipediaRemoteNotifications.xcdatamodel",
            "models/CoreStoreTests.xcdatamodeld",
        ]
        : []

    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    static func load(_ relativePath: String) throws -> NSManagedObjectModel {
        try NSManagedObjectModel(validatingContentsOf: url(relativePath))
    }
}

@Suite("Peer corpus presence")
struct PeerCorpusPresenceTests {
    // Always runs: says whether the peer suites ran or were skipped.
    @Test func recordsWhetherTheCorpusIsPresent() {
        if PeerCorpus.isAvailable {
            print("Peer model corpus found at \(PeerCorpus.root.path): \(PeerCorpus.allModels.count) models.")
        } else {
            print("Peer model corpus not found at \(PeerCorpus.root.path): the peer model tests are skipped.")
        }
    }
}

@Suite("Peer models: every model", .enabled(if: PeerCorpus.isAvailable))
struct PeerModelTests {
    @Test func syncModelsAreAllListed() {
        #expect(PeerCorpus.syncModels.count >= 51)
    }

    @Test(arguments: PeerCorpus.allModels)
    func loads(path: String) throws {
        let model = try PeerCorpus.load(path)
        #expect(!model.entities.isEmpty)
        #expect(NSManagedObjectModel(contentsOf: PeerCorpus.url(path)) != nil)
    }

    @Test(arguments: PeerCorpus.allModels)
    func opensAnInMemoryStore(path: String) throws {
        let model = try PeerCorpus.load(path)
        let stack = try TestStack(model: model, name: "Peer")
        #expect(stack.loadResult.errors.isEmpty)
        #expect(stack.coordinator.persistentStores.count == 1)
    }
}

@Suite("Peer models: Sync's Contacts", .enabled(if: PeerCorpus.isAvailable))
struct PeerContactsModelTests {
    static let path = "sync/Models/Contacts.xcdatamodeld"
    let model: NSManagedObjectModel

    init() throws {
        model = try PeerCorpus.load(Self.path)
    }

    private func entity(_ name: String) throws -> NSEntityDescription {
        try #require(model.entitiesByName[name])
    }

    private func attribute(_ name: String, of entity: String) throws -> NSAttributeDescription {
        try #require(model.entitiesByName[entity]?.attributesByName[name])
    }

    private func relationship(_ name: String, of entity: String) throws -> NSRelationshipDescription {
        try #require(model.entitiesByName[entity]?.relationshipsByName[name])
    }

    @Test func entities() {
        #expect(model.entities.map(\.name) == ["Company", "Image", "Location", "User"])
    }

    @Test func optionalInteger32WithDefault() throws {
        let remoteID = try attribute("remoteID", of: "Company")
        #expect(remoteID.attributeType == .integer32AttributeType)
        #expect(remoteID.isOptional == true)
        let value = try #require(remoteID.defaultValue as? NSNumber)
        #expect(value.int32Value == 0)
    }

    @Test func requiredInteger32() throws {
        let remoteID = try attribute("remoteID", of: "User")
        #expect(remoteID.attributeType == .integer32AttributeType)
        #expect(remoteID.isOptional == false)
    }

    @Test func integer16AndDate() throws {
        #expect(try attribute("zipCode", of: "Location").attributeType == .integer16AttributeType)
        #expect(try attribute("createdAt", of: "User").attributeType == .dateAttributeType)
        #expect(try attribute("createdAt", of: "User").defaultValue == nil)
    }

    @Test func attributeUserInfo() throws {
        let info = try #require(try attribute("imageId", of: "Image").userInfo)
        #expect(info["sync.isPrimaryKey"] as? String == "YES")
        #expect(info["sync.remoteKey"] as? String == "ImageId")
    }

    @Test func toOneAndToManyInverses() throws {
        let company = try relationship("company", of: "User")
        let users = try relationship("users", of: "Company")
        #expect(company.isToMany == false)
        #expect(users.isToMany == true)
        #expect(company.inverseRelationship === users)
        #expect(users.inverseRelationship === company)
        #expect(company.destinationEntity?.name == "Company")
        #expect(users.destinationEntity?.name == "User")
    }

    @Test func profilePicturesInverse() throws {
        let pictures = try relationship("profilePictures", of: "User")
        let user = try relationship("user", of: "Image")
        #expect(pictures.isToMany == true)
        #expect(user.isToMany == false)
        #expect(pictures.inverseRelationship === user)
        #expect(user.inverseRelationship === pictures)
    }

    // The folder loads the version its .xccurrentversion names.
    @Test func currentVersionFromTheCurrentVersionFile() throws {
        let marker = PeerCorpus.url(Self.path).appendingPathComponent(".xccurrentversion")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: marker), options: [], format: nil)
        let name = try #require((plist as? [String: Any])?["_XCCurrentVersionName"] as? String)
        #expect(name == "Demo.xcdatamodel")
        let version = try PeerCorpus.load("\(Self.path)/\(name)")
        #expect(version.entityVersionHashesByName == model.entityVersionHashesByName)
        #expect(version.entities.map(\.name) == model.entities.map(\.name))
    }

    @Test func emptyRepresentedClassNameIsNSManagedObject() throws {
        #expect(try entity("User").managedObjectClassName == "NSManagedObject")
    }
}

@Suite("Peer models: Wikipedia's remote notifications", .enabled(if: PeerCorpus.isAvailable))
struct PeerWikipediaModelTests {
    let model: NSManagedObjectModel

    init() throws {
        model = try PeerCorpus.load("models/WikipediaRemoteNotifications.xcdatamodel")
    }

    private func entity(_ name: String) throws -> NSEntityDescription {
        try #require(model.entitiesByName[name])
    }

    private func attribute(_ name: String, of entity: String) throws -> NSAttributeDescription {
        try #require(model.entitiesByName[entity]?.attributesByName[name])
    }

    @Test func entities() {
        #expect(model.entities.map(\.name) == ["RemoteNotification", "WMFKeyValue"])
    }

    @Test func uniquenessConstraint() throws {
        let constraints = try entity("RemoteNotification").uniquenessConstraints
        #expect(constraints.map { $0.compactMap { $0 as? String } } == [["key"]])
    }

    @Test func singlePropertyFetchIndex() throws {
        let indexes = try entity("RemoteNotification").indexes
        #expect(indexes.map(\.name) == ["byPropertyIndex"])
        let elements = try #require(indexes.first?.elements)
        #expect(elements.map(\.propertyName) == ["key"])
        #expect(elements.first?.isAscending == true)
        #expect(elements.first?.collationType == .binary)
    }

    @Test func compoundFetchIndex() throws {
        let indexes = try entity("WMFKeyValue").indexes
        #expect(indexes.map(\.name) == ["compoundIndex"])
        #expect(indexes.first?.elements.map(\.propertyName) == ["key", "group", "date"])
        #expect(indexes.first?.elements.allSatisfy { $0.isAscending } == true)
    }

    @Test func transformableWithTransformerAndCustomClass() throws {
        let links = try attribute("messageLinks", of: "RemoteNotification")
        #expect(links.attributeType == .transformableAttributeType)
        #expect(links.valueTransformerName == "WMFSecureUnarchiveFromDataTransformer")
        #expect(links.attributeValueClassName == "RemoteNotificationLinks")
        #expect(links.isOptional == true)
    }

    @Test func booleanDefault() throws {
        let isRead = try attribute("isRead", of: "RemoteNotification")
        #expect(isRead.attributeType == .booleanAttributeType)
        #expect((isRead.defaultValue as? NSNumber)?.boolValue == true)
        #expect(isRead.isOptional == false)
    }

    @Test func requiredString() throws {
        let category = try attribute("categoryString", of: "RemoteNotification")
        #expect(category.attributeType == .stringAttributeType)
        #expect(category.isOptional == false)
    }

    @Test func integer16() throws {
        #expect(try attribute("titleNamespaceKey", of: "RemoteNotification").attributeType == .integer16AttributeType)
    }

    @Test func bareClassNameIsKept() throws {
        #expect(try entity("RemoteNotification").managedObjectClassName == "RemoteNotification")
    }
}

@Suite("Peer models: CoreStore's test model", .enabled(if: PeerCorpus.isAvailable))
struct PeerCoreStoreModelTests {
    let model: NSManagedObjectModel

    init() throws {
        model = try PeerCorpus.load("models/CoreStoreTests.xcdatamodeld")
    }

    @Test func configurations() {
        #expect(model.configurations.sorted() == ["Config1", "Config2"])
    }

    @Test func configurationMembers() {
        #expect(model.entities(forConfigurationName: "Config1")?.map(\.name) == ["TestEntity1AAA"])
        #expect(model.entities(forConfigurationName: "Config2")?.map(\.name) == ["TestEntity2"])
        #expect(model.entities(forConfigurationName: nil)?.map(\.name) == ["TestEntity1AAA", "TestEntity2"])
    }

    // The entity name differs from its class's, which names a module this process does not have.
    @Test func moduleQualifiedClassName() {
        #expect(model.entitiesByName["TestEntity1AAA"]?.managedObjectClassName == "CoreStoreTests.TestEntity1")
        #expect(model.entitiesByName["TestEntity2"]?.managedObjectClassName == "CoreStoreTests.TestEntity2")
    }

    @Test func classOfAnUnknownModuleMakesPlainManagedObjects() throws {
        let stack = try TestStack(model: model, name: "CoreStore")
        let writer = stack.newContext()
        let inserted: AnyClass = try writer.performAndWait {
            let object = NSEntityDescription.insertNewObject(forEntityName: "TestEntity1AAA", into: writer)
            object.setValue("text", forKey: "testString")
            try writer.save()
            return type(of: object)
        }
        #expect(ModelFixtures.isExactly(inserted, NSManagedObject.self), "inserted \(inserted)")
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let objects = try fetchAll("TestEntity1AAA", as: NSManagedObject.self, in: reader)
            #expect(objects.count == 1)
            #expect(objects.allSatisfy { ModelFixtures.isExactly(type(of: $0), NSManagedObject.self) })
            #expect(objects.first?.value(forKey: "testString") as? String == "text")
        }
    }

    @Test func binaryAndDecimalAttributes() throws {
        let attributes = try #require(model.entitiesByName["TestEntity1AAA"]?.attributesByName)
        #expect(attributes["testData"]?.attributeType == .binaryDataAttributeType)
        #expect(attributes["testDecimal"]?.attributeType == .decimalAttributeType)
        #expect(attributes["testEntityID"]?.attributeType == .integer64AttributeType)
        #expect(attributes["testBoolean"]?.attributeType == .booleanAttributeType)
    }
}
#endif
