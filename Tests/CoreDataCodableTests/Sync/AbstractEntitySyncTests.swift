import CoreDataCodable
import Foundation
import Testing

#if !canImport(CoreData)
// The model is an Xcode model file (`Fixture.model`).
/// Core Data never makes objects of an abstract entity ("Abstract entities" in
/// https://developer.apple.com/documentation/coredata/nsentitydescription/isabstract): a sync or a
/// decode that would insert one throws, naming the entity and its subentities, and changes nothing.
@Suite("Abstract entities are never instantiated")
struct AbstractEntitySyncTests {
    @Test func syncIntoAnAbstractEntityThrowsNamingItsSubentities() throws {
        let stack = try TestStack(model: Fixture.model("Shapes"))
        stack.read {
            #expect {
                try stack.context.sync([["id": 1, "name": "dot"]], inEntityNamed: "Shape")
            } throws: { error in
                let error = try #require(error as? CoreDataCodableError)
                return error.code == CoreDataCodableError.abstractEntity && error.entityName == "Shape"
                    && error.description.contains("Circle, Square")
            }
            #expect(!stack.context.hasChanges)
        }
    }

    @Test func nestedObjectsOfAnAbstractDestinationThrowAndChangeNothing() throws {
        let stack = try TestStack(model: Fixture.model("Shapes"))
        stack.read {
            #expect(throws: CoreDataCodableError.self) {
                try stack.context.sync([["id": 1, "shapes": [["id": 2, "name": "dot"]]]], inEntityNamed: "Drawing")
            }
            #expect(!stack.context.hasChanges)
            #expect(stack.context.insertedObjects.isEmpty)
        }
    }

    @Test func aSubentitySyncsWithItsInheritedAttributes() throws {
        let stack = try TestStack(model: Fixture.model("Shapes"))
        let values = try stack.read {
            try stack.context.sync([["id": 1, "name": "dot", "radius": 0.5]], inEntityNamed: "Circle")
            let circle = try stack.context.object(entityNamed: "Circle", withPrimaryKey: 1)
            return (circle?.value(forKey: "name") as? String, circle?.value(forKey: "radius") as? Double)
        }
        #expect(values.0 == "dot")
        #expect(values.1 == 0.5)
    }
}
#endif
