import Foundation

/// The in-memory store (`NSInMemoryStoreType`): rows in dictionaries, lost when the process ends.
///
/// Attributes used by `==` and `IN` predicates get a hash index on first use, so fetching k objects
/// by identifier costs O(k), not O(rows). Fetched objects load their to-many relationships on first
/// use, as with the SQLite store.
final class InMemoryStore: NSPersistentStore, StoredRowSource, @unchecked Sendable {
    private struct Row {
        let objectID: NSManagedObjectID
        var values: [Any?]
        var version: Int64

        var storedRow: StoredRow {
            StoredRow(objectID: objectID, snapshot: ObjectSnapshot(values: values, version: version))
        }

        /// The row as a fetch hands it to a context, which loads to-many relationships on first use.
        var fetchedRow: StoredRow {
            StoredRow(objectID: objectID, snapshot: ObjectSnapshot(values: values, version: version, holdsToMany: false))
        }
    }

    /// The rows of one concrete entity, in insertion order, with hash indexes by slot.
    ///
    /// Tables, like the store's own state, are only touched under the store's lock: dynamic exclusivity
    /// checks on them would cost on every row without protecting anything.
    private final class Table {
        @exclusivity(unchecked)
        var rows: [Int64: Row] = [:]
        @exclusivity(unchecked)
        var order: [Int64] = []
        @exclusivity(unchecked)
        var removedSinceCompaction = 0
        @exclusivity(unchecked)
        var indexes: [Int: InMemoryIndex] = [:]

        var orderedKeys: [Int64] {
            if removedSinceCompaction > 0 {
                order.removeAll { rows[$0] == nil }
                removedSinceCompaction = 0
            }
            return order
        }

        func index(slot: Int, kind: AttributeKind) -> InMemoryIndex {
            if let index = indexes[slot] { return index }
            var index = InMemoryIndex(capacity: rows.count)
            for (key, row) in rows {
                if let value = row.values[slot].flatMap({ PredicateValue(stored: $0, kind: kind) }) { index.insert(key, for: value) }
            }
            indexes[slot] = index
            return index
        }

        func updateIndexes(key: Int64, old: [Any?]?, new: [Any?]?, layout: EntityLayout) {
            for slot in indexes.keys {
                guard case .attribute(let kind) = layout.kinds[slot] else { continue }
                let oldValue = old?[slot].flatMap { PredicateValue(stored: $0, kind: kind) }
                let newValue = new?[slot].flatMap { PredicateValue(stored: $0, kind: kind) }
                guard oldValue != newValue else { continue }
                if let oldValue { indexes[slot]?.remove(key, for: oldValue) }
                if let newValue { indexes[slot]?.insert(key, for: newValue) }
            }
        }
    }

    private let lock = NSLock()
    @exclusivity(unchecked)
    private var tables: [ObjectIdentifier: Table] = [:]
    @exclusivity(unchecked)
    private var nextPrimaryKeys: [ObjectIdentifier: Int64] = [:]
    @exclusivity(unchecked)
    private var version: Int64 = 0

    override var type: String { NSInMemoryStoreType }

    private func table(for entity: NSEntityDescription) -> Table {
        let key = ObjectIdentifier(entity)
        if let table = tables[key] { return table }
        let table = Table()
        tables[key] = table
        return table
    }

    private func row(for objectID: NSManagedObjectID) -> Row? {
        guard let key = objectID.primaryKey else { return nil }
        return tables[ObjectIdentifier(objectID.entity)]?.rows[key]
    }

    // MARK: - Fetching

    override func fetchRows(_ plan: FetchPlan) throws -> [StoredRow] {
        lock.lock()
        defer { lock.unlock() }
        var matches: [StoredRow] = []
        for entity in plan.entities {
            guard let table = tables[ObjectIdentifier(entity)] else { continue }
            let (keys, exact) = candidateKeys(in: table, entity: entity, predicate: plan.predicate)
            for key in keys {
                guard let row = table.rows[key]?.fetchedRow else { continue }
                if !exact, let predicate = plan.predicate, !predicate.evaluate(with: StoredRowView(source: self, row: row)) { continue }
                matches.append(row)
            }
        }
        if !plan.sortDescriptors.isEmpty {
            let views = matches.map { StoredRowView(source: self, row: $0) }
            matches = views.sorted(byDescriptors: plan.sortDescriptors).map(\.row)
        }
        let start = min(plan.offset, matches.count)
        let end = plan.limit > 0 ? min(matches.count, start + plan.limit) : matches.count
        return Array(matches[start..<end])
    }

    /// The keys of rows that may match, in insertion order: from a hash index when the predicate pins an
    /// attribute, else all. `exact` when they are exactly the matches (the predicate need not be evaluated).
    private func candidateKeys(in table: Table, entity: NSEntityDescription, predicate: NSPredicate?) -> (keys: [Int64], exact: Bool) {
        let layout = entity.layout
        guard let lookup = predicate?.indexLookup,
              let slot = layout.slot(named: lookup.key),
              case .attribute(let kind) = layout.kinds[slot], kind.isIndexable
        else { return (table.orderedKeys, predicate == nil) }
        let index = table.index(slot: slot, kind: kind)
        var keys: [Int64] = []
        for value in lookup.values { index.appendKeys(for: value, to: &keys) }
        keys.sort()
        return (keys, lookup.isExact)
    }

    override func snapshot(for objectID: NSManagedObjectID) throws -> ObjectSnapshot? {
        lock.lock()
        defer { lock.unlock() }
        return row(for: objectID)?.fetchedRow.snapshot
    }

    override func mayHoldRows(ofTreeOf entity: NSEntityDescription) throws -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entity.layout.rootEntity.layout.hierarchy.contains { tables[ObjectIdentifier($0)]?.rows.isEmpty == false }
    }

    override func objectIDs(of entity: NSEntityDescription, slots: [Int], matchingEach valueSets: [[Any?]]) throws -> [[NSManagedObjectID]] {
        lock.lock()
        defer { lock.unlock() }
        let layout = entity.layout
        let names = slots.map { layout.properties[$0].name }
        var found = [[NSManagedObjectID]](repeating: [], count: valueSets.count)
        let candidates = layout.rootEntity.layout.hierarchy.compactMap { candidate -> (Table, EntityLayout, [Int])? in
            guard let table = tables[ObjectIdentifier(candidate)], !table.rows.isEmpty else { return nil }
            let candidateSlots = names.compactMap { candidate.layout.slot(named: $0) }
            return candidateSlots.count == names.count ? (table, candidate.layout, candidateSlots) : nil
        }
        guard !candidates.isEmpty else { return found }
        var wanted: [StoredValuesKey: [Int]] = [:]
        for (index, values) in valueSets.enumerated() {
            guard let key = layout.storedValuesKey(values, slots: slots) else { continue }
            wanted[key, default: []].append(index)
        }
        for (table, candidateLayout, candidateSlots) in candidates {
            for key in table.orderedKeys {
                guard let row = table.rows[key], let valuesKey = candidateLayout.storedValuesKey(of: row.values, at: candidateSlots),
                      let indexes = wanted[valuesKey]
                else { continue }
                for index in indexes { found[index].append(row.objectID) }
            }
        }
        return found
    }

    // MARK: - Saving

    override func newObjectIDs(for entity: NSEntityDescription, count: Int) throws -> [NSManagedObjectID] {
        lock.lock()
        defer { lock.unlock() }
        let root = ObjectIdentifier(entity.layout.rootEntity)
        let first = nextPrimaryKeys[root, default: 1]
        nextPrimaryKeys[root] = first + Int64(count)
        return (0..<Int64(count)).map { objectID(for: entity, primaryKey: first + $0) }
    }

    override func save(_ request: StoreSaveRequest) throws -> Int64 {
        if isReadOnly { throw CoreDataError.readOnlyStore(self) }
        lock.lock()
        defer { lock.unlock() }
        version += 1
        for objectID in request.deleted {
            guard let key = objectID.primaryKey else { continue }
            let table = table(for: objectID.entity)
            guard let removed = table.rows.removeValue(forKey: key) else { continue }
            table.removedSinceCompaction += 1
            table.updateIndexes(key: key, old: removed.values, new: nil, layout: objectID.entity.layout)
        }
        for change in request.inserted {
            guard let key = change.objectID.primaryKey else { continue }
            let table = table(for: change.objectID.entity)
            let values = change.values
            table.rows[key] = Row(objectID: change.objectID, values: values, version: version)
            table.order.append(key)
            table.updateIndexes(key: key, old: nil, new: values, layout: change.objectID.entity.layout)
        }
        for change in request.updated {
            guard let key = change.objectID.primaryKey else { continue }
            let table = table(for: change.objectID.entity)
            guard var row = table.rows[key] else { continue }
            let old = row.values
            for slot in change.changedSlots {
                if let changes = change.toManyChanges(at: slot) {
                    row.values[slot] = changes.merged(into: row.values[slot] as? [NSManagedObjectID] ?? [])
                } else {
                    row.values[slot] = change.value(at: slot)
                }
            }
            row.version = version
            table.rows[key] = row
            table.updateIndexes(key: key, old: old, new: row.values, layout: change.objectID.entity.layout)
        }
        return version
    }

    // MARK: - Rows for predicate evaluation

    func storedRow(for objectID: NSManagedObjectID) -> StoredRow? {
        row(for: objectID).map(\.storedRow)
    }

    func storedToManyIDs(of objectID: NSManagedObjectID, slot: Int) -> [NSManagedObjectID] {
        row(for: objectID)?.values[slot] as? [NSManagedObjectID] ?? []
    }

    override func relatedObjectIDs(of objectID: NSManagedObjectID, slot: Int) throws -> [NSManagedObjectID] {
        lock.lock()
        defer { lock.unlock() }
        return storedToManyIDs(of: objectID, slot: slot)
    }
}

/// Whether two stored values are equal (constraint checks), comparing canonical forms.
func storedValuesEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let left?, let right?): (left as? AnyHashable) == (right as? AnyHashable)
    default: false
    }
}
