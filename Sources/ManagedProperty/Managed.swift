import Foundation
import OpenAddressing

/// A typed property of a managed object, stored through key-value coding.
///
/// Use it in an `NSManagedObject` subclass where Apple platforms use `@NSManaged`:
///
/// ```swift
/// final class Person: NSManagedObject {
///     @Managed var name: String?
///     @Managed("birth_date") var birthDate: Date?
///     @Managed var country: Country?
///     @Managed var tags: Set<Tag>
/// }
/// ```
///
/// Reads call `value(forKey:)` and writes call `setValue(_:forKey:)`, so change tracking and
/// inverse relationships work exactly as for any other property. The key is the property's
/// name unless one is given; it is found once per property declaration (with `Mirror`) and then
/// cached by its storage key path, so that the objects made later read it from the cache.
/// The same declaration works over Apple's `NSManagedObject` and OpenCoreData's.
///
/// Each property takes 4 bytes of its object: a given key is kept as its number in a table of
/// given keys (``GivenManagedKeys``), not as a `String` (16 bytes). Importing the README
/// benchmark's 100k people (9 properties each) with their notes peaked 16 MB (4%) higher with
/// the strings.
@propertyWrapper
public struct Managed<Value: ManagedPropertyValue>: Sendable {
    /// The number of the given key in ``GivenManagedKeys``; ``GivenManagedKeys/none`` for a property
    /// stored under its own name.
    @usableFromInline var keyNumber: UInt32

    /// A property stored under its own name.
    public init() {
        keyNumber = GivenManagedKeys.none
    }

    /// A property stored under `key`.
    public init(_ key: String) {
        keyNumber = GivenManagedKeys.shared.number(of: key)
    }

    /// Unavailable: `@Managed` works only inside a class that adopts ``ManagedPropertyContainer``.
    @available(*, unavailable, message: "@Managed is only available on properties of managed objects")
    public var wrappedValue: Value {
        get { fatalError("@Managed is only available on properties of managed objects") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@Managed is only available on properties of managed objects") }
    }

    /// Reads and writes the value through the enclosing object's key-value coding.
    public static subscript<Object: ManagedPropertyContainer>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        get {
            let key = resolvedKey(of: object, storage: storageKeyPath)
            return Value.fromManagedValue(object.value(forKey: key))
        }
        set {
            let key = resolvedKey(of: object, storage: storageKeyPath)
            object.setValue(newValue.managedValue, forKey: key)
        }
    }

    @inline(__always)
    static func resolvedKey<Object: ManagedPropertyContainer>(
        of object: Object, storage: ReferenceWritableKeyPath<Object, Self>
    ) -> String {
        ManagedKeyRegistry.shared.key(for: storage) {
            GivenManagedKeys.shared.key(numbered: object[keyPath: storage].keyNumber) ?? propertyName(of: object, storage: storage)
        }
    }

    /// Finds the property's name by marking this instance's storage and looking for the mark
    /// among the object's mirrored children (`_name` for a property `name`).
    static func propertyName<Object: ManagedPropertyContainer>(
        of object: Object, storage: ReferenceWritableKeyPath<Object, Self>
    ) -> String {
        object[keyPath: storage].keyNumber = GivenManagedKeys.mark
        defer { object[keyPath: storage].keyNumber = GivenManagedKeys.none }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let wrapper = child.value as? Self, wrapper.keyNumber == GivenManagedKeys.mark else {
                    continue
                }
                return label.hasPrefix("_") ? String(label.dropFirst()) : label
            }
            mirror = current.superclassMirror
        }
        preconditionFailure("@Managed could not find its property in \(Object.self); declare it as a stored property of the class")
    }
}

/// Resolved keys, one per `@Managed` property declaration.
///
/// Looked up by the address of the storage key path: the runtime makes one key path object per
/// key path literal, and the registry keeps it, so its address stays its own. Hashing the key
/// path and writing the key into each new object's storage cost about 5,800 instructions per
/// access, most of the time of an import written by hand with `@Managed` properties (the README
/// benchmark's scenario 2h). The addresses are found in a ``PositionHashTable``: with a dictionary
/// keyed by `ObjectIdentifier`, which hashed each one with SipHash, that import's object graph
/// counted 3% more instructions (269.6M against 261.2M at 5,000 people).
final class ManagedKeyRegistry: @unchecked Sendable {
    static let shared = ManagedKeyRegistry()
    private let lock = NSLock()
    /// The key paths, kept so that their addresses stay theirs, with their addresses and keys.
    /// Read and written under `lock` only, so they skip dynamic exclusivity checks.
    @exclusivity(unchecked) private var storages: [AnyKeyPath] = []
    @exclusivity(unchecked) private var addresses: [Int64] = []
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var positions = PositionHashTable()

    /// The key of the property stored at `storage`; `resolve` finds it the first time.
    func key(for storage: AnyKeyPath, resolve: () -> String) -> String {
        let address = Int64(Int(bitPattern: ObjectIdentifier(storage)))
        lock.lock()
        defer { lock.unlock() }
        if let position = positions.position(of: address, keyAt: { addresses[$0] }) { return keys[position] }
        let key = resolve()
        _ = positions.insert(addresses.count, for: address, keyAt: { addresses[$0] })
        storages.append(storage)
        addresses.append(address)
        keys.append(key)
        return key
    }
}

/// The keys given to `@Managed(_:)`, numbered from 1 in the order first given, so that each
/// property stores a number instead of its key.
///
/// A given key is looked up here each time an object of its class is made (about 100 ns); keys
/// are declared in source, so the table stays as small as the set of declarations.
final class GivenManagedKeys: @unchecked Sendable {
    static let shared = GivenManagedKeys()
    /// The number of no key: the property is stored under its own name.
    static let none: UInt32 = 0
    /// The number a property's storage holds while `Managed.propertyName(of:storage:)` looks for it.
    static let mark: UInt32 = .max
    private let lock = NSLock()
    private var numbers: [String: UInt32] = [:]
    private var keys: [String] = []

    /// The number of `key`, given it the first time.
    func number(of key: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[key] { return number }
        keys.append(key)
        let number = UInt32(keys.count)
        numbers[key] = number
        return number
    }

    /// The key numbered `number`; nil for ``none`` (and the mark).
    func key(numbered number: UInt32) -> String? {
        guard number != Self.none, number != Self.mark else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return keys[Int(number) - 1]
    }
}
