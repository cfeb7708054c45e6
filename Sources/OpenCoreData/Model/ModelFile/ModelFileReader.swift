import Foundation

/// Reads the XML of one Xcode model version into entity descriptions.
///
/// Entities are made first, then linked: parents, relationship destinations and inverses, fetch
/// indexes and uniqueness constraints, configurations. Elements OpenCoreData does not model (fetched
/// properties, fetch request templates, derived attributes, the diagram's `elements`) are skipped.
struct ModelFileReader {
    /// The entities, in file order, with their properties, inheritance and relationships linked.
    private(set) var entities: [NSEntityDescription] = []
    /// The configurations' member entities by configuration name, in file order.
    private(set) var configurations: [(name: String, entities: [NSEntityDescription])] = []
    /// The model's version identifiers.
    private(set) var versionIdentifiers: Set<AnyHashable> = []

    private let url: URL
    private let classNames: ManagedObjectClassName
    private var entitiesByName: [String: NSEntityDescription] = [:]
    private var ownPropertiesByEntity: [String: [String: NSPropertyDescription]] = [:]

    /// Reads the model at `url` (see `ModelFileLocation`), resolving `.Name` classes in `productModuleName`.
    init(url: URL, productModuleName: String?) throws {
        let location = try ModelFileLocation(url: url)
        self.url = location.contentsURL
        classNames = ManagedObjectClassName(productModuleName: productModuleName, modelURL: location.contentsURL)
        let data: Data
        do {
            data = try Data(contentsOf: location.contentsURL)
        } catch {
            throw ModelFileError(.fileNotFound, url: location.contentsURL, detail: "cannot be read: \(error.localizedDescription)")
        }
        let root = try XMLElementTree.parse(data, url: location.contentsURL)
        guard root.name == "model" else {
            throw ModelFileError(.malformedXML, url: self.url, detail: "the root element is <\(root.name)>, not <model>")
        }
        try read(root)
    }

    private mutating func read(_ root: XMLElementTree) throws {
        let entityElements = root.children(named: "entity")
        for element in entityElements {
            let entity = try makeEntity(element)
            entities.append(entity)
        }
        try linkParents(entityElements)
        for element in entityElements {
            try linkEntity(element)
        }
        try checkInverses()
        for element in root.children(named: "configuration") {
            let name = try required("name", of: element, in: "configuration")
            let members = try element.children(named: "memberEntity").map { member in
                let entityName = try required("name", of: member, in: "configuration \"\(name)\", memberEntity")
                return try entity(named: entityName, referencedBy: "configuration \"\(name)\"")
            }
            configurations.append((name, members))
        }
        if let identifier = root.attributes["userDefinedModelVersionIdentifier"], !identifier.isEmpty {
            versionIdentifiers = [identifier]
        }
    }

    // MARK: Entities and properties

    private mutating func makeEntity(_ element: XMLElementTree) throws -> NSEntityDescription {
        let name = try required("name", of: element, in: "entity at line \(element.line)")
        guard entitiesByName[name] == nil else {
            throw ModelFileError(.duplicateName, url: url, element: "entity \"\(name)\"", detail: "a second entity named \"\(name)\"")
        }
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName = classNames.resolve(element.attributes["representedClassName"])
        entity.isAbstract = element.flag("isAbstract")
        entity.versionHashModifier = element.attributes["versionHashModifier"]
        // Xcode writes the "Renaming ID" of the model inspector as `elementID`.
        entity.renamingIdentifier = element.attributes["elementID"]
        entity.userInfo = Self.userInfo(of: element)
        var properties: [NSPropertyDescription] = []
        var byName: [String: NSPropertyDescription] = [:]
        for child in element.children where child.name == "attribute" || child.name == "relationship" {
            guard !child.flag("derived") else { continue }
            let propertyName = try required("name", of: child, in: "entity \"\(name)\", \(child.name) at line \(child.line)")
            let place = "entity \"\(name)\", \(child.name) \"\(propertyName)\""
            guard byName[propertyName] == nil else {
                throw ModelFileError(.duplicateName, url: url, element: place, detail: "a second property named \"\(propertyName)\"")
            }
            let property = child.name == "attribute" ? try makeAttribute(child, at: place) : try makeRelationship(child, at: place)
            property.name = propertyName
            property.isOptional = child.flag("optional")
            property.isTransient = child.flag("transient")
            property.isIndexed = child.flag("indexed")
            property.versionHashModifier = child.attributes["versionHashModifier"]
            property.renamingIdentifier = child.attributes["elementID"]
            property.userInfo = Self.userInfo(of: child)
            properties.append(property)
            byName[propertyName] = property
        }
        entity.properties = properties
        entitiesByName[name] = entity
        ownPropertiesByEntity[name] = byName
        return entity
    }

    private func makeAttribute(_ element: XMLElementTree, at place: String) throws -> NSAttributeDescription {
        let typeName = element.attributes["attributeType"]
        guard let type = NSAttributeType(xcodeName: typeName) else {
            throw ModelFileError(.unknownAttributeType, url: url, element: place, detail: "unknown attributeType \"\(typeName ?? "")\"")
        }
        let attribute = NSAttributeDescription()
        attribute.attributeType = type
        attribute.valueTransformerName = element.attributes["valueTransformerName"]
        attribute.attributeValueClassName = element.attributes["customClassName"]
        attribute.allowsExternalBinaryDataStorage = element.flag("allowsExternalBinaryDataStorage")
        let kind = AttributeKind(type)
        let defaultText = type == .dateAttributeType ? element.attributes["defaultDateTimeInterval"] ?? element.attributes["defaultValueString"] : element.attributes["defaultValueString"]
        if let defaultText {
            guard let stored = kind.storedValue(fromDefaultString: defaultText) else {
                throw ModelFileError(.invalidValue, url: url, element: place, detail: "the default value \"\(defaultText)\" is not a valid \(typeName ?? "value")")
            }
            attribute.defaultValue = kind.publicValue(stored)
        }
        return attribute
    }

    private func makeRelationship(_ element: XMLElementTree, at place: String) throws -> NSRelationshipDescription {
        let relationship = NSRelationshipDescription()
        relationship.isOrdered = element.flag("ordered")
        let maxCount = try count("maxCount", of: element, at: place)
        relationship.maxCount = element.flag("toMany") ? maxCount ?? 0 : 1
        relationship.minCount = try count("minCount", of: element, at: place) ?? 0
        switch element.attributes["deletionRule"] {
        case nil, "Nullify": relationship.deleteRule = .nullifyDeleteRule
        case "Cascade": relationship.deleteRule = .cascadeDeleteRule
        case "Deny": relationship.deleteRule = .denyDeleteRule
        case "No Action": relationship.deleteRule = .noActionDeleteRule
        case let rule?:
            throw ModelFileError(.invalidValue, url: url, element: place, detail: "unknown deletionRule \"\(rule)\" (expected Nullify, Cascade, Deny or No Action)")
        }
        return relationship
    }

    private func count(_ name: String, of element: XMLElementTree, at place: String) throws -> Int? {
        guard let text = element.attributes[name] else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw ModelFileError(.invalidValue, url: url, element: place, detail: "\(name) \"\(text)\" is not a count")
        }
        return value
    }

    // MARK: Links

    private func linkParents(_ elements: [XMLElementTree]) throws {
        var children: [String: [NSEntityDescription]] = [:]
        for element in elements {
            guard let parentName = element.attributes["parentEntity"], let name = element.attributes["name"],
                  let child = entitiesByName[name]
            else { continue }
            let place = "entity \"\(name)\""
            _ = try entity(named: parentName, referencedBy: place)
            var ancestor: String? = parentName
            var seen: Set<String> = [name]
            while let current = ancestor {
                guard seen.insert(current).inserted else {
                    throw ModelFileError(.inheritanceCycle, url: url, element: place, detail: "parentEntity \"\(parentName)\" leads back to \"\(current)\"")
                }
                ancestor = elements.first { $0.attributes["name"] == current }?.attributes["parentEntity"]
            }
            children[parentName, default: []].append(child)
        }
        for (parentName, subentities) in children {
            entitiesByName[parentName]?.subentities = subentities
        }
    }

    private func linkEntity(_ element: XMLElementTree) throws {
        guard let name = element.attributes["name"], let entity = entitiesByName[name] else { return }
        if let parent = entity.superentity {
            for propertyName in (ownPropertiesByEntity[name] ?? [:]).keys.sorted() where property(propertyName, of: parent) != nil {
                throw ModelFileError(.duplicateName, url: url, element: "entity \"\(name)\"", detail: "property \"\(propertyName)\" is also inherited from entity \"\(parent.name ?? "")\"")
            }
        }
        for child in element.children(named: "relationship") {
            guard !child.flag("derived"), let propertyName = child.attributes["name"],
                  let relationship = ownPropertiesByEntity[name]?[propertyName] as? NSRelationshipDescription
            else { continue }
            let place = "entity \"\(name)\", relationship \"\(propertyName)\""
            let destinationName = try required("destinationEntity", of: child, in: place)
            let destination = try self.entity(named: destinationName, referencedBy: place)
            relationship.destinationEntity = destination
            if let inverseName = child.attributes["inverseName"] {
                guard let inverse = property(inverseName, of: destination) as? NSRelationshipDescription else {
                    throw ModelFileError(.missingInverse, url: url, element: place, detail: "inverseName \"\(inverseName)\" is not a relationship of entity \"\(destinationName)\"")
                }
                relationship.inverseRelationship = inverse
            }
        }
        entity.indexes = try element.children(named: "fetchIndex").map { try fetchIndex($0, of: entity, place: "entity \"\(name)\"") }
        entity.uniquenessConstraints = try element.children(named: "uniquenessConstraints").flatMap { constraints in
            try constraints.children(named: "uniquenessConstraint").map { constraint in
                try constraint.children(named: "constraint").map { member -> Any in
                    let propertyName = try required("value", of: member, in: "entity \"\(name)\", uniquenessConstraint")
                    guard property(propertyName, of: entity) != nil else {
                        throw ModelFileError(.unknownProperty, url: url, element: "entity \"\(name)\", uniquenessConstraint", detail: "no property named \"\(propertyName)\"")
                    }
                    return propertyName
                }
            }
        }
    }

    /// Checks that each inverse points back at its relationship's entity, as Xcode requires: inverse
    /// maintenance sets the inverse on the objects of that entity.
    private func checkInverses() throws {
        for entity in entities {
            for case let relationship as NSRelationshipDescription in entity.properties {
                guard let inverse = relationship.inverseRelationship, let back = inverse.destinationEntity, !entity.isKindOf(entity: back) else { continue }
                throw ModelFileError(
                    .missingInverse, url: url, element: "entity \"\(entity.name ?? "")\", relationship \"\(relationship.name)\"",
                    detail: "its inverse \"\(inverse.name)\" leads to entity \"\(back.name ?? "")\", not back to \"\(entity.name ?? "")\""
                )
            }
        }
    }

    private func fetchIndex(_ element: XMLElementTree, of entity: NSEntityDescription, place: String) throws -> NSFetchIndexDescription {
        let name = try required("name", of: element, in: "\(place), fetchIndex")
        let indexPlace = "\(place), fetchIndex \"\(name)\""
        let elements = try element.children(named: "fetchIndexElement").compactMap { member -> NSFetchIndexElementDescription? in
            // Expression elements (`expression="..."`) need NSExpression(format:), which is not implemented.
            guard let propertyName = member.attributes["property"] else { return nil }
            guard let property = property(propertyName, of: entity) else {
                throw ModelFileError(.unknownProperty, url: url, element: indexPlace, detail: "no property named \"\(propertyName)\"")
            }
            let index = NSFetchIndexElementDescription(property: property, collationType: member.attributes["type"] == "RTree" ? .rTree : .binary)
            index.isAscending = member.attributes["order"] != "descending"
            return index
        }
        return NSFetchIndexDescription(name: name, elements: elements)
    }

    // MARK: Lookups

    private func entity(named name: String, referencedBy place: String) throws -> NSEntityDescription {
        guard let entity = entitiesByName[name] else {
            throw ModelFileError(.missingEntity, url: url, element: place, detail: "no entity named \"\(name)\"")
        }
        return entity
    }

    /// The property `name` of `entity`, its own or inherited.
    private func property(_ name: String, of entity: NSEntityDescription) -> NSPropertyDescription? {
        var current: NSEntityDescription? = entity
        while let candidate = current {
            if let property = candidate.name.flatMap({ ownPropertiesByEntity[$0]?[name] }) { return property }
            current = candidate.superentity
        }
        return nil
    }

    private func required(_ attribute: String, of element: XMLElementTree, in place: String) throws -> String {
        guard let value = element.attributes[attribute], !value.isEmpty else {
            throw ModelFileError(.missingXMLAttribute, url: url, element: place, detail: "<\(element.name)> at line \(element.line) has no \(attribute)")
        }
        return value
    }

    private static func userInfo(of element: XMLElementTree) -> [AnyHashable: Any]? {
        guard let info = element.child(named: "userInfo") else { return nil }
        var entries: [AnyHashable: Any] = [:]
        for entry in info.children(named: "entry") {
            guard let key = entry.attributes["key"] else { continue }
            entries[key] = entry.attributes["value"] ?? ""
        }
        return entries
    }
}
