import Foundation

/// Saving: a context's changes in one `BEGIN IMMEDIATE` transaction, all or nothing.
extension SQLiteStore {
    /// How an entity's new rows are inserted: the statement, the entity code, the slot of each parameter group,
    /// and the to-many slots whose rows need writing after the insert.
    final class InsertPlan {
        let statement: SQLiteStatement
        let code: Int64
        let slots: [(slot: Int, value: ValueBinding)]
        let toManySlots: [Int]
        /// The `TABLE.COLUMN` names of the string attributes, which `ValueBinding.text` indexes.
        let textColumns: [String]

        init(statement: SQLiteStatement, code: Int64, slots: [(slot: Int, value: ValueBinding)], toManySlots: [Int], textColumns: [String]) {
            self.statement = statement
            self.code = code
            self.slots = slots
            self.toManySlots = toManySlots
            self.textColumns = textColumns
        }
    }

    /// How one slot's value becomes parameters.
    enum ValueBinding {
        /// An attribute value: one parameter.
        case attribute(AttributeKind)
        /// A string attribute (one parameter) whose column name is `textColumns[index]`, to record text not in NFC.
        case text(Int)
        /// A to-one reference: the destination's key and entity code.
        case reference
    }

    func write(_ request: StoreSaveRequest) throws -> Int64 {
        if isReadOnly { throw CoreDataError.readOnlyStore(self) }
        return try locked(errorCode: NSPersistentStoreSaveError) {
            let connection = try connection
            return try connection.transaction(immediate: true) {
                let version = try nextSaveVersion(connection)
                var denormalized = Set<String>()
                for objectID in request.deleted { try delete(objectID, connection) }
                let withToMany = try insert(request.inserted, version: version, denormalized: &denormalized, connection)
                for change in request.updated { try update(change, version: version, denormalized: &denormalized, connection) }
                try recordDenormalized(denormalized, connection)
                var joins = JoinRowWriter()
                for (change, slots) in withToMany { try writeToMany(change, slots: slots, isNew: true, joins: &joins, connection) }
                for change in request.updated { try writeToMany(change, slots: change.changedSlots, isNew: false, joins: &joins, connection) }
                return version
            }
        }
    }

    /// Records `columns` (`TABLE.COLUMN`) as holding text not in normal form C, which fetches then compare exactly.
    func recordDenormalized(_ columns: Set<String>, _ connection: SQLiteConnection) throws {
        for column in columns {
            try connection.statement("INSERT OR IGNORE INTO Z_DENORMALIZED (Z_COLUMN) VALUES (?)").run([.text(column)])
        }
    }

    /// Increments the file's save counter (inside the save transaction, so it is monotonic across coordinators).
    func nextSaveVersion(_ connection: SQLiteConnection) throws -> Int64 {
        let statement = try connection.statement("UPDATE Z_METADATA SET Z_VALUE = Z_VALUE + 1 WHERE Z_KEY = ? RETURNING Z_VALUE")
        statement.bind(StoreMetadataKey.saveVersion, at: 1)
        guard try statement.step() else { throw CoreDataError.make(NSPersistentStoreSaveError, "The store has no save counter.") }
        let version = statement.int64(0)
        try statement.run()
        return version
    }

    private func delete(_ objectID: NSManagedObjectID, _ connection: SQLiteConnection) throws {
        guard let key = objectID.primaryKey else { return }
        let mapping = try schema.mapping(for: objectID.entity)
        try connection.statement("DELETE FROM \(mapping.table) WHERE Z_PK = ?").run([.integer(key)])
        for storage in mapping.slots {
            guard case .toManyByJoin(let join, let isSource, _, _) = storage else { continue }
            try connection.statement("DELETE FROM \(join.name) WHERE \(isSource ? "Z_SRC" : "Z_DST") = ?").run([.integer(key)])
        }
    }

    private func insertPlan(for entity: NSEntityDescription, _ connection: SQLiteConnection) throws -> InsertPlan {
        if let plan = insertPlans[ObjectIdentifier(entity)] { return plan }
        let mapping = try schema.mapping(for: entity)
        var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
        var slots: [(Int, ValueBinding)] = []
        var toManySlots: [Int] = []
        var textColumns: [String] = []
        for (slot, storage) in mapping.slots.enumerated() {
            switch storage {
            case .attribute(let column, .string):
                columns.append(column)
                slots.append((slot, .text(textColumns.count)))
                textColumns.append("\(mapping.table).\(column)")
            case .attribute(let column, let kind):
                columns.append(column)
                slots.append((slot, .attribute(kind)))
            case .toOne(let column, _):
                columns.append(contentsOf: [column, column + "_ENT"])
                slots.append((slot, .reference))
            case .toManyByForeignKey(_, _, _?), .toManyByJoin:
                toManySlots.append(slot)
            case .none, .toManyByForeignKey:
                continue
            }
        }
        let marks = columns.map { _ in "?" }.joined(separator: ", ")
        let sql = "INSERT INTO \(mapping.table) (\(columns.joined(separator: ", "))) VALUES (\(marks))"
        let plan = InsertPlan(statement: try connection.statement(sql), code: mapping.code, slots: slots, toManySlots: toManySlots, textColumns: textColumns)
        insertPlans[ObjectIdentifier(entity)] = plan
        return plan
    }

    /// Inserts the rows of new objects; returns those with to-many rows to write once every row exists.
    private func insert(_ changes: [StoreSaveRequest.Change], version: Int64, denormalized: inout Set<String>, _ connection: SQLiteConnection) throws -> [(StoreSaveRequest.Change, [Int])] {
        let references = ReferenceCoder(schema: try schema)
        var withToMany: [(StoreSaveRequest.Change, [Int])] = []
        var planEntity: NSEntityDescription?
        var plan: InsertPlan?
        for change in changes {
            guard let key = change.objectID.primaryKey else { continue }
            let entity = change.objectID.entity
            if entity !== planEntity {
                plan = try insertPlan(for: entity, connection)
                planEntity = entity
            }
            guard let plan else { continue }
            let statement = plan.statement
            statement.rewind()
            statement.bind(key, at: 1)
            statement.bind(plan.code, at: 2)
            statement.bind(version, at: 3)
            try bind(change, plan.slots, to: statement, from: 4, references: references, textColumns: plan.textColumns, denormalized: &denormalized)
            try statement.run()
            if !plan.toManySlots.isEmpty { withToMany.append((change, plan.toManySlots)) }
        }
        return withToMany
    }

    private func update(_ change: StoreSaveRequest.Change, version: Int64, denormalized: inout Set<String>, _ connection: SQLiteConnection) throws {
        guard let key = change.objectID.primaryKey else { return }
        let mapping = try schema.mapping(for: change.objectID.entity)
        var assignments = ["Z_OPT = ?"]
        var slots: [(Int, ValueBinding)] = []
        var textColumns: [String] = []
        for slot in change.changedSlots.sorted() {
            switch mapping.slots[slot] {
            case .attribute(let column, .string):
                assignments.append("\(column) = ?")
                slots.append((slot, .text(textColumns.count)))
                textColumns.append("\(mapping.table).\(column)")
            case .attribute(let column, let kind):
                assignments.append("\(column) = ?")
                slots.append((slot, .attribute(kind)))
            case .toOne(let column, _):
                assignments.append("\(column) = ?, \(column)_ENT = ?")
                slots.append((slot, .reference))
            case .none, .toManyByForeignKey, .toManyByJoin:
                continue
            }
        }
        let statement = try connection.statement("UPDATE \(mapping.table) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ?")
        statement.bind(version, at: 1)
        let next = try bind(change, slots, to: statement, from: 2, references: ReferenceCoder(schema: try schema), textColumns: textColumns, denormalized: &denormalized)
        statement.bind(key, at: next)
        try statement.run()
    }

    /// Binds the values of `slots` from parameter `first` on; returns the next parameter index. Strings not in NFC
    /// add their column to `denormalized`.
    @discardableResult
    private func bind(_ change: StoreSaveRequest.Change, _ slots: [(slot: Int, value: ValueBinding)], to statement: SQLiteStatement, from first: Int32, references: ReferenceCoder, textColumns: [String], denormalized: inout Set<String>) throws -> Int32 {
        var index = first
        for (slot, binding) in slots {
            let value = change.value(at: slot)
            switch binding {
            case .attribute(let kind):
                try statement.bind(value, kind: kind, at: index)
                index += 1
            case .text(let column):
                if let text = value as? String {
                    statement.bind(text, at: index)
                    if !text.isInNormalFormC { denormalized.insert(textColumns[column]) }
                } else {
                    try statement.bind(value, kind: .string, at: index)
                }
                index += 1
            case .reference:
                if let objectID = value as? NSManagedObjectID, let key = objectID.primaryKey, let code = references.code(for: objectID.entity) {
                    statement.bind(key, at: index)
                    statement.bind(code, at: index + 1)
                } else {
                    statement.bindNull(index)
                    statement.bindNull(index + 1)
                }
                index += 2
            }
        }
        return index
    }

    /// Writes the to-many slots of a change whose objects are loaded: the order of ordered one-to-many
    /// relationships (their foreign keys are written by the to-one side) and the rows of join tables.
    private func writeToMany(_ change: StoreSaveRequest.Change, slots: [Int], isNew: Bool, joins: inout JoinRowWriter, _ connection: SQLiteConnection) throws {
        guard let key = change.objectID.primaryKey else { return }
        let mapping = try schema.mapping(for: change.objectID.entity)
        for slot in slots {
            switch mapping.slots[slot] {
            case .toManyByForeignKey(let table, _, let orderColumn?):
                guard let destinations = change.relatedObjectIDs(at: slot) else { continue }
                let statement = try connection.statement("UPDATE \(table) SET \(orderColumn) = ? WHERE Z_PK = ?")
                for (position, destination) in destinations.enumerated() {
                    guard let destinationKey = destination.primaryKey else { continue }
                    try statement.run([.integer(Int64(position)), .integer(destinationKey)])
                }
            case .toManyByJoin(let join, let isSource, let ordered, _):
                let side = JoinRowWriter.Side(join: join, isSource: isSource, ordered: ordered)
                let inverse = change.objectID.entity.layout.inverseSlots[slot]
                if !isNew, let changes = change.toManyChanges(at: slot) {
                    try joins.write(side, key: key, code: mapping.code, changes: changes, inverseSlot: inverse, schema: try schema, connection)
                } else if let destinations = change.relatedObjectIDs(at: slot) {
                    try joins.write(side, key: key, code: mapping.code, destinations: destinations, inverseSlot: inverse, isNew: isNew, schema: try schema, connection)
                }
            case .toManyByForeignKey(_, _, nil), .none, .attribute, .toOne:
                continue
            }
        }
    }
}

/// Entity codes of referenced objects, remembering the last entity (references of one save mostly share it).
private final class ReferenceCoder {
    private let schema: SQLiteSchema
    @exclusivity(unchecked)
    private var lastEntity: NSEntityDescription?
    @exclusivity(unchecked)
    private var lastCode: Int64?

    init(schema: SQLiteSchema) {
        self.schema = schema
    }

    func code(for entity: NSEntityDescription) -> Int64? {
        if entity === lastEntity { return lastCode }
        lastEntity = entity
        lastCode = schema.code(for: entity)
        return lastCode
    }
}
