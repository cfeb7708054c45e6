import Foundation

/// How an entity decoded by the model alone makes and fills objects of its subentities, as Groot
/// does: the JSON object names the subentity to make (the sync reads it with the entity's
/// `entityMapperName` transformer), and an object of a subentity, made or found, also gets the
/// attributes its subentity adds.
///
/// Made once with its ``DecodableType``, for entities that have subentities.
struct SubentityDecoding {
    /// One subentity, at any depth below the entity.
    struct Subentity {
        let entity: NSEntityDescription
        let objectClass: NSManagedObject.Type
        /// The attributes the subentity has and the decoded entity does not.
        let addedAttributes: [PropertyMapping]
    }

    /// The key of a JSON object under which the name of the subentity to make is.
    static let nameKey = JSONKey("\u{1}subentity")

    let subentities: [Subentity]

    /// The subentity `values` name under ``nameKey``; nil when they name none of these.
    func subentity(namedIn values: ObjectValues) -> Subentity? {
        guard let name = try? values.container.decodeIfPresent(String.self, forKey: Self.nameKey) else { return nil }
        return subentities.first { $0.entity.name == name }
    }

    /// The attributes an object of `entity`, when it is one of these subentities, adds.
    func addedAttributes(of entity: NSEntityDescription) -> [PropertyMapping] {
        subentities.first { $0.entity === entity }?.addedAttributes ?? []
    }
}
