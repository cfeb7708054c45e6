import Foundation

/// The mutable set `mutableSetValue(forKey:)` returns: a live view of a to-many relationship whose
/// mutations go through the owner, so changes are tracked and inverses kept in step.
final class ManagedMutableSet: NSMutableSet {
    private let owner: NSManagedObject
    private let slot: Int

    init(owner: NSManagedObject, slot: Int) {
        self.owner = owner
        self.slot = slot
        super.init(capacity: 0)
    }

    required convenience init(arrayLiteral elements: Any...) {
        preconditionFailure("ManagedMutableSet is created by mutableSetValue(forKey:) only")
    }

    required init?(coder: NSCoder) {
        nil
    }

    required init(capacity numItems: Int) {
        preconditionFailure("ManagedMutableSet is created by mutableSetValue(forKey:) only")
    }

    private var objects: ObjectSet<NSManagedObject> {
        owner.fireFaultIfNeeded()
        return owner.toManyStorage(at: slot).objects
    }

    override var count: Int { objects.count }

    override func member(_ object: Any) -> Any? {
        guard let candidate = object as? NSManagedObject, objects.contains(candidate) else { return nil }
        return candidate
    }

    override func objectEnumerator() -> NSEnumerator {
        NSArray(array: objects.elements).objectEnumerator()
    }

    override var allObjects: [Any] { objects.elements }

    override func add(_ object: Any) {
        guard let related = object as? NSManagedObject else {
            preconditionFailure("Only managed objects can be added to a relationship, not \(type(of: object))")
        }
        owner.addToMany(slot, related)
    }

    override func remove(_ object: Any) {
        guard let related = object as? NSManagedObject else { return }
        owner.removeFromToMany(slot, related)
    }

    override func removeAllObjects() {
        owner.replaceToMany(slot, [])
    }

    override func addObjects(from array: [Any]) {
        for object in array { add(object) }
    }
}

/// The mutable ordered set `mutableOrderedSetValue(forKey:)` returns: a live view of an ordered
/// to-many relationship whose mutations go through the owner.
final class ManagedMutableOrderedSet: NSMutableOrderedSet {
    private let owner: NSManagedObject
    private let slot: Int

    init(owner: NSManagedObject, slot: Int) {
        self.owner = owner
        self.slot = slot
        super.init(capacity: 0)
    }

    required convenience init(arrayLiteral elements: Any...) {
        preconditionFailure("ManagedMutableOrderedSet is created by mutableOrderedSetValue(forKey:) only")
    }

    required init?(coder: NSCoder) {
        nil
    }

    private var elements: [NSManagedObject] {
        owner.fireFaultIfNeeded()
        return owner.toManyStorage(at: slot).objects.elements
    }

    override var count: Int { elements.count }

    override func object(at idx: Int) -> Any { elements[idx] }

    override func index(of object: Any) -> Int {
        guard let candidate = object as? NSManagedObject else { return NSNotFound }
        return elements.firstIndex { $0 === candidate } ?? NSNotFound
    }

    override func insert(_ object: Any, at idx: Int) {
        guard let related = object as? NSManagedObject else {
            preconditionFailure("Only managed objects can be added to a relationship, not \(type(of: object))")
        }
        var updated = elements.filter { $0 !== related }
        updated.insert(related, at: Swift.min(idx, updated.count))
        owner.replaceToMany(slot, updated)
    }

    override func removeObject(at idx: Int) {
        owner.removeFromToMany(slot, elements[idx])
    }

    override func replaceObject(at idx: Int, with object: Any) {
        guard let related = object as? NSManagedObject else { return }
        var updated = elements
        updated[idx] = related
        owner.replaceToMany(slot, updated)
    }

    override func add(_ object: Any) {
        insert(object, at: count)
    }

    override func remove(_ object: Any) {
        guard let related = object as? NSManagedObject else { return }
        owner.removeFromToMany(slot, related)
    }

    override func removeAllObjects() {
        owner.replaceToMany(slot, [])
    }
}
