#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// NSManagedObjectModel, NSEntityDescription, NSAttributeDescription and
// NSRelationshipDescription, as documented by Apple.

@Suite("Model: enumerations")
struct ModelEnumerationTests {
    // NSAttributeType raw values (CoreData/NSAttributeDescription.h).
    @Test(arguments: [
        (NSAttributeType.undefinedAttributeType, 0),
        (.integer16AttributeType, 100),
        (.integer32AttributeType, 200),
        (.integer64AttributeType, 300),
        (.decimalAttributeType, 400),
        (.doubleAttributeType, 500),
        (.floatAttributeType, 600),
        (.stringAttributeType, 700),
        (.booleanAttributeType, 800),
        (.dateAttributeType, 900),
        (.binaryDataAttributeType, 1000),
        (.UUIDAttributeType, 1100),
        (.URIAttributeType, 1200),
        (.transformableAttributeType, 1800),
        (.objectIDAttributeType, 2000),
    ])
    func attributeTypeRawValue(type: NSAttributeType, rawValue: Int) {
        #expect(Int(type.rawValue) == rawValue)
    }

    // NSDeleteRule: noAction 0, nullify 1, cascade 2, deny 3.
    @Test(arguments: [
        (NSDeleteRule.noActionDeleteRule, 0),
        (.nullifyDeleteRule, 1),
        (.cascadeDeleteRule, 2),
        (.denyDeleteRule, 3),
    ])
    func deleteRuleRawValue(rule: NSDeleteRule, rawValue: Int) {
        #expect(Int(rule.rawValue) == rawValue)
    }

    // NSFetchRequestResultType: managedObject 0, managedObjectID 1, dictionary 2, count 4.
    @Test func fetchRequestResultTypeRawValues() {
        #expect(NSFetchRequestResultType.managedObjectResultType.rawValue == 0)
        #expect(NSFetchRequestResultType.managedObjectIDResultType.rawValue == 1)
        #expect(NSFetchRequestResultType.dictionaryResultType.rawValue == 2)
        #expect(NSFetchRequestResultType.countResultType.rawValue == 4)
    }

    // NSManagedObjectContextConcurrencyType: privateQueue 1, mainQueue 2.
    @Test func concurrencyTypeRawValues() {
        #expect(NSManagedObjectContextConcurrencyType.privateQueueConcurrencyType.rawValue == 1)
        #expect(NSManagedObjectContextConcurrencyType.mainQueueConcurrencyType.rawValue == 2)
    }

    // NSMergePolicyType: error 0, storeTrump 1, objectTrump 2, overwrite 3, rollback 4.
    @Test func mergePolicyTypeRawValues() {
        #expect(NSMergePolicyType.errorMergePolicyType.rawValue == 0)
        #expect(NSMergePolicyType.mergeByPropertyStoreTrumpMergePolicyType.rawValue == 1)
        #expect(NSMergePolicyType.mergeByPropertyObjectTrumpMergePolicyType.rawValue == 2)
        #expect(NSMergePolicyType.overwriteMergePolicyType.rawValue == 3)
        #expect(NSMergePolicyType.rollbackMergePolicyType.rawValue == 4)
    }

    // Store type strings (CoreData/NSPersistentStoreCoordinator.h).
    @Test func inMemoryStoreTypeString() {
        #expect(NSInMemoryStoreType == "InMemory")
    }

    // Core Data error codes (CoreData/CoreDataErrors.h).
    @Test func validationErrorCodes() {
        #expect(NSManagedObjectValidationError == 1550)
        #expect(NSValidationMultipleErrorsError == 1560)
        #expect(NSValidationMissingMandatoryPropertyError == 1570)
        #expect(NSValidationRelationshipLacksMinimumCountError == 1580)
        #expect(NSValidationRelationshipExceedsMaximumCountError == 1590)
        #expect(NSValidationRelationshipDeniedDeleteError == 1600)
        #expect(NSManagedObjectConstraintMergeError == 133021)
    }

    // userInfo keys (CoreData/CoreDataErrors.h).
    @Test func errorUserInfoKeys() {
        #expect(NSDetailedErrorsKey == "NSDetailedErrors")
        #expect(NSValidationObjectErrorKey == "NSValidationErrorObject")
        #expect(NSValidationKeyErrorKey == "NSValidationErrorKey")
    }
}

@Suite("Model: fresh descriptions")
struct FreshDescriptionTests {
    @Test func newModelHasNoEntities() {
        let model = NSManagedObjectModel()
        #expect(model.entities.isEmpty)
        #expect(model.entitiesByName.isEmpty)
    }

    @Test func newAttributeDefaults() {
        let attribute = NSAttributeDescription()
        #expect(attribute.attributeType == .undefinedAttributeType)
        #expect(attribute.defaultValue == nil)
        #expect(attribute.isTransient == false)
        #expect(attribute.valueTransformerName == nil)
        // An NSPropertyDescription is optional until told otherwise.
        #expect(attribute.isOptional == true)
    }

    // "The default value is nullifyDeleteRule" (NSRelationshipDescription.deleteRule);
    // "The default value is 0" (maxCount), so a new relationship is to-many.
    @Test func newRelationshipDefaults() {
        let relationship = NSRelationshipDescription()
        #expect(relationship.deleteRule == .nullifyDeleteRule)
        #expect(relationship.maxCount == 0)
        #expect(relationship.minCount == 0)
        #expect(relationship.isToMany == true)
        #expect(relationship.isOrdered == false)
        #expect(relationship.destinationEntity == nil)
        #expect(relationship.inverseRelationship == nil)
    }

    // isToMany: "If maxCount is equal to 1 ... false; otherwise true."
    @Test(arguments: [(0, true), (1, false), (2, true), (10, true)])
    func isToManyFollowsMaxCount(maxCount: Int, toMany: Bool) {
        let relationship = NSRelationshipDescription()
        relationship.maxCount = maxCount
        #expect(relationship.isToMany == toMany)
    }

    @Test func attributePropertiesRoundTrip() {
        let attribute = NSAttributeDescription()
        attribute.name = "payload"
        attribute.attributeType = .transformableAttributeType
        attribute.valueTransformerName = "NSSecureUnarchiveFromData"
        attribute.isOptional = false
        attribute.isTransient = true
        attribute.userInfo = ["k": "v"]
        #expect(attribute.name == "payload")
        #expect(attribute.attributeType == .transformableAttributeType)
        #expect(attribute.valueTransformerName == "NSSecureUnarchiveFromData")
        #expect(attribute.isOptional == false)
        #expect(attribute.isTransient == true)
        #expect(attribute.userInfo?["k"] as? String == "v")
    }

    @Test func entitiesByNameIndexesEntities() {
        let model = NSManagedObjectModel()
        let first = NSEntityDescription()
        first.name = "First"
        let second = NSEntityDescription()
        second.name = "Second"
        model.entities = [first, second]
        #expect(model.entities.count == 2)
        #expect(Set(model.entitiesByName.keys) == ["First", "Second"])
        #expect(model.entitiesByName["First"] === first)
        #expect(model.entitiesByName["Second"] === second)
    }

    @Test func entityDictionariesSplitAttributesAndRelationships() {
        let entity = NSEntityDescription()
        entity.name = "Thing"
        let title = NSAttributeDescription()
        title.name = "title"
        title.attributeType = .stringAttributeType
        let parts = NSRelationshipDescription()
        parts.name = "parts"
        parts.destinationEntity = entity
        entity.properties = [title, parts]
        #expect(entity.properties.count == 2)
        #expect(Set(entity.propertiesByName.keys) == ["title", "parts"])
        #expect(Set(entity.attributesByName.keys) == ["title"])
        #expect(Set(entity.relationshipsByName.keys) == ["parts"])
        #expect(entity.attributesByName["title"] === title)
        #expect(entity.relationshipsByName["parts"] === parts)
    }

    @Test func propertyKnowsItsEntity() {
        let entity = NSEntityDescription()
        entity.name = "Thing"
        let title = NSAttributeDescription()
        title.name = "title"
        title.attributeType = .stringAttributeType
        entity.properties = [title]
        #expect(title.entity === entity)
    }

    // "If you don't specify a class name, the framework uses NSManagedObject."
    @Test func managedObjectClassNameDefaultsToNSManagedObject() {
        let entity = NSEntityDescription()
        entity.name = "Thing"
        #expect(entity.managedObjectClassName == "NSManagedObject")
    }

    @Test func subentitiesSetSuperentity() {
        let parent = NSEntityDescription()
        parent.name = "Parent"
        let child = NSEntityDescription()
        child.name = "Child"
        parent.subentities = [child]
        #expect(child.superentity === parent)
        #expect(parent.superentity == nil)
        #expect(parent.subentities.count == 1)
        #expect(parent.subentitiesByName["Child"] === child)
    }

    @Test func uniquenessConstraintsRoundTrip() {
        let entity = NSEntityDescription()
        entity.name = "Thing"
        let code = NSAttributeDescription()
        code.name = "code"
        code.attributeType = .stringAttributeType
        entity.properties = [code]
        entity.uniquenessConstraints = [["code"]]
        #expect(entity.uniquenessConstraints.count == 1)
        #expect(entity.uniquenessConstraints.first?.count == 1)
        #expect(entity.uniquenessConstraints.first?.first as? String == "code")
    }
}

@Suite("Model: the shared test model")
struct SharedModelTests {
    let model = TestModel.shared

    @Test func entitiesByNameHasEveryEntity() {
        #expect(Set(model.entitiesByName.keys) == [
            "Person", "Country", "Tag", "Note", "Passport", "Animal", "Dog", "Cat", "AllTypes", "Product", "Seat",
            "Account", "Team", "Member", "Event", "Stamp", "Owner", "Item", "Part",
        ])
        #expect(model.entities.count == 19)
    }

    @Test func managedObjectClassNameIsModuleQualified() throws {
        let person = try #require(model.entitiesByName["Person"])
        #expect(person.managedObjectClassName == NSStringFromClass(Person.self))
        #expect(person.managedObjectClassName == "OpenCoreDataTests.Person")
        let resolved: AnyClass? = NSClassFromString(person.managedObjectClassName)
        #expect(resolved == Person.self)
    }

    @Test func personPropertyDictionaries() throws {
        let person = try #require(model.entitiesByName["Person"])
        #expect(Set(person.propertiesByName.keys) == ["name", "age", "nickname", "country", "tags", "notes", "passport", "pets"])
        #expect(Set(person.attributesByName.keys) == ["name", "age", "nickname"])
        #expect(Set(person.relationshipsByName.keys) == ["country", "tags", "notes", "passport", "pets"])
        #expect(person.propertiesByName["country"] is NSRelationshipDescription)
        #expect(person.propertiesByName["age"] is NSAttributeDescription)
    }

    @Test func attributeDescriptionValues() throws {
        let person = try #require(model.entitiesByName["Person"])
        let age = try #require(person.attributesByName["age"])
        #expect(age.name == "age")
        #expect(age.attributeType == .integer64AttributeType)
        #expect(age.isOptional == false)
        #expect((age.defaultValue as? NSNumber)?.intValue == 0)
        let name = try #require(person.attributesByName["name"])
        #expect(name.attributeType == .stringAttributeType)
        #expect(name.isOptional == true)
        #expect(name.defaultValue == nil)
    }

    @Test func toOneRelationshipDescription() throws {
        let person = try #require(model.entitiesByName["Person"])
        let country = try #require(person.relationshipsByName["country"])
        #expect(country.destinationEntity?.name == "Country")
        #expect(country.inverseRelationship?.name == "people")
        #expect(country.maxCount == 1)
        #expect(country.isToMany == false)
        #expect(country.deleteRule == .nullifyDeleteRule)
    }

    @Test func toManyRelationshipDescription() throws {
        let country = try #require(model.entitiesByName["Country"])
        let people = try #require(country.relationshipsByName["people"])
        #expect(people.destinationEntity?.name == "Person")
        #expect(people.inverseRelationship?.name == "country")
        #expect(people.inverseRelationship?.inverseRelationship === people)
        #expect(people.isToMany == true)
        #expect(people.isOrdered == false)
    }

    @Test func orderedCascadeRelationshipDescription() throws {
        let person = try #require(model.entitiesByName["Person"])
        let notes = try #require(person.relationshipsByName["notes"])
        #expect(notes.isToMany == true)
        #expect(notes.isOrdered == true)
        #expect(notes.deleteRule == .cascadeDeleteRule)
        #expect(notes.destinationEntity?.name == "Note")
    }

    @Test func minAndMaxCount() throws {
        let team = try #require(model.entitiesByName["Team"])
        let members = try #require(team.relationshipsByName["members"])
        #expect(members.minCount == 2)
        #expect(members.maxCount == 3)
        #expect(members.isToMany == true)
        #expect(members.isOptional == false)
    }

    @Test func abstractEntityAndSubentities() throws {
        let animal = try #require(model.entitiesByName["Animal"])
        let dog = try #require(model.entitiesByName["Dog"])
        let cat = try #require(model.entitiesByName["Cat"])
        #expect(animal.isAbstract == true)
        #expect(dog.isAbstract == false)
        #expect(dog.superentity === animal)
        #expect(cat.superentity === animal)
        #expect(Set(animal.subentities.compactMap(\.name)) == ["Dog", "Cat"])
        #expect(Set(animal.subentitiesByName.keys) == ["Dog", "Cat"])
    }

    @Test func subentityInheritsSuperentityProperties() throws {
        let dog = try #require(model.entitiesByName["Dog"])
        #expect(Set(dog.propertiesByName.keys) == ["name", "legs", "owner", "breed"])
        #expect(Set(dog.relationshipsByName.keys) == ["owner"])
        #expect(Set(dog.attributesByName.keys) == ["name", "legs", "breed"])
        #expect(dog.attributesByName["legs"]?.attributeType == .integer16AttributeType)
        let cat = try #require(model.entitiesByName["Cat"])
        #expect(Set(cat.attributesByName.keys) == ["name", "legs", "indoor"])
        let animal = try #require(model.entitiesByName["Animal"])
        #expect(Set(animal.propertiesByName.keys) == ["name", "legs", "owner"])
    }

    @Test func entityAndAttributeUserInfo() throws {
        let allTypes = try #require(model.entitiesByName["AllTypes"])
        #expect(allTypes.userInfo?["purpose"] as? String == "every attribute type")
        #expect(allTypes.attributesByName["int16"]?.userInfo?["note"] as? String == "small")
    }

    @Test func transientAttribute() throws {
        let allTypes = try #require(model.entitiesByName["AllTypes"])
        #expect(allTypes.attributesByName["scratch"]?.isTransient == true)
        #expect(allTypes.attributesByName["string"]?.isTransient == false)
    }

    @Test func attributeTypesOfEveryAttribute() throws {
        let allTypes = try #require(model.entitiesByName["AllTypes"])
        let expected: [String: NSAttributeType] = [
            "int16": .integer16AttributeType, "int32": .integer32AttributeType,
            "int64": .integer64AttributeType, "decimal": .decimalAttributeType,
            "double": .doubleAttributeType, "float": .floatAttributeType,
            "string": .stringAttributeType, "boolean": .booleanAttributeType,
            "date": .dateAttributeType, "data": .binaryDataAttributeType,
            "uuid": .UUIDAttributeType, "uri": .URIAttributeType,
        ]
        for (name, type) in expected {
            #expect(allTypes.attributesByName[name]?.attributeType == type, "\(name)")
        }
    }

    @Test func uniquenessConstraintsOfProduct() throws {
        let product = try #require(model.entitiesByName["Product"])
        #expect(product.uniquenessConstraints.count == 1)
        #expect(product.uniquenessConstraints.first?.first as? String == "sku")
    }
}
