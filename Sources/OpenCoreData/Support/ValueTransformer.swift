import Foundation

/// Foundation's value transformer, which swift-corelibs-foundation lacks: converts values from one
/// representation to another, and is registered by name so that transformable attributes
/// (`NSAttributeDescription.valueTransformerName`) and other code can find it.
///
/// Subclass it and override `transformedValue(_:)` (and `reverseTransformedValue(_:)` when the reverse is
/// not the same transformation), then register an instance with `setValueTransformer(_:forName:)`.
open class ValueTransformer: NSObject, _ValueTransformerLookup {
    /// The class of the values `transformedValue(_:)` returns; `NSObject` unless overridden.
    open class func transformedValueClass() -> AnyClass {
        NSObject.self
    }

    /// Whether the transformer can reverse its transformation; true unless overridden.
    open class func allowsReverseTransformation() -> Bool {
        true
    }

    /// The transformation of `value`; the value itself unless overridden.
    open func transformedValue(_ value: Any?) -> Any? {
        value
    }

    /// The reverse transformation of `value`: `transformedValue(_:)` applied to it when the transformer allows
    /// reverse transformation, else nil (Apple's raises an exception there).
    open func reverseTransformedValue(_ value: Any?) -> Any? {
        type(of: self).allowsReverseTransformation() ? transformedValue(value) : nil
    }

    /// Registers `transformer` under `name`, replacing any transformer registered under it; nil removes it.
    public class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        TransformerRegistry.shared.set(transformer, for: name)
    }

    /// The names of all registered transformers, the predefined ones included, sorted.
    public class func valueTransformerNames() -> [NSValueTransformerName] {
        TransformerRegistry.shared.names
    }
}

/// Gives `ValueTransformer` its `init?(forName:)`, which hands out the registered instance: a class
/// initializer cannot, but a protocol extension's can assign `self`.
public protocol _ValueTransformerLookup {}

extension _ValueTransformerLookup where Self: ValueTransformer {
    /// The transformer registered under `name`; nil when there is none, or when it is not of this class.
    public init?(forName name: NSValueTransformerName) {
        guard let transformer = TransformerRegistry.shared.transformer(named: name) as? Self else { return nil }
        self = transformer
    }
}

/// The registered transformers by name, behind a lock: any thread may register or look up.
private final class TransformerRegistry: @unchecked Sendable {
    static let shared = TransformerRegistry()

    private let lock = NSLock()
    private var transformers: [NSValueTransformerName: ValueTransformer] = [
        .negateBooleanTransformerName: NegateBooleanTransformer(),
        .isNilTransformerName: IsNilTransformer(negated: false),
        .isNotNilTransformerName: IsNilTransformer(negated: true),
        .keyedUnarchiveFromDataTransformerName: KeyedUnarchiveFromDataTransformer(),
    ]

    func set(_ transformer: ValueTransformer?, for name: NSValueTransformerName) {
        lock.lock()
        defer { lock.unlock() }
        transformers[name] = transformer
    }

    func transformer(named name: NSValueTransformerName) -> ValueTransformer? {
        lock.lock()
        defer { lock.unlock() }
        return transformers[name]
    }

    var names: [NSValueTransformerName] {
        lock.lock()
        defer { lock.unlock() }
        return transformers.keys.sorted { $0.rawValue < $1.rawValue }
    }
}

/// `.negateBooleanTransformerName`: a Boolean `NSNumber` negated; nil for a value that is not a Boolean.
private final class NegateBooleanTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass {
        NSNumber.self
    }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let bool = value as? Bool else { return nil }
        return NSNumber(value: !bool)
    }
}

/// `.isNilTransformerName` and `.isNotNilTransformerName`: whether the value is nil (or not), as a Boolean
/// `NSNumber`; one way only.
private final class IsNilTransformer: ValueTransformer {
    private let negated: Bool

    init(negated: Bool) {
        self.negated = negated
    }

    override class func transformedValueClass() -> AnyClass {
        NSNumber.self
    }

    override class func allowsReverseTransformation() -> Bool {
        false
    }

    override func transformedValue(_ value: Any?) -> Any? {
        NSNumber(value: (value == nil) != negated)
    }
}

/// `.keyedUnarchiveFromDataTransformerName`: keyed-archive data unarchived (nil when it is not a readable
/// archive); in reverse, a property-list value or `NSCoding` object archived (nil for any other value).
private final class KeyedUnarchiveFromDataTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass {
        NSData.self
    }

    override func transformedValue(_ value: Any?) -> Any? {
        (value as? Data).flatMap(KeyedArchiveCheck.unarchivedObject)
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let value, value is NSObject & NSCoding || PropertyListSerialization.propertyList(value, isValidFor: .binary) else { return nil }
        return try? NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: false)
    }
}
