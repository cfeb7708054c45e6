#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

// Loading an Xcode model: inheritance, relationships, user info, uniqueness constraints, fetch indexes,
// configurations and version identifiers, from `Fixtures/Models/Library.xcdatamodel`. As Xcode writes
// them, its entities are in alphabetical order, so the children `Book` and `Film` come before their
// abstract parent `Item`.
#if !canImport(CoreData)

/// Loads `Library.xcdatamodel` and looks up its parts.
struct LibraryModel {
    let model: NSManagedObjectModel

    init() throws {
        model = try ModelFixtures.load("Library.xcdatamodel")
    }

    func entity(_ name: String) throws -> NSEntityDescription {
        try #require(model.entitiesByName[name])
    }

    func relationship(_ name: String, of entity: String) throws -> NSRelationshipDescription {
        try #require(model.entitiesByName[entity]?.relationshipsByName[name])
    }

    func attribute(_ name: String, of entity: String) throws -> NSAttributeDescription {
        try #require(model.entitiesByName[entity]?.attributesByName[name])
    }
}

@Suite("Model files: entities and inheritance")
struct ModelFileInheritanceTests {
    let library: LibraryModel

    init() throws {
        library = try LibraryModel()
    }

    @Test func entitiesAreInFileOrder() {
        #expect(library.model.entities.map(\.name) == ["Author", "Book", "Chapter", "Film", "Item", "Loan", "Member", "Shelf", "Tag"])
    }

    @Test func childrenDeclaredBeforeTheirParentAreLinked() throws {
        let item = try library.entity("Item")
        #expect(try library.entity("Book").superentity === item)
        #expect(try library.entity("Film").superentity === item)
        #expect(item.superentity == nil)
    }

    @Test func parentListsItsSubentitiesInFileOrder() throws {
        let item = try library.entity("Item")
        #expect(item.subentities.map(\.name) == ["Book", "Film"])
        #expect(Set(item.subentitiesByName.keys) == ["Book", "Film"])
        #expect(try library.entity("Book").subentities.isEmpty)
    }

    @Test func isAbstract() throws {
        #expect(try library.entity("Item").isAbstract == true)
        #expect(try library.entity("Book").isAbstract == false)
    }

    // A subentity has its parent's properties first, then its own.
    @Test func inheritedPropertiesComeFirst() throws {
        #expect(try library.entity("Book").properties.map(\.name) == [
            "addedAt", "title", "loans", "shelf", "tags", "isbn", "pages", "authors", "chapters",
        ])
        #expect(try library.entity("Film").properties.map(\.name) == [
            "addedAt", "title", "loans", "shelf", "tags", "minutes", "sequel",
        ])
        #expect(try library.entity("Item").properties.map(\.name) == ["addedAt", "title", "loans", "shelf", "tags"])
    }

    @Test func inheritedAttributeKeepsItsDescription() throws {
        let title = try library.attribute("title", of: "Book")
        #expect(title.attributeType == .stringAttributeType)
        #expect(title.isOptional == false)
        #expect(try library.relationship("shelf", of: "Film").destinationEntity?.name == "Shelf")
    }

    @Test func isKindOfFollowsTheParent() throws {
        let item = try library.entity("Item")
        #expect(try library.entity("Book").isKindOf(entity: item))
        #expect(try library.entity("Author").isKindOf(entity: item) == false)
    }

    @Test func versionHashModifier() throws {
        #expect(try library.entity("Film").versionHashModifier == "minutes-as-int16")
        #expect(try library.entity("Book").versionHashModifier == nil)
    }

    // A bare class name (no module) is kept as written; an absent one is NSManagedObject.
    @Test func managedObjectClassNames() throws {
        #expect(try library.entity("Author").managedObjectClassName == "Author")
        #expect(try library.entity("Book").managedObjectClassName == "NSManagedObject")
    }

    @Test func versionIdentifier() {
        #expect(library.model.versionIdentifiers == ["Library 3"])
    }
}

@Suite("Model files: relationships")
struct ModelFileRelationshipTests {
    let library: LibraryModel

    init() throws {
        library = try LibraryModel()
    }

    @Test func toOne() throws {
        let shelf = try library.relationship("shelf", of: "Item")
        #expect(shelf.isToMany == false)
        #expect(shelf.maxCount == 1)
        #expect(shelf.minCount == 0)
        #expect(shelf.isOptional == true)
        let destination = try library.entity("Shelf")
        #expect(shelf.destinationEntity === destination)
    }

    @Test func toMany() throws {
        let items = try library.relationship("items", of: "Shelf")
        #expect(items.isToMany == true)
        #expect(items.maxCount == 0)
        #expect(items.isOrdered == false)
        let destination = try library.entity("Item")
        #expect(items.destinationEntity === destination)
    }

    @Test func orderedToMany() throws {
        let authors = try library.relationship("authors", of: "Book")
        #expect(authors.isToMany == true)
        #expect(authors.isOrdered == true)
        #expect(try library.relationship("books", of: "Author").isOrdered == false)
    }

    @Test func manyToManyInverses() throws {
        let tags = try library.relationship("tags", of: "Item")
        let items = try library.relationship("items", of: "Tag")
        #expect(tags.isToMany && items.isToMany)
        #expect(tags.inverseRelationship === items)
        #expect(items.inverseRelationship === tags)
    }

    @Test func oneToManyInverses() throws {
        let chapters = try library.relationship("chapters", of: "Book")
        let book = try library.relationship("book", of: "Chapter")
        #expect(chapters.inverseRelationship === book)
        #expect(book.inverseRelationship === chapters)
        let bookEntity = try library.entity("Book")
        let chapterEntity = try library.entity("Chapter")
        #expect(book.destinationEntity === bookEntity)
        #expect(chapters.destinationEntity === chapterEntity)
    }

    // The inverse of an inherited relationship is found on the parent.
    @Test func inverseDeclaredOnTheParent() throws {
        let item = try library.relationship("item", of: "Loan")
        let itemEntity = try library.entity("Item")
        #expect(item.destinationEntity === itemEntity)
        #expect(item.inverseRelationship?.name == "loans")
        #expect(item.inverseRelationship?.entity === itemEntity)
    }

    @Test func noInverseNameMeansNoInverse() throws {
        let sequel = try library.relationship("sequel", of: "Film")
        #expect(sequel.inverseRelationship == nil)
        let film = try library.entity("Film")
        #expect(sequel.destinationEntity === film)
    }

    @Test(arguments: [
        ("Item", "shelf", NSDeleteRule.nullifyDeleteRule),
        ("Book", "chapters", .cascadeDeleteRule),
        ("Item", "loans", .denyDeleteRule),
        ("Tag", "items", .noActionDeleteRule),
        ("Member", "loans", .cascadeDeleteRule),
    ])
    func deletionRule(entity: String, name: String, rule: NSDeleteRule) throws {
        #expect(try library.relationship(name, of: entity).deleteRule == rule)
    }

    @Test func minCountOfARequiredToMany() throws {
        let chapters = try library.relationship("chapters", of: "Book")
        #expect(chapters.minCount == 1)
        #expect(chapters.maxCount == 0)
        #expect(chapters.isOptional == false)
    }

    @Test func maxCountOfABoundedToMany() throws {
        let loans = try library.relationship("loans", of: "Member")
        #expect(loans.maxCount == 5)
        #expect(loans.minCount == 0)
        #expect(loans.isToMany == true)
        #expect(loans.isOptional == true)
    }

    @Test func requiredToOne() throws {
        let member = try library.relationship("member", of: "Loan")
        #expect(member.isOptional == false)
        #expect(member.maxCount == 1)
        #expect(member.isToMany == false)
    }
}

@Suite("Model files: user info, constraints, indexes, configurations")
struct ModelFileEntityDetailTests {
    let library: LibraryModel

    init() throws {
        library = try LibraryModel()
    }

    @Test func entityUserInfo() throws {
        let info = try #require(try library.entity("Book").userInfo)
        #expect(info.count == 2)
        #expect(info["display.icon"] as? String == "book.closed")
        #expect(info["sync.remoteEntity"] as? String == "books")
    }

    @Test func attributeUserInfo() throws {
        let info = try #require(try library.attribute("isbn", of: "Book").userInfo)
        #expect(info.count == 2)
        #expect(info["sync.isPrimaryKey"] as? String == "YES")
        #expect(info["sync.remoteKey"] as? String == "isbn_13")
    }

    @Test func relationshipUserInfo() throws {
        let info = try #require(try library.relationship("authors", of: "Book").userInfo)
        #expect(info.count == 1)
        #expect(info["sync.remoteKey"] as? String == "author_ids")
    }

    @Test func noUserInfoElementMeansNoEntries() throws {
        #expect((try library.entity("Chapter").userInfo ?? [:]).isEmpty)
        #expect((try library.attribute("title", of: "Chapter").userInfo ?? [:]).isEmpty)
    }

    @Test func singleAndCompositeUniquenessConstraints() throws {
        let constraints = try library.entity("Member").uniquenessConstraints
        #expect(constraints.map { $0.compactMap { $0 as? String } } == [["email"], ["firstName", "lastName"]])
        #expect(try library.entity("Book").uniquenessConstraints.isEmpty)
    }

    @Test func singlePropertyIndex() throws {
        let indexes = try library.entity("Item").indexes
        #expect(indexes.map(\.name) == ["byTitleIndex"])
        let element = try #require(indexes.first?.elements.first)
        #expect(indexes.first?.elements.count == 1)
        #expect(element.propertyName == "title")
        #expect(element.collationType == .binary)
        #expect(element.isAscending == true)
    }

    @Test func compoundIndexKeepsElementOrder() throws {
        let index = try #require(try library.entity("Member").indexes.first)
        #expect(index.name == "byNameIndex")
        #expect(index.elements.map(\.propertyName) == ["lastName", "firstName"])
        #expect(index.elements.allSatisfy { $0.isAscending && $0.collationType == .binary })
    }

    @Test func descendingIndex() throws {
        let index = try #require(try library.entity("Loan").indexes.first)
        #expect(index.name == "byDueDateIndex")
        #expect(index.elements.map(\.propertyName) == ["dueDate"])
        #expect(index.elements.first?.isAscending == false)
    }

    @Test func rTreeIndex() throws {
        let index = try #require(try library.entity("Shelf").indexes.first)
        #expect(index.name == "byLocationIndex")
        #expect(index.elements.map(\.propertyName) == ["latitude", "longitude"])
        #expect(index.elements.map(\.collationType) == [.rTree, .rTree])
        // No order attribute: ascending, the default.
        #expect(index.elements.allSatisfy { $0.isAscending })
    }

    @Test func indexElementIsTheEntitysProperty() throws {
        let element = try #require(try library.entity("Book").indexes.first?.elements.first)
        let isbn = try library.attribute("isbn", of: "Book")
        #expect(element.property === isbn)
    }

    @Test func configurationNames() {
        #expect(library.model.configurations.sorted() == ["Catalog", "Circulation"])
    }

    @Test func configurationMembersInFileOrder() {
        #expect(library.model.entities(forConfigurationName: "Circulation")?.map(\.name) == ["Loan", "Member"])
        #expect(library.model.entities(forConfigurationName: "Catalog")?.map(\.name) == ["Author", "Book", "Chapter", "Film", "Item", "Shelf", "Tag"])
    }

    @Test func configurationMembersAreTheModelsEntities() throws {
        let members = try #require(library.model.entities(forConfigurationName: "Circulation"))
        let loan = try library.entity("Loan")
        #expect(members.first === loan)
    }

    @Test func nilConfigurationIsAllEntities() {
        #expect(library.model.entities(forConfigurationName: nil)?.count == 9)
    }

    @Test func unknownConfigurationIsNil() {
        #expect(library.model.entities(forConfigurationName: "Archive") == nil)
    }
}

@Suite("Model files: a loaded model in a store")
struct ModelFileStoreTests {
    let library: LibraryModel

    init() throws {
        library = try LibraryModel()
    }

    // Insert a book with ordered authors and chapters, save, fetch it in another context.
    @Test func roundTripThroughAnInMemoryStore() throws {
        let stack = try TestStack(model: library.model, name: "Library")
        let writer = stack.newContext()
        try writer.performAndWait {
            let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: writer)
            book.setValue("Dune", forKey: "title")
            book.setValue("9780441172719", forKey: "isbn")
            book.setValue(Int32(412), forKey: "pages")
            let authors = ["Frank Herbert", "Brian Herbert"].map { name -> NSManagedObject in
                let author = NSEntityDescription.insertNewObject(forEntityName: "Author", into: writer)
                author.setValue(name, forKey: "name")
                return author
            }
            book.setValue(NSOrderedSet(array: authors), forKey: "authors")
            let chapters = [(1, "Book One"), (2, "Book Two"), (3, "Book Three")].map { number, title -> NSManagedObject in
                let chapter = NSEntityDescription.insertNewObject(forEntityName: "Chapter", into: writer)
                chapter.setValue(Int16(number), forKey: "number")
                chapter.setValue(title, forKey: "title")
                return chapter
            }
            book.setValue(NSSet(array: chapters), forKey: "chapters")
            try writer.save()
        }

        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let books = try fetchAll("Book", as: NSManagedObject.self, in: reader)
            #expect(books.count == 1)
            let book = try #require(books.first)
            #expect(book.entity.name == "Book")
            #expect(book.value(forKey: "title") as? String == "Dune")
            #expect(book.value(forKey: "isbn") as? String == "9780441172719")
            #expect(book.value(forKey: "pages") as? Int32 == 412)
            #expect(orderedNames(book.value(forKey: "authors"), key: "name") == ["Frank Herbert", "Brian Herbert"])
            #expect(names(book.value(forKey: "chapters"), key: "title") == ["Book One", "Book Three", "Book Two"])

            let chapters = try fetchAll("Chapter", as: NSManagedObject.self, in: reader)
            #expect(chapters.count == 3)
            #expect(chapters.allSatisfy { $0.value(forKey: "book") as? NSManagedObject === book })
            let authors = try fetchAll("Author", as: NSManagedObject.self, in: reader)
            #expect(authors.count == 2)
            #expect(authors.allSatisfy { names($0.value(forKey: "books"), key: "title") == ["Dune"] })
        }
    }

    @Test func defaultsOfAChildAndItsParentApply() throws {
        let stack = try TestStack(model: library.model, name: "Library")
        let context = stack.newContext()
        context.performAndWait {
            let film = NSEntityDescription.insertNewObject(forEntityName: "Film", into: context)
            #expect(film.value(forKey: "minutes") as? Int16 == 90)
            #expect(film.value(forKey: "title") == nil)
        }
    }

    // Fetching the abstract parent finds the objects of its children.
    @Test func fetchingTheAbstractParentFindsItsChildren() throws {
        let stack = try TestStack(model: library.model, name: "Library")
        let context = stack.newContext()
        try context.performAndWait {
            let chapter = NSEntityDescription.insertNewObject(forEntityName: "Chapter", into: context)
            let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: context)
            book.setValue("Dune", forKey: "title")
            book.setValue("9780441172719", forKey: "isbn")
            book.setValue(NSSet(object: chapter), forKey: "chapters")
            let film = NSEntityDescription.insertNewObject(forEntityName: "Film", into: context)
            film.setValue("Solaris", forKey: "title")
            try context.save()
        }
        let reader = stack.newContext()
        try reader.performAndWait { () throws -> Void in
            let items = try fetchAll("Item", as: NSManagedObject.self, in: reader)
            #expect(items.compactMap(\.entity.name).sorted() == ["Book", "Film"])
            #expect(items.compactMap { $0.value(forKey: "title") as? String }.sorted() == ["Dune", "Solaris"])
        }
    }

    // Book.chapters is required with minCount 1: a book without chapters does not save.
    @Test func requiredToManyIsValidated() throws {
        let stack = try TestStack(model: library.model, name: "Library")
        let context = stack.newContext()
        context.performAndWait {
            let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: context)
            book.setValue("Empty", forKey: "title")
            book.setValue("0", forKey: "isbn")
            let error = saveError(context)
            #expect(error?.domain == NSCocoaErrorDomain)
        }
    }
}
#endif
