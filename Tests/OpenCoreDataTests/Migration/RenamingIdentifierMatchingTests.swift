#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Foundation
import Testing

#if !canImport(CoreData)

/// How OpenCoreData pairs elements when renaming identifiers and names point different ways: an element's own
/// renaming identifier wins, and an element whose identifier matches nothing keeps the data of its namesake.
@Suite("Lightweight migration: matching by renaming identifier and name")
struct RenamingIdentifierMatchingTests {
    typealias S = SQLiteTestSupport

    private static func model(_ entityName: String, renamedFrom entityIdentifier: String? = nil, _ attributes: [NSAttributeDescription]) -> NSManagedObjectModel {
        let entity = S.entity(entityName, attributes)
        entity.renamingIdentifier = entityIdentifier
        let model = NSManagedObjectModel()
        model.entities = [entity]
        return model
    }

    private static func renamed(_ attribute: NSAttributeDescription, from identifier: String) -> NSAttributeDescription {
        attribute.renamingIdentifier = identifier
        return attribute
    }

    @Test func renamingIdentifierWinsOverANewPropertyWithTheOldName() throws {
        let url = try S.temporaryDirectory().appendingPathComponent("Matching.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let context = try S.container(at: url, model: Self.model("Person", [S.attribute("color", .stringAttributeType)])).viewContext
            NSEntityDescription.insertNewObject(forEntityName: "Person", into: context).setValue("red", forKey: "color")
            try context.save()
        }
        let paintColor = Self.renamed(S.attribute("paintColor", .stringAttributeType), from: "color")
        let context = try S.container(at: url, model: Self.model("Person", [S.attribute("color", .integer16AttributeType), paintColor])).viewContext
        let person = try #require(try S.fetch("Person", in: context).first)
        #expect(person.value(forKey: "paintColor") as? String == "red")
        #expect(person.value(forKey: "color") == nil)
    }

    /// Author.books and Book.authors: renaming Author to Writer makes Book.authors the owning side of the join table.
    private static func library(authorName: String) -> NSManagedObjectModel {
        let author = S.entity(authorName, [S.attribute("name", .stringAttributeType)])
        author.renamingIdentifier = "Author"
        let book = S.entity("Book", [S.attribute("title", .stringAttributeType)])
        let books = S.relationship("books", to: book, toMany: true)
        let authors = S.relationship("authors", to: author, toMany: true)
        S.relate(books, authors)
        author.properties += [books]
        book.properties += [authors]
        let model = NSManagedObjectModel()
        model.entities = [author, book]
        return model
    }

    @Test func manyToManyKeepsItsObjectsWhenARenameSwapsTheSidesOfItsJoinTable() throws {
        let url = try S.temporaryDirectory().appendingPathComponent("Matching.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let context = try S.container(at: url, model: Self.library(authorName: "Author")).viewContext
            let ann = NSEntityDescription.insertNewObject(forEntityName: "Author", into: context)
            ann.setValue("Ann", forKey: "name")
            let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: context)
            book.setValue("Dune", forKey: "title")
            ann.setValue(Set([book]), forKey: "books")
            try context.save()
        }
        let context = try S.container(at: url, model: Self.library(authorName: "Writer")).viewContext
        let writer = try #require(try S.fetch("Writer", in: context).first)
        #expect((writer.value(forKey: "books") as? Set<NSManagedObject>)?.map { $0.value(forKey: "title") as? String } == ["Dune"])
        let book = try #require(try S.fetch("Book", in: context).first)
        #expect((book.value(forKey: "authors") as? Set<NSManagedObject>)?.map { $0.value(forKey: "name") as? String } == ["Ann"])
    }

    @Test func entityWhoseRenamingIdentifierWasDroppedKeepsTheRowsOfItsNamesake() throws {
        let url = try S.temporaryDirectory().appendingPathComponent("Matching.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let context = try S.container(at: url, model: Self.model("Human", [S.attribute("name", .stringAttributeType)])).viewContext
            NSEntityDescription.insertNewObject(forEntityName: "Human", into: context).setValue("Ann", forKey: "name")
            try context.save()
        }
        let name = { S.attribute("name", .stringAttributeType) }
        _ = try S.container(at: url, model: Self.model("Person", renamedFrom: "Human", [name(), S.attribute("age", .integer16AttributeType)]))
        // The next version forgets the renaming identifier: Person still maps to the stored Person.
        let context = try S.container(at: url, model: Self.model("Person", [name()])).viewContext
        #expect(try S.fetch("Person", in: context).map { $0.value(forKey: "name") as? String } == ["Ann"])
    }
}

#endif
