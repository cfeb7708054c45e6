import CoreDataCodable
import Foundation
import Testing

/// A shelf of books that keeps the default hooks.
final class Shelf: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    @Managed var id: Int64
    @Managed var label: String?
    @Managed var size: Int16
    @Managed var books: Set<Book>

    static let identityAttribute: IdentityAttribute = "id"
}

/// A book on a shelf, with the default hooks.
final class Book: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    @Managed var id: Int64
    @Managed var title: String?
    @Managed var shelf: Shelf?

    static let identityAttribute: IdentityAttribute = "id"
}

/// Relabels, in its own `initialize(from:)`, the shelf its JSON names.
final class Relabel: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys {
    @Managed var id: Int64

    static let identityAttribute: IdentityAttribute = "id"

    private enum TargetKeys: String, CodingKey { case shelf, label }

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        let target = try decoder.container(keyedBy: TargetKeys.self)
        let request = NSFetchRequest<Shelf>(entityName: "Shelf")
        request.predicate = NSPredicate(format: "id == %lld", try target.decode(Int64.self, forKey: .shelf))
        try managedObjectContext?.fetch(request).first?.label = target.decode(String.self, forKey: .label)
    }
}

/// Declares the default hooks but derives its label in `initialize(from:)`.
final class DerivingShelf: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    @Managed var id: Int64
    @Managed var label: String?

    static let identityAttribute: IdentityAttribute = "id"

    func initialize(from decoder: any Decoder) throws {
        try defaultInitialization(from: decoder)
        label = label?.uppercased()
    }
}

/// Declares the default hooks but sets a value in `container(for:)`.
final class PresettingShelf: NSManagedObject, CoreDataDecodable, UsingDefaultCodingKeys, UsingDefaultHooks {
    @Managed var id: Int64
    @Managed var label: String?

    static let identityAttribute: IdentityAttribute = "id"

    static func container(for decoder: any Decoder) throws -> any AnyCoreDataKeyedDecodingContainer {
        var container = try decoder.container(for: Self.self)
        container["label"] = "Preset"
        return container
    }
}

/// The shelves, relabels and books of one response, decoded as one import.
private struct ShelfPage: Decodable {
    let shelves: Many<Shelf>
    let relabels: Many<Relabel>
    let books: Many<Book>
}

/// Types that keep the default hooks decode without their hooks being called, and a failed decode
/// still puts back everything it changed.
@Suite("Default hooks")
struct DefaultHooksTests {
    /// The shelves of the `shelves` fixture, decoded and not saved, by identifier.
    private static func unsavedShelves(in stack: TestStack) throws -> [Int64: Shelf] {
        let shelves = try stack.decode(Many<Shelf>.self, fixture: "shelves")
        return Dictionary(uniqueKeysWithValues: shelves.map { ($0.id, $0) })
    }

    /// The titles of a shelf's books by identifier, sorted.
    private static func books(of shelf: Shelf?) -> [String] {
        (shelf?.books ?? []).map { "\($0.id) \($0.title ?? "-")" }.sorted()
    }

    @Test func objectsGetTheirValuesAndRelationships() throws {
        let stack = try TestStack()
        let shelves = try Self.unsavedShelves(in: stack)
        stack.read {
            #expect(shelves[1]?.label == "Novels")
            #expect(shelves[1]?.size == 3)
            #expect(Self.books(of: shelves[1]) == ["10 Emma", "11 Middlemarch"])
            #expect(shelves[2]?.label == "Poems")
            #expect(Self.books(of: shelves[2]) == ["20 Odes"])
            #expect(shelves[2]?.books.first?.shelf === shelves[2])
        }
    }

    @Test func aFailedUpdateOfUnsavedObjectsPutsBackEveryValueItChanged() throws {
        let stack = try TestStack()
        let shelves = try Self.unsavedShelves(in: stack)
        #expect(throws: DecodingError.self) { try stack.decode(Many<Shelf>.self, fixture: "shelvesChangedFailsLate") }
        stack.read {
            #expect(shelves[1]?.label == "Novels")
            #expect(shelves[1]?.size == 3)
            #expect(Self.books(of: shelves[1]) == ["10 Emma", "11 Middlemarch"])
            #expect(shelves[2]?.label == "Poems")
            #expect(shelves[2]?.size == 2)
            #expect(Self.books(of: shelves[2]) == ["20 Odes"])
            #expect(stack.context.insertedObjects.count == 5)
        }
    }

    @Test func aFailedImportPutsBackWhatAnotherTypesHookChanged() throws {
        let stack = try TestStack()
        let shelves = try Self.unsavedShelves(in: stack)
        let decoder = stack.decoder()
        #expect(throws: DecodingError.self) {
            try stack.context.decode(ShelfPage.self, from: Fixture.data("shelfRelabeledFailsLate"), using: decoder)
        }
        stack.read {
            #expect(shelves[1]?.label == "Novels")
            #expect(shelves[1]?.size == 3)
        }
        #expect(try stack.count("Relabel") == 0)
    }

    @Test func aClassDerivingValuesInInitializeIsToldToDropTheDeclaration() throws {
        let stack = try TestStack()
        let error = try #require(throws: CoreDataCodableError.self) {
            try stack.decode(DerivingShelf.self, fixture: "hookOverriding")
        }
        #expect(error.code == CoreDataCodableError.hookOverridden)
        #expect(error.entityName == "DerivingShelf")
        #expect(error.description == "DerivingShelf adopts UsingDefaultHooks but implements its own initialize(from:): "
            + "remove UsingDefaultHooks from DerivingShelf, or remove its initialize(from:).")
    }

    @Test func aClassSettingValuesInContainerIsToldToDropTheDeclaration() throws {
        let stack = try TestStack()
        let error = try #require(throws: CoreDataCodableError.self) {
            try stack.decode(PresettingShelf.self, fixture: "hookOverriding")
        }
        #expect(error.code == CoreDataCodableError.hookOverridden)
        #expect(error.description.contains("implements its own container(for:)"))
        #expect(try stack.count("PresettingShelf") == 0)
    }

    @Test func aClassDeclaringNothingKeepsBothDefaultHooksByItsTypes() {
        #expect(Country.ContainerHookResult.self == DefaultContainerHook.self)
        #expect(Country.InitializeHookResult.self == DefaultInitializeHook.self)
    }

    @Test func aClassImplementingInitializeReturnsNothingFromIt() {
        #expect(Person.InitializeHookResult.self == Void.self)
        #expect(Person.ContainerHookResult.self == DefaultContainerHook.self)
    }

    @Test func aClassImplementingContainerReturnsAnyContainerFromIt() {
        #expect(PresettingShelf.ContainerHookResult.self == (any AnyCoreDataKeyedDecodingContainer).self)
        #expect(PresettingShelf.InitializeHookResult.self == DefaultInitializeHook.self)
    }
}
