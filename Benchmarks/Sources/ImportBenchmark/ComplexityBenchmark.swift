import CoreDataCodable
import Foundation

final class CNode: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
    @Managed var id: Int64
    @Managed var name: String?
    @Managed var child: CNode?
}

/// A node without an identity: every object decoded is inserted, through the prepared path.
final class CPlainNode: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    @Managed var id: Int64
    @Managed var child: CPlainNode?
}

final class COwner: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
    @Managed var id: Int64
    @Managed var links: Set<CLink>
}

final class CLink: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
    static let identityAttribute: IdentityAttribute = "id"
    @Managed var id: Int64
}

/// Shapes of input whose cost once grew faster than their size: a chain of nested objects, and one
/// saved object given many new to-many links by bare identifier, saved to the in-memory store.
enum ComplexityBenchmark {
    /// Seconds to decode a chain of `depth` nested nodes into an empty in-memory context, as `type`.
    static func nestedChain<Node: CoreDataDecodable>(depth: Int, as type: Node.Type) throws -> Double {
        var json = ""
        for id in 1...depth { json += #"{"id":\#(id),"child":"# }
        json += "null" + String(repeating: "}", count: depth)
        let context = try makeContext()
        let decoder = JSONDecoder()
        decoder.managedObjectContext = context
        let data = Data(json.utf8)
        return try timed { _ = try decoder.decode(Node.self, from: data) }
    }

    /// Seconds to save a saved owner given `count` new links by bare identifier, in the in-memory store.
    static func manyLinks(count: Int) throws -> Double {
        let context = try makeContext()
        let decoder = JSONDecoder()
        decoder.managedObjectContext = context
        _ = try decoder.decode(COwner.self, from: Data(#"{"id":1,"links":[]}"#.utf8))
        try context.performAndWait { try context.save() }
        let links = (1...count).map(String.init).joined(separator: ",")
        _ = try decoder.decode(COwner.self, from: Data(#"{"id":1,"links":[\#(links)]}"#.utf8))
        return try timed { try context.performAndWait { try context.save() } }
    }

    private static func makeContext() throws -> NSManagedObjectContext {
        let container = NSPersistentContainer(name: "Complexity", managedObjectModel: model)
        let description = NSPersistentStoreDescription()
        description.type = NSInMemoryStoreType
        container.persistentStoreDescriptions = [description]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        return container.newBackgroundContext()
    }

    private static let model: NSManagedObjectModel = {
        func attribute(_ name: String, _ type: NSAttributeType) -> NSAttributeDescription {
            let attribute = NSAttributeDescription()
            attribute.name = name
            attribute.attributeType = type
            return attribute
        }
        func entity(_ name: String, _ type: NSManagedObject.Type, _ properties: [NSPropertyDescription]) -> NSEntityDescription {
            let entity = NSEntityDescription()
            entity.name = name
            entity.managedObjectClassName = NSStringFromClass(type)
            entity.properties = properties
            return entity
        }
        func relationship(_ name: String, _ toMany: Bool) -> NSRelationshipDescription {
            let relationship = NSRelationshipDescription()
            relationship.name = name
            relationship.maxCount = toMany ? 0 : 1
            return relationship
        }
        let child = relationship("child", false)
        let parent = relationship("parent", false)
        let node = entity("Node", CNode.self, [attribute("id", .integer64AttributeType), attribute("name", .stringAttributeType), child, parent])
        child.destinationEntity = node
        parent.destinationEntity = node
        child.inverseRelationship = parent
        parent.inverseRelationship = child
        let plainChild = relationship("child", false)
        let plainNode = entity("PlainNode", CPlainNode.self, [attribute("id", .integer64AttributeType), plainChild])
        plainChild.destinationEntity = plainNode
        let links = relationship("links", true)
        let owners = relationship("owners", true)
        let owner = entity("Owner", COwner.self, [attribute("id", .integer64AttributeType), links])
        let link = entity("Link", CLink.self, [attribute("id", .integer64AttributeType), owners])
        links.destinationEntity = link
        owners.destinationEntity = owner
        links.inverseRelationship = owners
        owners.inverseRelationship = links
        let model = NSManagedObjectModel()
        model.entities = [node, plainNode, owner, link]
        return model
    }()
}

/// `import-benchmark complexity`: how those shapes' cost grows with their size.
struct ComplexityCommand {
    func run() {
        do {
            var previous: Double?
            for (title, type) in [("with an identity", CNode.self), ("without an identity", CPlainNode.self)] as [(String, any CoreDataDecodable.Type)] {
                print("| nested chain \(title), depth | decode s | × previous |")
                print("|---:|---:|---:|")
                previous = nil
                for depth in [64, 128, 256, 511] {
                    let seconds = try ComplexityBenchmark.nestedChain(depth: depth, as: type)
                    print(String(format: "| %d | %.4f | %@ |", depth, seconds, previous.map { String(format: "%.2f", seconds / $0) } ?? ""))
                    previous = seconds
                }
                print("")
            }
            print("| new links of one saved object (in-memory store) | save s | × previous |")
            print("|---:|---:|---:|")
            previous = nil
            for count in [5_000, 10_000, 20_000, 40_000] {
                let seconds = try ComplexityBenchmark.manyLinks(count: count)
                print(String(format: "| %d | %.4f | %@ |", count, seconds, previous.map { String(format: "%.2f", seconds / $0) } ?? ""))
                previous = seconds
            }
        } catch {
            print("complexity benchmark failed: \(error)")
            exit(1)
        }
    }
}
