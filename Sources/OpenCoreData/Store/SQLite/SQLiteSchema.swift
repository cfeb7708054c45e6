import Foundation

/// Where a model's objects live in a SQLite database.
///
/// - One table per inheritance tree, named `Z` + the root entity's name in capitals, with `Z_PK` (the primary key,
///   unique in the tree), `Z_ENT` (the entity code, from `Z_PRIMARYKEY`) and `Z_OPT` (the version of the save that
///   last wrote the row).
/// - One column per persistent attribute: `Z` + the name in capitals for the root's properties, `Z<code>` + the
///   name for a subentity's own properties (so siblings never clash).
/// - One foreign-key column per to-one relationship (the destination's `Z_PK`) plus `<column>_ENT` (its entity code).
///   A to-many relationship whose inverse is to-one reads those foreign keys; when it is ordered, the destination
///   table also has `<column>_ORDER`.
/// - One join table per many-to-many relationship pair (and per to-many without inverse), `Z_<code><NAME>` of the
///   owning side, with `Z_SRC`, `Z_DST`, their entity codes and an order column per ordered side.
final class SQLiteSchema {
    /// How one slot of an entity is stored.
    enum SlotStorage {
        /// Not stored (transient).
        case none
        case attribute(column: String, kind: AttributeKind)
        case toOne(column: String, destinationTable: String)
        /// The rows of `table` whose `foreignKey` column holds the object's key.
        case toManyByForeignKey(table: String, foreignKey: String, orderColumn: String?)
        /// The rows of a join table; `isSource` when the object is on the `Z_SRC` side.
        case toManyByJoin(JoinTable, isSource: Bool, ordered: Bool, destinationTable: String)
    }

    /// A join table of a many-to-many (or inverse-less to-many) relationship.
    struct JoinTable: Hashable {
        let name: String
    }

    /// The columns of one inheritance tree's table.
    struct Table {
        let name: String
        let root: NSEntityDescription
        /// Columns after `Z_PK`, `Z_ENT` and `Z_OPT`, with their declared types, in creation order.
        var columns: [(name: String, type: String)]
        /// Columns to index (foreign keys, indexed attributes, fetch indexes), one list per index.
        var indexes: [[String]]
        /// Uniqueness constraints: the columns, and the `Z_ENT IN (…)` scope when not every entity of the tree has them.
        var uniqueIndexes: [UniqueIndex] = []
    }

    /// A uniqueness constraint as a unique (partial) index.
    struct UniqueIndex: Equatable {
        let columns: [String]
        /// `Z_ENT IN (…)` over the constrained entity and its subentities; nil when that is the whole tree.
        let scope: String?
    }

    /// One entity's place in the database.
    struct EntityMapping {
        let code: Int64
        let table: String
        let slots: [SlotStorage]
    }

    private(set) var tables: [String: Table] = [:]
    private(set) var joinTables: Set<JoinTable> = []
    private var mappings: [ObjectIdentifier: EntityMapping] = [:]
    private(set) var entitiesByCode: [Int64: NSEntityDescription] = [:]

    /// Maps `model`, whose entities have the codes in `codes` (by entity name; every entity must have one).
    init(model: NSManagedObjectModel, codes: [String: Int64]) throws {
        let entities = model.entities
        try Self.checkNames(of: entities)
        func code(_ entity: NSEntityDescription) throws -> Int64 {
            guard let name = entity.name, let code = codes[name] else {
                throw CoreDataError.make(NSPersistentStoreOpenError, "The entity \(entity.name ?? "nil") has no code in the store.")
            }
            return code
        }
        for entity in entities { entitiesByCode[try code(entity)] = entity }

        func tableName(_ entity: NSEntityDescription) -> String {
            "Z" + (entity.layout.rootEntity.name ?? "").uppercased()
        }
        func columnName(_ property: NSPropertyDescription) throws -> String {
            guard let owner = property.entity else { return "Z" + property.name.uppercased() }
            let prefix = owner.superentity == nil ? "Z" : "Z\(try code(owner))"
            return prefix + property.name.uppercased()
        }

        // Tree tables, with the columns of every entity of the tree.
        for entity in entities where entity.superentity == nil {
            var table = Table(name: tableName(entity), root: entity, columns: [], indexes: [])
            if tables[table.name] != nil {
                throw CoreDataError.make(NSPersistentStoreOpenError, "Two entities map to the table \(table.name); entity names must differ in more than case.")
            }
            if entity.layout.hierarchy.count > 1 { table.indexes.append(["Z_ENT"]) }
            tables[table.name] = table
        }
        for entity in entities {
            let name = tableName(entity)
            var columns: [(String, String)] = []
            var indexes: [[String]] = []
            for property in entity.properties where property.entity === entity && !property.isTransient {
                let column = try columnName(property)
                if let attribute = property as? NSAttributeDescription {
                    columns.append((column, SQLiteValueCoding.columnType(AttributeKind(attribute.attributeType))))
                    if attribute.isIndexed { indexes.append([column]) }
                } else if let relationship = property as? NSRelationshipDescription, !relationship.isToMany {
                    let destination = relationship.destinationEntity.map(tableName)
                    columns.append((column, destination.map { "INTEGER REFERENCES \($0) (Z_PK)" } ?? "INTEGER"))
                    columns.append((column + "_ENT", "INTEGER"))
                    indexes.append([column])
                    if let inverse = relationship.inverseRelationship, inverse.isToMany, inverse.isOrdered {
                        columns.append((column + "_ORDER", "INTEGER"))
                    }
                }
            }
            let layout = entity.layout
            for constraint in entity.uniquenessConstraints {
                let names = constraint.compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
                let properties = names.compactMap { entity.propertiesByName[$0] }
                guard !properties.isEmpty else { continue }
                let tree = entity.layout.rootEntity.layout.hierarchy
                let scope = entity.layout.hierarchy.count == tree.count ? nil
                    : "Z_ENT IN (\(try entity.layout.hierarchy.map(code).sorted().map(String.init).joined(separator: ", ")))"
                let unique = UniqueIndex(columns: try properties.map(columnName), scope: scope)
                if tables[name]?.uniqueIndexes.contains(unique) == false { tables[name]?.uniqueIndexes.append(unique) }
                // A partial index serves only queries on its scope; constraint lookups span the tree.
                if scope != nil { indexes.append(unique.columns) }
            }
            for index in entity.indexes {
                let properties = index.elements.compactMap { $0.propertyName.flatMap { layout.slot(named: $0) }.map { layout.properties[$0] } }
                if !properties.isEmpty { indexes.append(try properties.map(columnName)) }
            }
            tables[name]?.columns.append(contentsOf: columns)
            tables[name]?.indexes.append(contentsOf: indexes)
            let known = Set(tables[name]?.columns.map { $0.name.uppercased() } ?? [])
            if known.count != tables[name]?.columns.count {
                throw CoreDataError.make(NSPersistentStoreOpenError, "Two properties of \(entity.name ?? "?") map to one column; property names must differ in more than case.")
            }
        }

        // Slot storage per entity.
        for entity in entities {
            let layout = entity.layout
            var slots: [SlotStorage] = []
            for (slot, property) in layout.properties.enumerated() {
                if property.isTransient {
                    slots.append(.none)
                    continue
                }
                switch layout.kinds[slot] {
                case .attribute(let kind):
                    slots.append(.attribute(column: try columnName(property), kind: kind))
                case .toOne:
                    let destination = (property as? NSRelationshipDescription)?.destinationEntity
                    slots.append(.toOne(column: try columnName(property), destinationTable: destination.map(tableName) ?? ""))
                case .toMany(let ordered):
                    guard let relationship = property as? NSRelationshipDescription, let destination = relationship.destinationEntity else {
                        slots.append(.none)
                        continue
                    }
                    if let inverse = relationship.inverseRelationship, !inverse.isToMany {
                        let foreignKey = try columnName(inverse)
                        slots.append(.toManyByForeignKey(table: tableName(destination), foreignKey: foreignKey, orderColumn: ordered ? foreignKey + "_ORDER" : nil))
                    } else {
                        let owner = Self.owningSide(of: relationship)
                        let join = JoinTable(name: "Z_\(try code(owner.entity))\(owner.name.uppercased())")
                        joinTables.insert(join)
                        slots.append(.toManyByJoin(join, isSource: owner === relationship, ordered: ordered, destinationTable: tableName(destination)))
                    }
                }
            }
            mappings[ObjectIdentifier(entity)] = EntityMapping(code: try code(entity), table: tableName(entity), slots: slots)
        }
    }

    /// Table and column names come from entity and property names, which must be identifiers (as Core Data requires).
    private static func checkNames(of entities: [NSEntityDescription]) throws {
        func isIdentifier(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
            return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) }
        }
        for entity in entities {
            let names = [entity.name ?? ""] + entity.properties.map(\.name)
            if let invalid = names.first(where: { !isIdentifier($0) }) {
                throw CoreDataError.make(NSPersistentStoreOpenError, "'\(invalid)' in entity \(entity.name ?? "nil") is not a valid name for the SQLite store: use letters, digits and underscores.")
            }
        }
    }

    /// The relationship of a many-to-many pair whose objects are `Z_SRC` in the join table.
    private static func owningSide(of relationship: NSRelationshipDescription) -> NSRelationshipDescription {
        guard let inverse = relationship.inverseRelationship else { return relationship }
        let own = (relationship.entity?.name ?? "", relationship.name)
        let other = (inverse.entity?.name ?? "", inverse.name)
        return own <= other ? relationship : inverse
    }

    /// The mapping of `entity`, which must belong to the mapped model.
    func mapping(for entity: NSEntityDescription) -> EntityMapping {
        guard let mapping = mappings[ObjectIdentifier(entity)] else {
            preconditionFailure("The entity \(entity.name ?? "nil") is not part of the store's model")
        }
        return mapping
    }

    /// The code of `entity`; nil when it is not part of the mapped model.
    func code(for entity: NSEntityDescription) -> Int64? {
        mappings[ObjectIdentifier(entity)]?.code
    }

    /// The entity whose code is `code`.
    func entity(code: Int64) -> NSEntityDescription? {
        entitiesByCode[code]
    }
}
