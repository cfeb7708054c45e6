import OpenCoreData

/// Gives `source` a relationship `name` to `destination`, and `destination` its inverse
/// `inverseName`: optional, nullify, to-one unless told otherwise. The fuzz targets' models are built
/// in code with it.
public func relate(
    _ source: NSEntityDescription, _ name: String, to destination: NSEntityDescription,
    toMany: Bool = false, ordered: Bool = false, inverse inverseName: String, inverseToMany: Bool = false
) {
    let forward = relationship(name, to: destination, toMany: toMany, ordered: ordered)
    let inverse = relationship(inverseName, to: source, toMany: inverseToMany, ordered: false)
    forward.inverseRelationship = inverse
    inverse.inverseRelationship = forward
    source.properties += [forward]
    destination.properties += [inverse]
}

/// A relationship `name` to `destination`, without inverse: optional, nullify.
public func relationship(_ name: String, to destination: NSEntityDescription, toMany: Bool, ordered: Bool) -> NSRelationshipDescription {
    let relationship = NSRelationshipDescription()
    relationship.name = name
    relationship.destinationEntity = destination
    relationship.maxCount = toMany ? 0 : 1
    relationship.isOrdered = ordered
    return relationship
}
