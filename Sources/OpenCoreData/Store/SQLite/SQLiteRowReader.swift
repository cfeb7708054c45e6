import Foundation

/// Reads stored rows of one table into object IDs and snapshots.
///
/// Queries select `Z_PK, Z_ENT, Z_OPT` and then every column of the table, in the table's order
/// (`selectList(alias:)`), so one reader serves every entity of the tree.
final class SQLiteRowReader {
    /// How one entity's slots come out of the selected columns.
    private struct EntityPlan {
        let attributes: [(slot: Int, column: Int32, kind: AttributeKind)]
        let toOnes: [(slot: Int, column: Int32, destination: NSEntityDescription?)]
        let slotCount: Int
    }

    let table: SQLiteSchema.Table
    private let schema: SQLiteSchema
    private unowned let store: SQLiteStore
    private var plans: [Int64: EntityPlan] = [:]
    /// The entity and plan of the last row read (rows of one entity come in runs).
    private var last: (code: Int64, entity: NSEntityDescription, plan: EntityPlan)?

    init(table: SQLiteSchema.Table, schema: SQLiteSchema, store: SQLiteStore) {
        self.table = table
        self.schema = schema
        self.store = store
        var positions: [String: Int32] = [:]
        for (offset, column) in table.columns.enumerated() { positions[column.name] = Int32(offset + 3) }
        for entity in table.root.layout.hierarchy {
            let mapping = schema.mapping(for: entity)
            var attributes: [(Int, Int32, AttributeKind)] = []
            var toOnes: [(Int, Int32, NSEntityDescription?)] = []
            for (slot, storage) in mapping.slots.enumerated() {
                switch storage {
                case .attribute(let column, let kind):
                    if let position = positions[column] { attributes.append((slot, position, kind)) }
                case .toOne(let column, _):
                    let destination = (entity.layout.properties[slot] as? NSRelationshipDescription)?.destinationEntity
                    if let position = positions[column] { toOnes.append((slot, position, destination)) }
                case .none, .toManyByForeignKey, .toManyByJoin:
                    continue
                }
            }
            plans[mapping.code] = EntityPlan(attributes: attributes, toOnes: toOnes, slotCount: entity.layout.kinds.count)
        }
    }

    /// The selected columns, prefixed with `alias.`.
    func selectList(alias: String) -> String {
        (["Z_PK", "Z_ENT", "Z_OPT"] + table.columns.map(\.name)).map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// The row the statement is on; nil when its entity is not part of the model.
    func row(_ statement: SQLiteStatement) -> StoredRow? {
        let code = statement.int64(1)
        if last?.code != code {
            guard let entity = schema.entity(code: code), let plan = plans[code] else { return nil }
            last = (code, entity, plan)
        }
        guard let (_, entity, plan) = last else { return nil }
        var values = [Any?](repeating: nil, count: plan.slotCount)
        for attribute in plan.attributes {
            values[attribute.slot] = statement.attributeValue(attribute.column, kind: attribute.kind)
        }
        for toOne in plan.toOnes where !statement.isNull(toOne.column) {
            values[toOne.slot] = objectID(key: statement.int64(toOne.column), code: statement.value(toOne.column + 1), fallback: toOne.destination)
        }
        let objectID = store.objectID(for: entity, primaryKey: statement.int64(0))
        return StoredRow(objectID: objectID, snapshot: ObjectSnapshot(values: values, version: statement.int64(2)))
    }

    /// The object ID of a stored reference: a primary key and an entity code.
    func objectID(key: Int64, code: SQLValue, fallback: NSEntityDescription?) -> NSManagedObjectID? {
        var entity = fallback
        if case .integer(let code) = code, let coded = schema.entity(code: code) { entity = coded }
        return entity.map { store.objectID(for: $0, primaryKey: key) }
    }
}
