import Foundation

extension NSEntityDescription {
    /// The names of the attributes that identify the entity's objects, in order: the one rule every
    /// path (typed decoding, a plain `NSManagedObject`, a sync by entity name, export, one-line
    /// fetches) decides an identity by. In order of precedence:
    ///
    /// 1. `declared`, unless it is ``IdentityAttribute/fromModel``;
    /// 2. the names Groot's `identityAttributes` (comma-separated) or `identityAttribute` gives in the
    ///    entity's user info or a superentity's; none when one of them is not an attribute;
    /// 3. the attribute whose user info sets `sync.isPrimaryKey`, `hyper.isPrimaryKey` or
    ///    `JC.isIdentifier` to YES or true;
    /// 4. with `conventions` (a sync's mapping), the attribute named `id`, else `remoteID`, else
    ///    Lidenbrock's `syncID`;
    /// 5. the attributes of the entity's first uniqueness constraint.
    ///
    /// Empty when none applies: every object is then inserted.
    func identityAttributeNames(declared: IdentityAttribute, conventions: Bool) -> [String] {
        guard declared.isFromModel else { return declared.attributeNames }
        let grootNames = SyncUserInfo.identityAttributeNames(of: self)
        guard grootNames.isEmpty else {
            return grootNames.allSatisfy { attributesByName[$0] != nil } ? grootNames : []
        }
        if let flagged = properties.first(where: { $0 is NSAttributeDescription && SyncUserInfo.isSet(SyncUserInfo.primaryKeyFlags, of: $0) }) {
            return [flagged.name]
        }
        if conventions, let conventional = Self.conventionalPrimaryKeyNames.first(where: { attributesByName[$0] != nil }) {
            return [conventional]
        }
        let constraint = uniquenessConstraints.first ?? []
        let constrained = constraint.compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
        return constrained.count == constraint.count && constrained.allSatisfy { attributesByName[$0] != nil } ? constrained : []
    }
}
