import Foundation

extension NSEntityDescription {
    /// The entity's subentities at any depth, each before its own subentities.
    var descendantEntities: [NSEntityDescription] {
        var descendants: [NSEntityDescription] = []
        var pending = Array(subentities.reversed())
        while let subentity = pending.popLast() {
            descendants.append(subentity)
            pending.append(contentsOf: subentity.subentities.reversed())
        }
        return descendants
    }
}
