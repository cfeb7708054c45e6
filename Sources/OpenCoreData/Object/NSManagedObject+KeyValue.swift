import Foundation

extension NSManagedObject {
    /// The value of the property named `key`, in Core Data's types: `NSNumber` for integers, floats and
    /// booleans, `NSDecimalNumber` for decimals, the object or nil for a to-one, `NSSet`/`NSOrderedSet`
    /// for a to-many. An unknown key is a programmer error and traps, as Core Data raises.
    public func value(forKey key: String) -> Any? {
        let slot = layout.slot(forKey: key)
        fireFaultIfNeeded()
        return publicValue(at: slot)
    }

    /// Sets the property named `key`, tracking the change and updating the inverse relationship.
    ///
    /// Attributes take their Core Data type or an equivalent Swift value (`Int` for an integer
    /// attribute, `Decimal` for a decimal...); to-many relationships take an `NSSet`, `NSOrderedSet`,
    /// `Set` or array of objects. A value of another type traps, as Core Data raises.
    public func setValue(_ value: Any?, forKey key: String) {
        let slot = layout.slot(forKey: key)
        fireFaultIfNeeded()
        switch layout.kinds[slot] {
        case .attribute(let kind):
            let canonical = canonicalAttributeValue(value, kind: kind, key: key)
            recordChange(slot)
            slots[slot] = canonical
        case .toOne:
            setToOne(slot, relatedObject(value, key: key))
        case .toMany:
            replaceToMany(slot, relatedObjects(value, key: key))
        }
    }

    /// The value at a dotted key path, following relationships (to-many ones give a set of values).
    public func value(forKeyPath keyPath: String) -> Any? {
        // A single key is `value(forKey:)`, as in Foundation: an ordered to-many keeps its order.
        if !keyPath.contains(".") { return value(forKey: keyPath) }
        var current: [Any] = [self]
        var isCollection = false
        for key in keyPath.split(separator: ".").map(String.init) {
            var next: [Any] = []
            for case let object as NSManagedObject in current {
                switch object.value(forKey: key) {
                case let set as NSSet:
                    isCollection = true
                    next.append(contentsOf: set.allObjects)
                case let ordered as NSOrderedSet:
                    isCollection = true
                    next.append(contentsOf: ordered.array)
                case let value?:
                    next.append(value)
                case nil:
                    break
                }
            }
            current = next
        }
        return isCollection ? NSSet(array: current) : current.first
    }

    /// The stored value of `key` without change tracking side effects.
    public func primitiveValue(forKey key: String) -> Any? {
        value(forKey: key)
    }

    /// Sets the stored value of `key` without recording a change or updating inverses.
    public func setPrimitiveValue(_ value: Any?, forKey key: String) {
        let slot = layout.slot(forKey: key)
        fireFaultIfNeeded()
        switch layout.kinds[slot] {
        case .attribute(let kind):
            slots[slot] = canonicalAttributeValue(value, kind: kind, key: key)
        case .toOne:
            slots[slot] = relatedObject(value, key: key)
        case .toMany(let ordered):
            slots[slot] = ToManyStorage(isOrdered: ordered, objects: ObjectSet(relatedObjects(value, key: key)))
        }
    }

    /// Loads the object's values if it is a fault. Call before reading primitive values in custom accessors.
    public func willAccessValue(forKey key: String?) {
        fireFaultIfNeeded()
    }

    /// Pairs with `willAccessValue(forKey:)`.
    public func didAccessValue(forKey key: String?) {}

    /// Announces a change of `key` made with `setPrimitiveValue(_:forKey:)`.
    public func willChangeValue(forKey key: String) {
        fireFaultIfNeeded()
        prepareForChange()
    }

    /// Records the change of `key` announced by `willChangeValue(forKey:)`.
    public func didChangeValue(forKey key: String) {
        markChanged(layout.slot(forKey: key))
    }

    /// A mutable set whose changes apply to the to-many relationship `key`, with change tracking and inverses.
    public func mutableSetValue(forKey key: String) -> NSMutableSet {
        ManagedMutableSet(owner: self, slot: toManySlot(forKey: key))
    }

    /// A mutable ordered set whose changes apply to the ordered relationship `key`, with change tracking and inverses.
    public func mutableOrderedSetValue(forKey key: String) -> NSMutableOrderedSet {
        ManagedMutableOrderedSet(owner: self, slot: toManySlot(forKey: key))
    }

    // MARK: - Internals

    func publicValue(at slot: Int) -> Any? {
        switch layout.kinds[slot] {
        case .attribute(let kind): kind.publicValue(slots[slot])
        case .toOne: slots[slot]
        case .toMany: toManyStorage(at: slot).publicValue
        }
    }

    func toManySlot(forKey key: String) -> Int {
        let slot = layout.slot(forKey: key)
        guard case .toMany = layout.kinds[slot] else {
            preconditionFailure("'\(key)' of entity \(entity.name ?? "?") is not a to-many relationship")
        }
        return slot
    }

    private func canonicalAttributeValue(_ value: Any?, kind: AttributeKind, key: String) -> Any? {
        guard let canonical = kind.canonicalValue(value) else {
            preconditionFailure("Unacceptable type of value for attribute: property = \"\(key)\"; desired type = \(kind.expectedClassName); given type = \(value.map { "\(type(of: $0))" } ?? "nil"); value = \(value.map { "\($0)" } ?? "nil").")
        }
        return canonical
    }

    private func relatedObject(_ value: Any?, key: String) -> NSManagedObject? {
        guard let value, !isNullValue(value) else { return nil }
        guard let object = value as? NSManagedObject else {
            preconditionFailure("Unacceptable type of value for to-one relationship: property = \"\(key)\"; desired type = NSManagedObject; given type = \(type(of: value))")
        }
        checkRelatable(object, key: key)
        return object
    }

    private func relatedObjects(_ value: Any?, key: String) -> [NSManagedObject] {
        guard let value, !isNullValue(value) else { return [] }
        // What `@Managed` sets hand over, told by its exact type: a cast of an array to another
        // element type casts each element.
        if type(of: value) == [NSObject].self, let objects = value as? [NSObject] {
            return objects.map { relatable(element: $0, key: key) }
        }
        let elements: [Any]
        if isObject(value) {
            if let set = value as? NSSet {
                elements = set.allObjects
            } else if let ordered = value as? NSOrderedSet {
                elements = ordered.array
            } else if let sequence = value as? any Sequence {
                elements = anyElements(sequence)
            } else {
                unacceptableToMany(value, key: key)
            }
        } else if let objects = value as? Set<NSManagedObject> {
            return objects.map { relatable($0, key: key) }
        } else if let objects = value as? [NSManagedObject] {
            return objects.map { relatable($0, key: key) }
        } else if let sequence = value as? any Sequence, !(value is String) {
            elements = anyElements(sequence)
        } else {
            unacceptableToMany(value, key: key)
        }
        return elements.map { relatable(element: $0, key: key) }
    }

    /// An element of a to-many value, which must be a managed object that can be related.
    private func relatable<Element>(element: Element, key: String) -> NSManagedObject {
        guard let object = element as? NSManagedObject else {
            preconditionFailure("Unacceptable type of object in to-many relationship \"\(key)\": \(type(of: element))")
        }
        return relatable(object, key: key)
    }

    private func unacceptableToMany(_ value: Any, key: String) -> Never {
        preconditionFailure("Unacceptable type of value for to-many relationship: property = \"\(key)\"; desired type = NSSet; given type = \(type(of: value))")
    }

    private func relatable(_ object: NSManagedObject, key: String) -> NSManagedObject {
        checkRelatable(object, key: key)
        return object
    }

    private func checkRelatable(_ object: NSManagedObject, key: String) {
        guard let otherToken = object.contextToken, let ownToken = contextToken, otherToken !== ownToken else { return }
        precondition(
            otherToken.context == nil || ownToken.context == nil,
            "Illegal attempt to establish a relationship '\(key)' between objects in different contexts"
        )
    }
}

private func anyElements<S: Sequence>(_ sequence: S) -> [Any] {
    sequence.map { $0 }
}
