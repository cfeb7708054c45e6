import CoreDataCodable
import Foundation

/// A model of one entity `entity` with optional attributes, each with its type and, for
/// transformable ones, the name of its value transformer: for tests that need no model file.
func inlineModel(_ entity: String, _ attributes: [(name: String, type: NSAttributeType, transformer: NSValueTransformerName?)]) -> NSManagedObjectModel {
    let description = NSEntityDescription()
    description.name = entity
    description.properties = attributes.map { name, type, transformer in
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = true
        attribute.valueTransformerName = transformer?.rawValue
        return attribute
    }
    let model = NSManagedObjectModel()
    model.entities = [description]
    return model
}
