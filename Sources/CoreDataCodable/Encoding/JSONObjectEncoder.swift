import Foundation

/// Encodes a value into the objects `JSONSerialization` takes (`[String: Any]`, `[Any]`, `String`,
/// `NSNumber`, `NSDecimalNumber` for a `Decimal`, `NSNull`) without writing JSON text:
/// ``NSManagedObject/export(using:)`` runs the same object encoding as `JSONEncoder` through it.
///
/// Dates are written as `JSONEncoder` writes them with the same strategy (`null` when a `.custom`
/// strategy throws or writes nothing), data as base64 strings, URLs as their absolute strings.
struct JSONObjectEncoder {
    let userInfo: [CodingUserInfoKey: Any]
    /// Writes dates by the export's strategy.
    private let dateEncoder: JSONEncoder

    init(dateEncodingStrategy: JSONEncoder.DateEncodingStrategy, userInfo: [CodingUserInfoKey: Any]) {
        dateEncoder = JSONEncoder()
        dateEncoder.dateEncodingStrategy = dateEncodingStrategy
        self.userInfo = userInfo
    }

    /// The JSON object of `value`.
    func encode(_ value: some Encodable) throws -> Any {
        let node = EncodedNode()
        try encode(value, into: node, codingPath: [])
        return node.object
    }

    /// Writes `value` into `node`: a leaf for the types JSON holds, else what `value`'s own
    /// `encode(to:)` writes.
    fileprivate func encode(_ value: some Encodable, into node: EncodedNode, codingPath: [any CodingKey]) throws {
        switch value {
        case let string as String: node.leaf = string
        case let date as Date: node.leaf = dateObject(date)
        case let data as Data: node.leaf = data.base64EncodedString()
        case let decimal as Decimal: node.leaf = NSDecimalNumber(decimal: decimal)
        case let url as URL: node.leaf = url.absoluteString
        // Swift's numbers and Booleans bridge to `NSNumber`, on Linux as on Apple platforms.
        case let number as NSNumber: node.leaf = number
        default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, encoder: self))
        }
    }

    /// A date as `JSONEncoder` writes it; `null` when a `.custom` strategy throws or writes nothing.
    private func dateObject(_ date: Date) -> Any {
        guard let data = try? dateEncoder.encode([date]),
              let array = try? JSONSerialization.jsonObject(with: data) as? [Any], let value = array.first
        else { return NSNull() }
        return value
    }
}

/// One value of the object being built: a leaf, or a dictionary or array whose members are
/// nodes, so that containers made earlier keep writing into it.
private final class EncodedNode {
    var leaf: Any = NSNull()
    var members: [String: EncodedNode]?
    var elements: [EncodedNode]?

    var object: Any {
        if let members { return members.mapValues(\.object) }
        if let elements { return elements.map(\.object) }
        return leaf
    }

    /// The member under `key`, made empty when there is none.
    func member(_ key: String) -> EncodedNode {
        if let existing = members?[key] { return existing }
        let node = EncodedNode()
        if members == nil { members = [:] }
        members?[key] = node
        return node
    }

    /// A new last element.
    func appendElement() -> EncodedNode {
        let node = EncodedNode()
        if elements == nil { elements = [] }
        elements?.append(node)
        return node
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let encoder: JSONObjectEncoder

    var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath, encoder: encoder))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath, encoder: encoder)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath, encoder: encoder)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let encoder: JSONObjectEncoder

    mutating func encodeNil(forKey key: Key) throws {
        node.member(key.stringValue).leaf = NSNull()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encode(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key], encoder: encoder).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key], encoder: encoder).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath + [JSONKey("super")], encoder: encoder)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key], encoder: encoder)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let encoder: JSONObjectEncoder

    var count: Int { node.elements?.count ?? 0 }

    private var nextPath: [any CodingKey] { codingPath + [JSONKey(intValue: count)] }

    mutating func encodeNil() throws {
        node.appendElement().leaf = NSNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try encoder.encode(value, into: node.appendElement(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return NodeEncoder(node: node.appendElement(), codingPath: path, encoder: encoder).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return NodeEncoder(node: node.appendElement(), codingPath: path, encoder: encoder).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: node.appendElement(), codingPath: path, encoder: encoder)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let encoder: JSONObjectEncoder

    mutating func encodeNil() throws {
        node.leaf = NSNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encode(value, into: node, codingPath: codingPath)
    }
}
