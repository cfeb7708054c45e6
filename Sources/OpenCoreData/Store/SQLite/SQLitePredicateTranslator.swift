import Foundation

/// Translates a fetch's predicate and sort descriptors into SQL over one table (alias `t`).
///
/// A predicate splits into the `AND` of the parts SQL evaluates and a residual predicate that the store evaluates
/// in memory on the rows SQL returns. A part goes to the residual as a whole, so `OR` and `NOT` never see half a
/// translation. Comparisons on a column run as plain SQL when SQL's semantics are the in-memory ones (numbers,
/// dates, UUIDs, exact strings, objects); other comparisons on a column run in SQL through `OCD_MATCH`, which calls
/// the in-memory comparison on the decoded value. Key paths through to-one relationships become `LEFT JOIN`s,
/// `ANY`/`ALL` over a to-many relationship and `@count` become subqueries. Values are always bound.
final class SQLitePredicateTranslator {
    /// A piece of SQL and the values its parameters take, in order.
    struct Fragment {
        var sql: String
        var bindings: [SQLValue] = []
    }

    /// What a key path designates.
    private enum Target {
        /// An attribute column; `normalized` when every string in it is in Unicode normal form C.
        case column(String, AttributeKind, normalized: Bool)
        /// An object reference: a key column and the column of its entity code (a to-one's foreign key, or the row
        /// itself), whose keys are those of `table`.
        case object(key: String, entity: String, table: String)
        /// A to-many relationship's count (a scalar subquery).
        case count(String)
    }

    /// The most parameters one `IN` list binds; longer lists go through a temporary table (see `lists`), which
    /// keeps under SQLite's parameter limit and measured faster than 10 000 parameters (63 ms against 105 ms).
    static let maximumListParameters = 500

    private let schema: SQLiteSchema
    private let matchers: SQLiteMatchers
    /// `LEFT JOIN` clauses for to-one key paths, in order.
    private(set) var joins: [String] = []
    private var joinAliases: [String: String] = [:]
    private var aliasCount = 0
    /// The values of long `IN` lists: the store fills `temp.OCD_LIST_<n>` with list n before running the query.
    private(set) var lists: [[SQLValue]] = []

    /// The columns (`TABLE.COLUMN`) that hold strings not in normal form C, where byte comparison is not `String`'s.
    private let denormalizedColumns: Set<String>

    init(schema: SQLiteSchema, matchers: SQLiteMatchers, denormalizedColumns: Set<String>) {
        self.schema = schema
        self.matchers = matchers
        self.denormalizedColumns = denormalizedColumns
    }

    private func column(_ column: String, of entity: NSEntityDescription, alias: String, kind: AttributeKind) -> Target {
        let normalized = !denormalizedColumns.contains("\(schema.mapping(for: entity).table).\(column)")
        return .column("\(alias).\(column)", kind, normalized: normalized)
    }

    // MARK: - Predicates

    /// The SQL condition of the translatable `AND`-ed parts of `predicate` (nil when none) and the rest.
    func split(_ predicate: NSPredicate?, entity: NSEntityDescription) -> (condition: Fragment?, residual: NSPredicate?) {
        guard let predicate else { return (nil, nil) }
        var conditions: [Fragment] = []
        var residuals: [NSPredicate] = []
        collect(predicate, entity: entity, into: &conditions, residuals: &residuals)
        let condition = conditions.isEmpty ? nil : Fragment(
            sql: conditions.map { "(\($0.sql))" }.joined(separator: " AND "),
            bindings: conditions.flatMap(\.bindings)
        )
        let residual: NSPredicate? = switch residuals.count {
        case 0: nil
        case 1: residuals[0]
        default: NSCompoundPredicate(andPredicateWithSubpredicates: residuals)
        }
        return (condition, residual)
    }

    private func collect(_ predicate: NSPredicate, entity: NSEntityDescription, into conditions: inout [Fragment], residuals: inout [NSPredicate]) {
        if let compound = predicate as? NSCompoundPredicate, compound.compoundPredicateType == .and {
            for case let part as NSPredicate in compound.subpredicates {
                collect(part, entity: entity, into: &conditions, residuals: &residuals)
            }
        } else if let fragment = fragment(predicate, entity: entity, alias: "t") {
            conditions.append(fragment)
        } else {
            residuals.append(predicate)
        }
    }

    /// The whole of `predicate` as SQL, or nil when some part of it cannot be translated.
    private func fragment(_ predicate: NSPredicate, entity: NSEntityDescription, alias: String) -> Fragment? {
        if let compound = predicate as? NSCompoundPredicate {
            var parts: [Fragment] = []
            for case let part as NSPredicate in compound.subpredicates {
                guard let fragment = fragment(part, entity: entity, alias: alias) else { return nil }
                parts.append(fragment)
            }
            let bindings = parts.flatMap(\.bindings)
            switch compound.compoundPredicateType {
            case .and:
                return Fragment(sql: parts.isEmpty ? "1" : parts.map { "(\($0.sql))" }.joined(separator: " AND "), bindings: bindings)
            case .or:
                return Fragment(sql: parts.isEmpty ? "0" : parts.map { "(\($0.sql))" }.joined(separator: " OR "), bindings: bindings)
            case .not:
                // SQL's NULL is false here; NOT must see it as false too, not as unknown.
                return Fragment(sql: parts.first.map { "NOT IFNULL((\($0.sql)), 0)" } ?? "0", bindings: bindings)
            }
        }
        if let comparison = predicate as? NSComparisonPredicate {
            return self.comparison(comparison, entity: entity, alias: alias)
        }
        switch predicate.predicateFormat {
        case "TRUEPREDICATE": return Fragment(sql: "1")
        case "FALSEPREDICATE": return Fragment(sql: "0")
        default: return nil
        }
    }

    private func comparison(_ predicate: NSComparisonPredicate, entity: NSEntityDescription, alias: String) -> Fragment? {
        if predicate.comparisonPredicateModifier == .direct, let condition = selfCondition(predicate, entity: entity, alias: alias) { return condition }
        let keyOnLeft: Bool
        let path: ParsedKeyPath
        let constant: Any?
        if case .keyPath(let left) = predicate.leftExpression.kind, predicate.rightExpression.isConstant {
            (keyOnLeft, path, constant) = (true, left, predicate.rightExpression.value(with: nil, variables: nil))
        } else if case .keyPath(let right) = predicate.rightExpression.kind, predicate.leftExpression.isConstant {
            (keyOnLeft, path, constant) = (false, right, predicate.leftExpression.value(with: nil, variables: nil))
        } else {
            return nil
        }
        let comparison = Comparison(predicate: predicate, keyOnLeft: keyOnLeft, constant: constant)
        switch predicate.comparisonPredicateModifier {
        case .direct:
            guard let target = resolve(path.components[...], entity: entity, alias: alias) else { return nil }
            return condition(comparison, on: target)
        case .any, .all:
            return quantified(comparison, path: path, isAll: predicate.comparisonPredicateModifier == .all, entity: entity, alias: alias)
        }
    }

    /// `SELF ==`, `!=` or `IN` objects: the row's own key and entity code.
    private func selfCondition(_ predicate: NSComparisonPredicate, entity: NSEntityDescription, alias: String) -> Fragment? {
        let left = predicate.leftExpression, right = predicate.rightExpression
        let keyOnLeft: Bool
        if case .evaluatedObject = left.kind, right.isConstant {
            keyOnLeft = true
        } else if case .evaluatedObject = right.kind, left.isConstant {
            keyOnLeft = false
        } else {
            return nil
        }
        let constant = (keyOnLeft ? right : left).value(with: nil, variables: nil)
        let comparison = Comparison(predicate: predicate, keyOnLeft: keyOnLeft, constant: constant)
        return condition(comparison, on: .object(key: "\(alias).Z_PK", entity: "\(alias).Z_ENT", table: schema.mapping(for: entity).table))
    }

    /// `ANY`/`ALL` over `toMany.attribute` (after any to-one steps): an `EXISTS` subquery.
    private func quantified(_ comparison: Comparison, path: ParsedKeyPath, isAll: Bool, entity: NSEntityDescription, alias: String) -> Fragment? {
        let components = path.components[...]
        guard components.count >= 2,
              case .key(let attributeName) = components[components.endIndex - 1],
              case .key(let relationshipName) = components[components.endIndex - 2],
              let owner = walkToOnes(components.dropLast(2), entity: entity, alias: alias),
              let slot = owner.entity.layout.slot(named: relationshipName),
              let destination = (owner.entity.layout.properties[slot] as? NSRelationshipDescription)?.destinationEntity,
              let source = toManySource(schema.mapping(for: owner.entity).slots[slot], alias: owner.alias),
              let attributeSlot = destination.layout.slot(named: attributeName),
              case .attribute(let column, let kind) = schema.mapping(for: destination).slots[attributeSlot],
              let inner = condition(comparison, on: self.column(column, of: destination, alias: source.alias, kind: kind))
        else { return nil }
        let sql = isAll
            ? "NOT EXISTS (SELECT 1 FROM \(source.from) WHERE \(source.link) AND NOT IFNULL((\(inner.sql)), 0))"
            : "EXISTS (SELECT 1 FROM \(source.from) WHERE \(source.link) AND (\(inner.sql)))"
        return Fragment(sql: sql, bindings: inner.bindings)
    }

    /// The rows of a to-many relationship of the row `alias`: what to select from, the alias of the destination rows,
    /// and the condition linking them.
    private func toManySource(_ storage: SQLiteSchema.SlotStorage, alias: String) -> (from: String, alias: String, link: String)? {
        let sub = nextAlias("s")
        switch storage {
        case .toManyByForeignKey(let table, let foreignKey, _):
            return ("\(table) \(sub)", sub, "\(sub).\(foreignKey) = \(alias).Z_PK")
        case .toManyByJoin(let join, let isSource, _, let destinationTable):
            let (own, other) = isSource ? ("Z_SRC", "Z_DST") : ("Z_DST", "Z_SRC")
            return ("\(join.name) \(sub)j JOIN \(destinationTable) \(sub) ON \(sub).Z_PK = \(sub)j.\(other)", sub, "\(sub)j.\(own) = \(alias).Z_PK")
        case .none, .attribute, .toOne:
            return nil
        }
    }

    private func nextAlias(_ prefix: String) -> String {
        aliasCount += 1
        return "\(prefix)\(aliasCount)"
    }

    /// What `components` designates from the row `alias` of `entity`, adding joins for to-one steps.
    private func resolve(_ components: ArraySlice<ParsedKeyPath.Component>, entity: NSEntityDescription, alias: String) -> Target? {
        if components.last == .count {
            guard components.count >= 2, case .key(let name) = components[components.endIndex - 2],
                  let owner = walkToOnes(components.dropLast(2), entity: entity, alias: alias),
                  let slot = owner.entity.layout.slot(named: name),
                  let source = toManySource(schema.mapping(for: owner.entity).slots[slot], alias: owner.alias)
            else { return nil }
            return .count("(SELECT COUNT(*) FROM \(source.from) WHERE \(source.link))")
        }
        guard case .key(let name)? = components.last,
              let owner = walkToOnes(components.dropLast(), entity: entity, alias: alias),
              let slot = owner.entity.layout.slot(named: name)
        else { return nil }
        switch schema.mapping(for: owner.entity).slots[slot] {
        case .attribute(let column, let kind): return self.column(column, of: owner.entity, alias: owner.alias, kind: kind)
        case .toOne(let column, let table): return .object(key: "\(owner.alias).\(column)", entity: "\(owner.alias).\(column)_ENT", table: table)
        case .none, .toManyByForeignKey, .toManyByJoin: return nil
        }
    }

    /// Follows to-one relationships from the row `alias` of `entity`, joining each destination table once.
    private func walkToOnes(_ components: ArraySlice<ParsedKeyPath.Component>, entity: NSEntityDescription, alias: String) -> (entity: NSEntityDescription, alias: String)? {
        var current = (entity: entity, alias: alias)
        var path: [String] = []
        for component in components {
            guard case .key(let name) = component, let slot = current.entity.layout.slot(named: name),
                  case .toOne(let column, let table) = schema.mapping(for: current.entity).slots[slot],
                  let destination = (current.entity.layout.properties[slot] as? NSRelationshipDescription)?.destinationEntity
            else { return nil }
            path.append(name)
            current = (destination, join(path.joined(separator: "."), table: table, on: "\(current.alias).\(column)"))
        }
        return current
    }

    /// The alias of the `LEFT JOIN` of `table` for the to-one key path `path`.
    private func join(_ path: String, table: String, on foreignKey: String) -> String {
        if let alias = joinAliases[path] { return alias }
        let alias = nextAlias("j")
        joins.append("LEFT JOIN \(table) \(alias) ON \(alias).Z_PK = \(foreignKey)")
        joinAliases[path] = alias
        return alias
    }

    // MARK: - Conditions on one target

    /// A comparison with a constant, the key path replaced by the target.
    private struct Comparison {
        let predicate: NSComparisonPredicate
        let keyOnLeft: Bool
        let constant: Any?

        var operatorType: NSComparisonPredicate.Operator { predicate.predicateOperatorType }

        /// The operator as if the key path were on the left; nil when it does not flip.
        var leftOperator: NSComparisonPredicate.Operator? {
            guard !keyOnLeft else { return operatorType }
            switch operatorType {
            case .equalTo, .notEqualTo: return operatorType
            case .lessThan: return .greaterThan
            case .lessThanOrEqualTo: return .greaterThanOrEqualTo
            case .greaterThan: return .lessThan
            case .greaterThanOrEqualTo: return .lessThanOrEqualTo
            default: return nil
            }
        }

        /// The same comparison, without modifier, on the key `value` of a dictionary.
        var onValue: NSComparisonPredicate {
            let value = NSExpression(forKeyPath: "value")
            let constant = NSExpression(forConstantValue: constant)
            return NSComparisonPredicate(
                leftExpression: keyOnLeft ? value : constant,
                rightExpression: keyOnLeft ? constant : value,
                modifier: .direct,
                type: operatorType,
                options: predicate.options
            )
        }
    }

    private func condition(_ comparison: Comparison, on target: Target) -> Fragment? {
        switch target {
        case .column(let expression, let kind, let normalized):
            let native = SQLiteNativeComparison(column: expression, kind: kind, normalizedText: normalized, listTable: listTable)
            return native.fragment(comparison.leftOperator, options: comparison.predicate.options, constant: comparison.constant)
                ?? matcher(comparison, column: expression, kind: kind)
        case .count(let expression):
            let native = SQLiteNativeComparison(column: expression, kind: .integer64, normalizedText: true, listTable: listTable)
            return native.fragment(comparison.leftOperator, options: [], constant: comparison.constant)
                ?? matcher(comparison, column: expression, kind: .integer64)
        case .object(let key, let entity, let table):
            return objectCondition(comparison.leftOperator, key: key, entity: entity, table: table, constant: comparison.constant)
        }
    }

    /// A query over the temporary table that will hold `values`.
    private func listTable(_ values: [SQLValue]) -> String {
        lists.append(values)
        return "SELECT value FROM temp.OCD_LIST_\(lists.count - 1)"
    }

    /// `OCD_MATCH(handle, column)`: the in-memory comparison on the decoded column value.
    private func matcher(_ comparison: Comparison, column: String, kind: AttributeKind) -> Fragment {
        let predicate = comparison.onValue
        let handle = matchers.register { stored in
            var object: [String: Any] = [:]
            if let value = SQLiteValueCoding.decode(stored, kind: kind) { object["value"] = value }
            return predicate.evaluate(with: object)
        }
        return Fragment(sql: "OCD_MATCH(?, \(column))", bindings: [.integer(handle)])
    }

    /// Comparisons of a to-one relationship with objects (or object IDs) or nil: `==`, `!=` and `IN`.
    private func objectCondition(_ operatorType: NSComparisonPredicate.Operator?, key column: String, entity entityColumn: String, table: String, constant: Any?) -> Fragment? {
        switch operatorType {
        case .equalTo?, .notEqualTo?:
            let negate = operatorType == .notEqualTo
            guard let constant else { return Fragment(sql: "\(column) IS \(negate ? "NOT " : "")NULL") }
            guard let objectID = Self.objectID(constant) else { return nil }
            guard let reference = reference(objectID) else { return Fragment(sql: negate ? "1" : "0") }
            let match = "\(column) = ? AND \(entityColumn) = ?"
            return Fragment(sql: negate ? "NOT IFNULL((\(match)), 0)" : match, bindings: reference)
        case .in?:
            guard let constant, let elements = (constant as? [Any]) ?? collectionElements(constant) else { return nil }
            var keys: [SQLValue] = []
            var codes = Set<Int64>()
            for element in elements {
                guard let element = unwrappedValue(element) else { continue }
                guard let objectID = Self.objectID(element) else { return nil }
                // Keys are unique within a table only: objects of other tables cannot match.
                guard let key = objectID.primaryKey, let code = schema.code(for: objectID.entity),
                      schema.mapping(for: objectID.entity).table == table
                else { continue }
                keys.append(.integer(key))
                codes.insert(code)
            }
            guard !keys.isEmpty else { return Fragment(sql: "0") }
            // A primary key names one row of its table, so keys and entity codes together identify the objects.
            let codeList = codes.sorted().map(SQLValue.integer)
            let codeMarks = codeList.map { _ in "?" }.joined(separator: ", ")
            guard keys.count <= Self.maximumListParameters else {
                return Fragment(sql: "\(column) IN (\(listTable(keys))) AND \(entityColumn) IN (\(codeMarks))", bindings: codeList)
            }
            let keyMarks = keys.map { _ in "?" }.joined(separator: ", ")
            return Fragment(sql: "\(column) IN (\(keyMarks)) AND \(entityColumn) IN (\(codeMarks))", bindings: keys + codeList)
        default:
            return nil
        }
    }

    private static func objectID(_ value: Any) -> NSManagedObjectID? {
        (value as? NSManagedObjectID) ?? (value as? ObjectIDIdentifiable)?.objectID
    }

    /// The key and entity code of a saved object of this store's model; nil when no row can have it.
    private func reference(_ objectID: NSManagedObjectID) -> [SQLValue]? {
        guard let key = objectID.primaryKey, let code = schema.code(for: objectID.entity) else { return nil }
        return [.integer(key), .integer(code)]
    }

    // MARK: - Sorting

    /// `ORDER BY` terms for `descriptors`, or nil when one of them cannot be sorted in SQL exactly.
    func orderBy(_ descriptors: [NSSortDescriptor], entity: NSEntityDescription) -> [String]? {
        var terms: [String] = []
        for descriptor in descriptors {
            guard descriptor.customComparator == nil, let key = descriptor.key else { return nil }
            let direction = descriptor.ascending ? "ASC" : "DESC"
            switch resolve(ParsedKeyPath(key).components[...], entity: entity, alias: "t") {
            case .column(let expression, let kind, let normalized)?:
                switch kind {
                case .string where !normalized:
                    return nil
                case .integer16, .integer32, .integer64, .boolean, .double, .float, .date, .string:
                    terms.append("\(expression) \(direction)")
                case .decimal, .binary, .uuid, .uri, .any:
                    return nil
                }
            case .count(let expression)?:
                terms.append("\(expression) \(direction)")
            case .object?, nil:
                return nil
            }
        }
        return terms
    }
}
