#if DEBUG
import Foundation

/// Checks, in debug builds, that a class adopting ``UsingDefaultHooks`` implements neither hook:
/// once per class and model, before its first decode.
///
/// Each hook is called once with a ``HookProbeDecoder``, which holds no JSON: the default
/// `container(for:)` asks it for one keyed container and returns that container untouched, and the
/// default `initialize(from:)` passes it straight to a default initialization, which stops there.
/// Anything else (reading a value, setting one, changing the object, throwing) is a hook of the
/// class's own. The object given to `initialize(from:)` is a new one in no context, its attributes
/// set to sample values first, so that code deriving values from others changes something.
struct DefaultHooksCheck<Object: CoreDataDecodable> {
    let managedType: NSManagedObject.Type
    let entity: NSEntityDescription

    init(_ type: Object.Type, managedType: NSManagedObject.Type, entity: NSEntityDescription) {
        self.managedType = managedType
        self.entity = entity
    }

    /// Throws ``CoreDataCodableError/hookOverridden`` naming the first hook the class implements.
    func run() throws {
        if !keepsDefaultContainer() { throw overridden("container(for:)") }
        if !keepsDefaultInitialize() { throw overridden("initialize(from:)") }
    }

    private func keepsDefaultContainer() -> Bool {
        let probe = HookProbe()
        guard let container = try? Object.container(for: HookProbeDecoder(probe: probe)) as? CoreDataKeyedDecodingContainer<Object>
        else { return false }
        return container.values.manualValues.isEmpty && probe.keyedContainersMade == 1 && !probe.wasRead
    }

    private func keepsDefaultInitialize() -> Bool {
        let object = managedType.init(entity: entity, insertInto: nil)
        guard let typed = object as? Object else { return true }
        for attribute in entity.properties.compactMap({ $0 as? NSAttributeDescription }) {
            if let kind = AttributeKind.of(attribute.attributeType) { object.setValue(sampleValue(of: kind), forKey: attribute.name) }
        }
        let names = entity.properties.map(\.name)
        let before = names.map { object.value(forKey: $0) }
        let probe = HookProbe()
        guard (try? typed.initialize(from: HookProbeDecoder(probe: probe))) != nil else { return false }
        let unchanged = zip(names, before).allSatisfy { UndoLog.isSame(object.value(forKey: $0), $1) }
        return unchanged && probe.defaultInitializations == 1 && probe.keyedContainersMade == 0 && !probe.wasRead
    }

    private func overridden(_ hook: String) -> CoreDataCodableError {
        CoreDataCodableError(.hookOverridden(entity: entity.codableName, className: String(describing: Object.self), hook: hook))
    }
}

/// A value of an attribute kind that code deriving from it changes: not empty, not zero.
private func sampleValue(of kind: AttributeKind) -> Any {
    switch kind.family {
    case .integer: NSNumber(value: 7)
    case .real: NSNumber(value: 7.5)
    case .decimal: NSDecimalNumber(decimal: 7.5)
    case .boolean: NSNumber(value: true)
    case .string: "Probe"
    case .date: Date(timeIntervalSince1970: 7)
    case .binaryData: Data([7])
    case .uuid: UUID()
    case .uri: URL(string: "probe:7") ?? NSNull()
    }
}

/// What a hook did with a ``HookProbeDecoder``.
final class HookProbe {
    /// The keyed containers asked for.
    var keyedContainersMade = 0
    /// Whether anything else was asked: a value, a coding path, the user info, another container.
    var wasRead = false
    /// The default initializations that received the probe with every property.
    var defaultInitializations = 0
}

/// A decoder without JSON, given to a class's hooks by ``DefaultHooksCheck``: it notes what they ask.
struct HookProbeDecoder: Decoder {
    let probe: HookProbe

    var codingPath: [any CodingKey] {
        probe.wasRead = true
        return []
    }

    var userInfo: [CodingUserInfoKey: Any] {
        probe.wasRead = true
        return [:]
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        probe.keyedContainersMade += 1
        return KeyedDecodingContainer(HookProbeContainer<Key>(probe: probe))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        probe.wasRead = true
        throw Self.noValue
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        probe.wasRead = true
        throw Self.noValue
    }

    static let noValue = DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "A hook probe holds no JSON."))
}

/// The keyed container of a ``HookProbeDecoder``: empty, and every question is noted as a read.
private struct HookProbeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: HookProbe

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        probe.wasRead = true
        return []
    }

    func contains(_ key: Key) -> Bool {
        probe.wasRead = true
        return false
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try noValue()
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try noValue()
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try noValue()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try noValue()
    }

    func superDecoder() throws -> any Decoder {
        try noValue()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try noValue()
    }

    private func noValue<T>() throws -> T {
        probe.wasRead = true
        throw HookProbeDecoder.noValue
    }
}
#endif
