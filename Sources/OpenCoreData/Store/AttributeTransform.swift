import Foundation

/// Custom value transformers of transformable attributes, applied where values pass between contexts and
/// stores: a store holds `transformedValue(_:)` of an object's value, and objects hold `reverseTransformedValue(_:)`
/// of the stored one, as with Core Data.
///
/// An attribute without a transformer name, or naming one of Apple's unarchiving transformers (which Core Data
/// uses in reverse, to archive values), keeps the stores' own coding of transformable values, which archives them.
enum AttributeTransform {
    /// The names under which Core Data archives values, as the stores do themselves.
    private static let archivingNames: Set<NSValueTransformerName> = [
        .unarchiveFromDataTransformerName, .keyedUnarchiveFromDataTransformerName, .secureUnarchiveFromDataTransformerName,
    ]

    /// The name of the custom transformer of `attribute`, if it is transformable and names one.
    static func customTransformerName(of attribute: NSAttributeDescription) -> NSValueTransformerName? {
        guard attribute.attributeType == .transformableAttributeType, let name = attribute.valueTransformerName.map(NSValueTransformerName.init(rawValue:)),
              !archivingNames.contains(name)
        else { return nil }
        return name
    }

    /// The form a store holds of `value`, an object's value of the attribute at `slot` of `layout`; throws a save
    /// error when the value is not nil and no transformer is registered under its name. A nil value needs no
    /// transformer: Core Data only warns about a name it cannot find, and transforms nothing that is nil.
    static func storedForm(of value: Any?, slot: Int, layout: EntityLayout) throws -> Any? {
        guard let name = layout.transformerNames[slot], let value else { return value }
        guard let transformer = ValueTransformer(forName: name) else {
            let property = "\(layout.entity.name ?? "?").\(layout.properties[slot].name)"
            throw CoreDataError.make(NSPersistentStoreSaveError, "No value transformer is registered under the name \"\(name.rawValue)\" of the attribute \(property).")
        }
        return transformer.transformedValue(value)
    }

    /// `values` of objects of `layout` (by slot, as `slots` lists them) in the form stores hold.
    static func storedForms(of values: [Any?], slots: [Int], layout: EntityLayout) throws -> [Any?] {
        guard !layout.transformerNames.isEmpty else { return values }
        return try zip(values, slots).map { try storedForm(of: $0, slot: $1, layout: layout) }
    }

    /// `snapshot` of a row of `layout` in the form objects hold; attributes whose transformer is not registered
    /// read as nil.
    static func objectForm(of snapshot: ObjectSnapshot, layout: EntityLayout) -> ObjectSnapshot {
        var snapshot = snapshot
        for (slot, name) in layout.transformerNames {
            let transformer = ValueTransformer(forName: name)
            snapshot.values[slot] = snapshot.values[slot].flatMap { transformer?.reverseTransformedValue($0) }
        }
        return snapshot
    }

    /// `row` in the form objects hold.
    static func objectForm(of row: StoredRow) -> StoredRow {
        let layout = row.objectID.entity.layout
        guard !layout.transformerNames.isEmpty else { return row }
        return StoredRow(objectID: row.objectID, snapshot: objectForm(of: row.snapshot, layout: layout))
    }
}
