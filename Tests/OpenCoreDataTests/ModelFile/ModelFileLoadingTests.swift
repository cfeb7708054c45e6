#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Loading an Xcode model: entities and attributes, from `Fixtures/Models/AllTypes.xcdatamodel`
// (every attribute type, defaults, flags, and the elements that are skipped).
#if !canImport(CoreData)
@Suite("Model files: attributes")
struct ModelFileAttributeTests {
    let model: NSManagedObjectModel
    let sample: NSEntityDescription

    init() throws {
        model = try ModelFixtures.load("AllTypes.xcdatamodel")
        sample = try #require(model.entitiesByName["Sample"])
    }

    private func attribute(_ name: String, of entity: String = "Sample") throws -> NSAttributeDescription {
        try #require(model.entitiesByName[entity]?.attributesByName[name])
    }

    // MARK: Entities and properties

    @Test func entitiesAreInFileOrder() {
        #expect(model.entities.map(\.name) == ["Sample", "Unusual"])
    }

    // The model-level <fetchRequest> is not an entity and does not stop the load.
    @Test func modelLevelFetchRequestIsSkipped() {
        #expect(model.entitiesByName["AllSamples"] == nil)
        #expect(model.entities.count == 2)
    }

    // Derived attributes and fetched properties are skipped; the others are in file order.
    @Test func propertiesAreInFileOrderWithoutDerivedOrFetchedProperties() {
        #expect(sample.properties.map(\.name) == [
            "binary", "boolean", "booleanFalse", "code", "date", "decimal", "double", "float", "int16", "int32",
            "int64", "optionalInt", "string", "transformable", "transientNote", "uri", "uuid",
        ])
        #expect(sample.propertiesByName["lowercaseString"] == nil)
        #expect(sample.propertiesByName["sameString"] == nil)
    }

    @Test func entityWithoutRepresentedClassNameIsNSManagedObject() {
        #expect(sample.managedObjectClassName == "NSManagedObject")
    }

    @Test func entityFlagsDefaultToOff() {
        #expect(sample.isAbstract == false)
        #expect(sample.superentity == nil)
        #expect(sample.subentities.isEmpty)
        #expect(sample.versionHashModifier == nil)
        #expect(sample.uniquenessConstraints.isEmpty)
        #expect(sample.indexes.isEmpty)
    }

    @Test func emptyVersionIdentifierAddsNone() {
        #expect(model.versionIdentifiers.isEmpty)
    }

    @Test func noConfigurations() {
        #expect(model.configurations.isEmpty)
        #expect(model.entities(forConfigurationName: nil)?.map(\.name) == ["Sample", "Unusual"])
    }

    // MARK: Types

    @Test(arguments: [
        ("binary", NSAttributeType.binaryDataAttributeType),
        ("boolean", .booleanAttributeType),
        ("date", .dateAttributeType),
        ("decimal", .decimalAttributeType),
        ("double", .doubleAttributeType),
        ("float", .floatAttributeType),
        ("int16", .integer16AttributeType),
        ("int32", .integer32AttributeType),
        ("int64", .integer64AttributeType),
        ("string", .stringAttributeType),
        ("transformable", .transformableAttributeType),
        ("uri", .URIAttributeType),
        ("uuid", .UUIDAttributeType),
    ])
    func attributeTypeIsReadFromItsXcodeName(name: String, type: NSAttributeType) throws {
        #expect(try attribute(name).attributeType == type)
    }

    @Test func objectIDAttributeType() throws {
        #expect(try attribute("objectID", of: "Unusual").attributeType == .objectIDAttributeType)
    }

    @Test func undefinedAttributeType() throws {
        #expect(try attribute("undefined", of: "Unusual").attributeType == .undefinedAttributeType)
    }

    // Attributes from before typed transients have no attributeType at all.
    @Test func absentAttributeTypeIsUndefined() throws {
        #expect(try attribute("untyped", of: "Unusual").attributeType == .undefinedAttributeType)
    }

    // MARK: Flags

    // Xcode writes optional="YES" only for optional properties: absent means required.
    @Test func absentOptionalMeansRequired() throws {
        #expect(try attribute("int64").isOptional == false)
        #expect(try attribute("string").isOptional == false)
        #expect(try attribute("date").isOptional == false)
    }

    @Test func optionalYESIsOptional() throws {
        #expect(try attribute("optionalInt").isOptional == true)
        #expect(try attribute("binary").isOptional == true)
        #expect(try attribute("uuid").isOptional == true)
    }

    @Test func transientFlag() throws {
        #expect(try attribute("transientNote").isTransient == true)
        #expect(try attribute("string").isTransient == false)
    }

    @Test func indexedFlag() throws {
        #expect(try attribute("code").isIndexed == true)
        #expect(try attribute("string").isIndexed == false)
    }

    @Test func allowsExternalBinaryDataStorage() throws {
        #expect(try attribute("binary").allowsExternalBinaryDataStorage == true)
    }

    @Test func transformerAndCustomClass() throws {
        let transformable = try attribute("transformable")
        #expect(transformable.valueTransformerName == "NSSecureUnarchiveFromData")
        #expect(transformable.attributeValueClassName == "NSArray")
    }

    @Test func noTransformerUnlessNamed() throws {
        #expect(try attribute("string").valueTransformerName == nil)
    }

    // MARK: Default values

    @Test func integerDefaultsAreNumbers() throws {
        #expect((try attribute("int16").defaultValue as? NSNumber)?.int16Value == -16)
        #expect((try attribute("int32").defaultValue as? NSNumber)?.int32Value == 320_000)
        #expect((try attribute("int64").defaultValue as? NSNumber)?.int64Value == 7)
    }

    @Test func floatingPointDefaultsAreNumbers() throws {
        #expect((try attribute("double").defaultValue as? NSNumber)?.doubleValue == 2.5)
        #expect((try attribute("float").defaultValue as? NSNumber)?.floatValue == 0.25)
    }

    @Test func decimalDefaultIsADecimalNumber() throws {
        let value = try #require(try attribute("decimal").defaultValue as? NSDecimalNumber)
        #expect(value.decimalValue == Decimal(string: "12.75", locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test func booleanDefaultsAreNumbers() throws {
        #expect((try attribute("boolean").defaultValue as? NSNumber)?.boolValue == true)
        #expect((try attribute("booleanFalse").defaultValue as? NSNumber)?.boolValue == false)
    }

    @Test func stringDefault() throws {
        #expect(try attribute("string").defaultValue as? String == "hello")
    }

    // defaultDateTimeInterval counts seconds from 2001-01-01 00:00:00 UTC: 694224000 is 2023-01-01.
    @Test func dateDefaultFromDefaultDateTimeInterval() throws {
        let value = try #require(try attribute("date").defaultValue as? Date)
        #expect(value == Date(timeIntervalSinceReferenceDate: 694_224_000))
        #expect(value == ISO8601DateFormatter().date(from: "2023-01-01T00:00:00Z"))
    }

    @Test func uuidDefault() throws {
        #expect(try attribute("uuid").defaultValue as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test func uriDefault() throws {
        #expect(try attribute("uri").defaultValue as? URL == URL(string: "https://example.com/start"))
    }

    @Test func noDefaultUnlessGiven() throws {
        #expect(try attribute("optionalInt").defaultValue == nil)
        #expect(try attribute("binary").defaultValue == nil)
        #expect(try attribute("transformable").defaultValue == nil)
        #expect(try attribute("code").defaultValue == nil)
    }

    // MARK: Use

    // New objects of a loaded entity start with the file's defaults, and save.
    @Test func newObjectsTakeTheDefaults() throws {
        let stack = try TestStack(model: model, name: "AllTypes")
        let context = stack.newContext()
        try context.performAndWait {
            let object = NSEntityDescription.insertNewObject(forEntityName: "Sample", into: context)
            #expect(object.value(forKey: "int16") as? Int16 == -16)
            #expect(object.value(forKey: "int32") as? Int32 == 320_000)
            #expect(object.value(forKey: "int64") as? Int64 == 7)
            #expect(object.value(forKey: "double") as? Double == 2.5)
            #expect(object.value(forKey: "float") as? Float == 0.25)
            #expect(object.value(forKey: "boolean") as? Bool == true)
            #expect(object.value(forKey: "booleanFalse") as? Bool == false)
            #expect(object.value(forKey: "string") as? String == "hello")
            #expect(object.value(forKey: "date") as? Date == Date(timeIntervalSinceReferenceDate: 694_224_000))
            #expect(object.value(forKey: "uuid") as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            #expect(object.value(forKey: "optionalInt") == nil)
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let object = try #require(try fetchAll("Sample", as: NSManagedObject.self, in: reader).first)
            #expect(object.value(forKey: "int64") as? Int64 == 7)
            #expect(object.value(forKey: "string") as? String == "hello")
            #expect((object.value(forKey: "decimal") as? NSDecimalNumber)?.decimalValue == Decimal(string: "12.75", locale: Locale(identifier: "en_US_POSIX")))
        }
    }
}
#endif
