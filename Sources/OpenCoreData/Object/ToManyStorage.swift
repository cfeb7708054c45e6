import Foundation

/// The objects of one to-many relationship of one object, mutated in place.
final class ToManyStorage {
    let isOrdered: Bool
    @exclusivity(unchecked)
    var objects: ObjectSet<NSManagedObject> {
        didSet { generation &+= 1 }
    }
    /// Counts changes to `objects`, so views of the relationship notice them.
    @exclusivity(unchecked)
    private(set) var generation = 0

    init(isOrdered: Bool, objects: ObjectSet<NSManagedObject> = ObjectSet()) {
        self.isOrdered = isOrdered
        self.objects = objects
    }

    func copy() -> ToManyStorage {
        ToManyStorage(isOrdered: isOrdered, objects: objects)
    }

    /// The last ``publicValue`` made, and the generation it reflects. (An object, not an `Any`: every
    /// to-many relationship of every object has a storage, so its size counts.)
    @exclusivity(unchecked)
    private var madePublicValue: AnyObject?
    @exclusivity(unchecked)
    private var madeGeneration = 0

    /// The objects as `value(forKey:)` returns them: an immutable `NSOrderedSet` or `NSSet`, made
    /// again only after the objects change.
    var publicValue: Any {
        if let made = madePublicValue, madeGeneration == generation { return made }
        let value = makePublicValue()
        madePublicValue = value
        madeGeneration = generation
        return value
    }

    private func makePublicValue() -> AnyObject {
        if isOrdered { return NSOrderedSet(array: objects.elements) }
        // From the object references themselves: `NSSet(array:)` boxes every element as `Any` first.
        return objects.elements.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: AnyObject.self) { references in
                references.baseAddress.map { NSSet(objects: $0, count: references.count) } ?? NSSet()
            }
        }
    }
}
