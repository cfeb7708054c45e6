import CoreDataCodable
import Foundation
import Testing

/// A customer of the `Shop.xcdatamodeld` fixture, whose entity names it `.ShopCustomer`.
final class ShopCustomer: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var orders: NSOrderedSet

    static let identityAttribute: IdentityAttribute = "id"
}

/// An order of the `Shop.xcdatamodeld` fixture, whose entity names it `.ShopOrder`.
final class ShopOrder: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var total: Decimal?
    @Managed var customer: ShopCustomer?

    static let identityAttribute: IdentityAttribute = "id"
}

#if !canImport(CoreData)
// On Apple platforms Xcode compiles a model to `.momd` before Core Data reads it; these tests read
// the Xcode model file itself, as OpenCoreData does on Linux.
@Suite("Decoding into a model loaded from an Xcode model file")
struct ModelFileDecodingTests {
    /// The fixture model, loaded from the test bundle's resources like an app's model.
    private static func shopModel() throws -> NSManagedObjectModel {
        let url = try #require(Bundle.module.url(forResource: "Shop", withExtension: "xcdatamodeld", subdirectory: "Fixtures"))
        return try NSManagedObjectModel(validatingContentsOf: url)
    }

    @Test func currentModuleClassNamesResolveToThisTestModule() throws {
        let model = try Self.shopModel()
        #expect(model.entitiesByName["ShopCustomer"]?.managedObjectClassName == "CoreDataCodableTests.ShopCustomer")
        #expect(model.entitiesByName["ShopOrder"]?.managedObjectClassName == "CoreDataCodableTests.ShopOrder")
    }

    @Test func decodesUniquedObjectsWithOrderedRelationships() throws {
        let stack = try TestStack(model: Self.shopModel())
        let customers = try stack.decode(Many<ShopCustomer>.self, fixture: "shopCustomers")
        stack.read {
            #expect(customers.map(\.id) == [1, 2, 1])
            #expect(customers[0] === customers[2])
            #expect(customers[0].name == "Ann B.")
            let orders = customers[0].orders.array.compactMap { $0 as? ShopOrder }
            #expect(orders.map(\.id) == [11, 10])
            #expect(orders.map(\.total) == [Decimal(3), Decimal(string: "12.5")])
            #expect(orders.allSatisfy { $0.customer === customers[0] })
        }
        #expect(try stack.count("ShopCustomer") == 2)
        #expect(try stack.count("ShopOrder") == 3)
    }

    @Test func fetchedObjectsAreInstancesOfTheResolvedClasses() throws {
        let stack = try TestStack(model: Self.shopModel())
        _ = try stack.decode(Many<ShopCustomer>.self, fixture: "shopCustomers")
        try stack.read {
            try stack.context.save()
            stack.context.reset()
            let fetched = try stack.context.fetch(NSFetchRequest<NSManagedObject>(entityName: "ShopOrder"))
            #expect(fetched.count == 3)
            #expect(fetched.allSatisfy { $0 is ShopOrder })
        }
    }
}
#endif

@Suite("Entities found by class name")
struct EntityClassNameTests {
    @Test func aBareShortClassNameDoesNotNameASwiftClass() throws {
        let entity = NSEntityDescription()
        entity.name = "ShopCustomer"
        entity.managedObjectClassName = "ShopCustomer"
        let id = NSAttributeDescription()
        id.name = "id"
        id.attributeType = .integer64AttributeType
        entity.properties = [id]
        let model = NSManagedObjectModel()
        model.entities = [entity]
        let stack = try TestStack(model: model)

        var error: CoreDataCodableError?
        do {
            _ = try stack.decoder().decode(ShopCustomer.self, from: Data(#"{"id": 1}"#.utf8))
        } catch let thrown as CoreDataCodableError {
            error = thrown
        }
        #expect(error?.code == CoreDataCodableError.entityNotFound)
        #expect(try stack.count("ShopCustomer") == 0)
    }
}
