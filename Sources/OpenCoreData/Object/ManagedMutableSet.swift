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
///
/// swift-corelibs-foundation implements many `NSOrderedSet` members (`array`, `firstObject`,
/// iteration...) on the class's own storage and does not let subclasses override them, so the proxy
/// keeps that storage equal to the relationship: it reloads it whenever the relationship changed,
/// lets Foundation apply each mutation to it, and then hands the result to the owner.
final class ManagedMutableOrderedSet: NSMutableOrderedSet {
    private let owner: NSManagedObject
    private let slot: Int
    private weak var syncedStorage: ToManyStorage?
    private var syncedGeneration = -1
    /// Set while Foundation's own implementation runs, so overrides it calls do not re-enter.
    private var isInsideFoundation = false

    init(owner: NSManagedObject, slot: Int) {
        self.owner = owner
        self.slot = slot
        super.init(capacity: 0)
        synchronize()
    }

    required convenience init(arrayLiteral elements: Any...) {
        preconditionFailure("ManagedMutableOrderedSet is created by mutableOrderedSetValue(forKey:) only")
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// Reloads Foundation's storage from the relationship when the relationship changed.
    private func synchronize() {
        guard !isInsideFoundation else { return }
        owner.fireFaultIfNeeded()
        let storage = owner.toManyStorage(at: slot)
        guard storage !== syncedStorage || storage.generation != syncedGeneration else { return }
        insideFoundation {
            super.removeAllObjects()
            super.addObjects(from: storage.objects.elements)
        }
        syncedStorage = storage
        syncedGeneration = storage.generation
    }

    private func insideFoundation(_ body: () -> Void) {
        isInsideFoundation = true
        defer { isInsideFoundation = false }
        body()
    }

    /// Applies a mutation to Foundation's storage, then makes the relationship equal to it.
    private func mutate(_ body: () -> Void) {
        guard !isInsideFoundation else { return body() }
        synchronize()
        insideFoundation(body)
        let objects = (0..<super.count).map { index -> NSManagedObject in
            guard let object = super.object(at: index) as? NSManagedObject else {
                preconditionFailure("Only managed objects can be added to a relationship, not \(type(of: super.object(at: index)))")
            }
            return object
        }
        owner.replaceToMany(slot, objects)
        let storage = owner.toManyStorage(at: slot)
        syncedStorage = storage
        syncedGeneration = storage.generation
    }

    override var count: Int {
        synchronize()
        return super.count
    }

    override func object(at idx: Int) -> Any {
        synchronize()
        return super.object(at: idx)
    }

    override func index(of object: Any) -> Int {
        synchronize()
        return super.index(of: object)
    }

    override func contains(_ object: Any) -> Bool {
        synchronize()
        return super.contains(object)
    }

    override func insert(_ object: Any, at idx: Int) { mutate { super.insert(object, at: idx) } }
    override func insert(_ objects: [Any], at indexes: IndexSet) { mutate { super.insert(objects, at: indexes) } }
    override func add(_ object: Any) { mutate { super.add(object) } }
    override func addObjects(from array: [Any]) { mutate { super.addObjects(from: array) } }
    override func removeObject(at idx: Int) { mutate { super.removeObject(at: idx) } }
    override func removeObjects(at indexes: IndexSet) { mutate { super.removeObjects(at: indexes) } }
    override func removeObjects(in range: NSRange) { mutate { super.removeObjects(in: range) } }
    override func removeObjects(in array: [Any]) { mutate { super.removeObjects(in: array) } }
    override func remove(_ object: Any) { mutate { super.remove(object) } }
    override func removeAllObjects() { mutate { super.removeAllObjects() } }
    override func replaceObject(at idx: Int, with object: Any) { mutate { super.replaceObject(at: idx, with: object) } }
    override func replaceObjects(at indexes: IndexSet, with objects: [Any]) { mutate { super.replaceObjects(at: indexes, with: objects) } }
    override func setObject(_ obj: Any, at idx: Int) { mutate { super.setObject(obj, at: idx) } }
    override func exchangeObject(at idx1: Int, withObjectAt idx2: Int) { mutate { super.exchangeObject(at: idx1, withObjectAt: idx2) } }
    override func moveObjects(at indexes: IndexSet, to idx: Int) { mutate { super.moveObjects(at: indexes, to: idx) } }
    override func intersect(_ other: NSOrderedSet) { mutate { super.intersect(other) } }
    override func minus(_ other: NSOrderedSet) { mutate { super.minus(other) } }
    override func union(_ other: NSOrderedSet) { mutate { super.union(other) } }
    override func intersectSet(_ other: Set<AnyHashable>) { mutate { super.intersectSet(other) } }
    override func minusSet(_ other: Set<AnyHashable>) { mutate { super.minusSet(other) } }
    override func unionSet(_ other: Set<AnyHashable>) { mutate { super.unionSet(other) } }
    override func sort(comparator cmptr: (Any, Any) -> ComparisonResult) { mutate { super.sort(comparator: cmptr) } }
    override func sort(options opts: NSSortOptions = [], usingComparator cmptr: (Any, Any) -> ComparisonResult) {
        mutate { super.sort(options: opts, usingComparator: cmptr) }
    }
}
