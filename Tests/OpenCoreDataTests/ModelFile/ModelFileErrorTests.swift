#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Model files that do not load, one defect each (`Fixtures/Models/Broken/`). The throwing initializer
// names the file, the element and the value at fault; Apple's failable one returns nil.
#if !canImport(CoreData)
@Suite("Model files: errors")
struct ModelFileErrorTests {
    /// The error loading `relativePath` throws, after checking that the failable initializer returns nil.
    private func failure(_ relativePath: String) throws -> ModelFileError {
        let url = ModelFixtures.url(relativePath)
        #expect(NSManagedObjectModel(contentsOf: url) == nil, "NSManagedObjectModel(contentsOf:) loaded \(relativePath)")
        return try ModelFixtures.loadingError(url)
    }

    /// Checks that `error` is about the `contents` file of the `.xcdatamodel` fixture `relativePath`.
    private func expectContentsFile(_ error: ModelFileError, of relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.url.lastPathComponent == "contents", sourceLocation: sourceLocation)
        #expect(error.url.standardizedFileURL.deletingLastPathComponent().path == ModelFixtures.url(relativePath).standardizedFileURL.path, sourceLocation: sourceLocation)
    }

    // MARK: Files and folders

    @Test func nonexistentPathIsFileNotFound() throws {
        let error = try failure("NoSuchModel.xcdatamodeld")
        #expect(error.code == .fileNotFound)
        #expect(error.url.lastPathComponent == "NoSuchModel.xcdatamodeld")
        #expect(error.element == nil)
    }

    @Test func compiledModelFolderIsUnsupported() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let momd = directory.appendingPathComponent("Model.momd")
        try FileManager.default.createDirectory(at: momd, withIntermediateDirectories: true)
        try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74]).write(to: momd.appendingPathComponent("Model.mom"))

        #expect(NSManagedObjectModel(contentsOf: momd) == nil)
        let error = try ModelFixtures.loadingError(momd)
        #expect(error.code == .unsupportedFormat)
        #expect(error.url.lastPathComponent == "Model.momd")
        #expect(error.element == nil)
        #expect(error.detail.contains("momd"))
    }

    @Test func compiledModelFileIsUnsupported() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mom = directory.appendingPathComponent("Model.mom")
        try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74]).write(to: mom)

        #expect(NSManagedObjectModel(contentsOf: mom) == nil)
        let error = try ModelFixtures.loadingError(mom)
        #expect(error.code == .unsupportedFormat)
        #expect(error.url.lastPathComponent == "Model.mom")
        #expect(error.detail.contains("mom"))
    }

    @Test func emptyModelFolderIsAmbiguous() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("Empty.xcdatamodeld")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        #expect(NSManagedObjectModel(contentsOf: folder) == nil)
        let error = try ModelFixtures.loadingError(folder)
        #expect(error.code == .ambiguousVersion)
        #expect(error.url.lastPathComponent == "Empty.xcdatamodeld")
        #expect(error.element == nil)
    }

    // MARK: Versions

    @Test func currentVersionFileNamingAMissingVersion() throws {
        let error = try failure("Broken/MissingCurrentVersion.xcdatamodeld")
        #expect(error.code == .missingCurrentVersion)
        #expect(error.url.lastPathComponent == ".xccurrentversion")
        #expect(error.url.deletingLastPathComponent().lastPathComponent == "MissingCurrentVersion.xcdatamodeld")
        #expect(error.element == nil)
        #expect(error.detail.contains("MissingCurrentVersion 2.xcdatamodel"))
    }

    @Test func twoVersionsAndNoCurrentVersionFile() throws {
        let error = try failure("Broken/TwoVersionsNoCurrent.xcdatamodeld")
        #expect(error.code == .ambiguousVersion)
        #expect(error.url.lastPathComponent == "TwoVersionsNoCurrent.xcdatamodeld")
        #expect(error.element == nil)
        #expect(error.detail.contains("TwoVersionsNoCurrent 2.xcdatamodel"))
    }

    @Test func currentVersionFileThatIsNotAPropertyList() throws {
        let error = try failure("Broken/BadCurrentVersionPlist.xcdatamodeld")
        #expect(error.code == .malformedXML)
        #expect(error.url.lastPathComponent == ".xccurrentversion")
        #expect(error.element == nil)
    }

    // MARK: XML

    // Inputs that trapped FoundationXML's parser, found by fuzzing (Fuzz/, fuzz-model-file).
    @Test func anElementNameThatIsNotUTF8() throws {
        let error = try failure("Broken/NotUTF8.xcdatamodel")
        #expect(error.code == .malformedXML)
        #expect(error.detail == "not UTF-8 text")
    }

    @Test func aProcessingInstructionWithoutDataAndNoRootElement() throws {
        let error = try failure("Broken/ProcessingInstructionOnly.xcdatamodel")
        #expect(error.code == .malformedXML)
        #expect(error.detail == "not well-formed XML at line 1: no root element")
    }

    @Test func malformedXML() throws {
        let error = try failure("Broken/MalformedXML.xcdatamodel")
        #expect(error.code == .malformedXML)
        expectContentsFile(error, of: "Broken/MalformedXML.xcdatamodel")
        #expect(error.element == nil)
        #expect(!error.detail.isEmpty)
        #expect(error.description == "\(error.url.path): \(error.detail)")
    }

    @Test func entityWithoutName() throws {
        let error = try failure("Broken/EntityWithoutName.xcdatamodel")
        #expect(error.code == .missingXMLAttribute)
        expectContentsFile(error, of: "Broken/EntityWithoutName.xcdatamodel")
        #expect(error.element?.hasPrefix("entity") == true)
        #expect(error.detail.contains("name"))
    }

    @Test func attributeWithoutName() throws {
        let error = try failure("Broken/AttributeWithoutName.xcdatamodel")
        #expect(error.code == .missingXMLAttribute)
        expectContentsFile(error, of: "Broken/AttributeWithoutName.xcdatamodel")
        #expect(error.element?.hasPrefix("entity \"Person\", attribute") == true)
        #expect(error.detail.contains("name"))
    }

    @Test func relationshipWithoutDestinationEntity() throws {
        let error = try failure("Broken/RelationshipWithoutDestination.xcdatamodel")
        #expect(error.code == .missingXMLAttribute)
        expectContentsFile(error, of: "Broken/RelationshipWithoutDestination.xcdatamodel")
        #expect(error.element == "entity \"Pet\", relationship \"owner\"")
        #expect(error.detail.contains("destinationEntity"))
    }

    // MARK: Attributes

    @Test func unknownAttributeType() throws {
        let error = try failure("Broken/UnknownAttributeType.xcdatamodel")
        #expect(error.code == .unknownAttributeType)
        expectContentsFile(error, of: "Broken/UnknownAttributeType.xcdatamodel")
        #expect(error.element == "entity \"Person\", attribute \"age\"")
        #expect(error.detail.contains("Integer 128"))
    }

    // "<file path>: <element>: <detail>"
    @Test func descriptionNamesFileElementAndDetail() throws {
        let error = try failure("Broken/UnknownAttributeType.xcdatamodel")
        #expect(error.description == "\(error.url.path): entity \"Person\", attribute \"age\": \(error.detail)")
        #expect(String(describing: error) == error.description)
    }

    @Test func unparsableIntegerDefault() throws {
        let error = try failure("Broken/BadDefault.xcdatamodel")
        #expect(error.code == .invalidValue)
        expectContentsFile(error, of: "Broken/BadDefault.xcdatamodel")
        #expect(error.element == "entity \"Counter\", attribute \"count\"")
        #expect(error.detail.contains("abc"))
    }

    // 70000 does not fit in an Integer 16.
    @Test func outOfRangeIntegerDefault() throws {
        let error = try failure("Broken/OverflowingDefault.xcdatamodel")
        #expect(error.code == .invalidValue)
        #expect(error.element == "entity \"Counter\", attribute \"small\"")
        #expect(error.detail.contains("70000"))
    }

    // MARK: Relationships

    @Test func destinationEntityThatDoesNotExist() throws {
        let error = try failure("Broken/MissingDestination.xcdatamodel")
        #expect(error.code == .missingEntity)
        expectContentsFile(error, of: "Broken/MissingDestination.xcdatamodel")
        #expect(error.element == "entity \"Pet\", relationship \"owner\"")
        #expect(error.detail.contains("Owner"))
    }

    @Test func inverseThatDoesNotExist() throws {
        let error = try failure("Broken/MissingInverse.xcdatamodel")
        #expect(error.code == .missingInverse)
        expectContentsFile(error, of: "Broken/MissingInverse.xcdatamodel")
        #expect(error.element == "entity \"Pet\", relationship \"owner\"")
        #expect(error.detail.contains("pets"))
    }

    // Pet.vet's inverse is Vet.patients, so Owner.pets naming `vet` as its inverse does not lead back to Owner.
    @Test func inverseThatLeadsToAnotherEntity() throws {
        let error = try failure("Broken/InverseLeadsElsewhere.xcdatamodel")
        #expect(error.code == .missingInverse)
        expectContentsFile(error, of: "Broken/InverseLeadsElsewhere.xcdatamodel")
        #expect(error.element == "entity \"Owner\", relationship \"pets\"")
        #expect(error.detail == "its inverse \"vet\" leads to entity \"Vet\", not back to \"Owner\"")
    }

    @Test func unknownDeletionRule() throws {
        let error = try failure("Broken/BadDeletionRule.xcdatamodel")
        #expect(error.code == .invalidValue)
        expectContentsFile(error, of: "Broken/BadDeletionRule.xcdatamodel")
        #expect(error.element == "entity \"Owner\", relationship \"pets\"")
        #expect(error.detail.contains("Destroy"))
    }

    // MARK: Entities

    @Test func inheritanceCycle() throws {
        let error = try failure("Broken/InheritanceCycle.xcdatamodel")
        #expect(error.code == .inheritanceCycle)
        expectContentsFile(error, of: "Broken/InheritanceCycle.xcdatamodel")
        #expect(error.element == "entity \"Alpha\"" || error.element == "entity \"Beta\"")
        #expect(error.detail.contains("Alpha") || error.detail.contains("Beta"))
    }

    @Test func parentEntityThatDoesNotExist() throws {
        let error = try failure("Broken/MissingParent.xcdatamodel")
        #expect(error.code == .missingEntity)
        expectContentsFile(error, of: "Broken/MissingParent.xcdatamodel")
        #expect(error.element == "entity \"Child\"")
        #expect(error.detail.contains("Ghost"))
    }

    @Test func twoEntitiesOfOneName() throws {
        let error = try failure("Broken/DuplicateEntity.xcdatamodel")
        #expect(error.code == .duplicateName)
        expectContentsFile(error, of: "Broken/DuplicateEntity.xcdatamodel")
        #expect(error.element == "entity \"Person\"")
        #expect(error.detail.contains("Person"))
    }

    // An attribute and a relationship both named `name`.
    @Test func twoPropertiesOfOneName() throws {
        let error = try failure("Broken/DuplicateProperty.xcdatamodel")
        #expect(error.code == .duplicateName)
        expectContentsFile(error, of: "Broken/DuplicateProperty.xcdatamodel")
        #expect(error.element == "entity \"Person\", relationship \"name\"")
        #expect(error.detail.contains("name"))
    }

    @Test func subentityRedeclaringAnInheritedProperty() throws {
        let error = try failure("Broken/RedeclaredInheritedProperty.xcdatamodel")
        #expect(error.code == .duplicateName)
        expectContentsFile(error, of: "Broken/RedeclaredInheritedProperty.xcdatamodel")
        #expect(error.element == "entity \"Book\"")
        #expect(error.detail == "property \"title\" is also inherited from entity \"Item\"")
    }

    // MARK: Indexes, constraints, configurations

    @Test func fetchIndexOnAnUnknownProperty() throws {
        let error = try failure("Broken/UnknownIndexProperty.xcdatamodel")
        #expect(error.code == .unknownProperty)
        expectContentsFile(error, of: "Broken/UnknownIndexProperty.xcdatamodel")
        #expect(error.element == "entity \"Person\", fetchIndex \"byNicknameIndex\"")
        #expect(error.detail.contains("nickname"))
    }

    @Test func uniquenessConstraintOnAnUnknownProperty() throws {
        let error = try failure("Broken/UnknownConstraintProperty.xcdatamodel")
        #expect(error.code == .unknownProperty)
        expectContentsFile(error, of: "Broken/UnknownConstraintProperty.xcdatamodel")
        #expect(error.element?.hasPrefix("entity \"Person\"") == true)
        #expect(error.detail.contains("email"))
    }

    @Test func configurationMemberThatDoesNotExist() throws {
        let error = try failure("Broken/MissingConfigurationMember.xcdatamodel")
        #expect(error.code == .missingEntity)
        expectContentsFile(error, of: "Broken/MissingConfigurationMember.xcdatamodel")
        #expect(error.element == "configuration \"Cloud\"")
        #expect(error.detail.contains("Ghost"))
    }

    // MARK: Codes

    @Test func codesAreDistinct() {
        let codes: [ModelFileError.Code] = [
            .fileNotFound, .unsupportedFormat, .malformedXML, .missingCurrentVersion, .ambiguousVersion,
            .missingXMLAttribute, .unknownAttributeType, .invalidValue, .missingEntity, .missingInverse,
            .unknownProperty, .inheritanceCycle, .duplicateName,
        ]
        #expect(Set(codes).count == 13)
        #expect(Set(codes.map(\.description)).count == 13)
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ModelFileErrorTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
#endif
