import Foundation

/// A managed object class that decodes straight into a context with `JSONDecoder`, uniqued by its
/// identity attributes, with its relationships.
///
/// ```swift
/// final class Person: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys {
///     @Managed var personId: Int64
///     @Managed var fullName: String?
///     static let identityAttribute: IdentityAttribute = "personId"
/// }
///
/// let decoder = JSONDecoder()
/// decoder.managedObjectContext = context
/// let person = try decoder.decode(Person.self, from: json)          // one fetch at most
/// let people = try decoder.decode(Many<Person>.self, from: array)   // one fetch per array
/// ```
///
/// Decoding finds the object with the JSON's identity (saved or not) and updates it, or inserts
/// one; then it runs ``initialize(from:)``. A bare identifier (`1`) stands for an object of an
/// entity with a single identity attribute. A failed decode deletes what it inserted and puts back
/// what it changed. All work runs in the context's `performAndWait`; nothing is saved.
///
/// Decoding `[Person]` decodes element by element (one fetch each); decode ``Many`` instead.
/// Non-final classes: implement the hooks in the class (not only through the defaults) so that
/// subclasses can override them.
public protocol CoreDataDecodable: CoreDataMappable, Decodable {
    /// What ``container(for:)`` returns. Swift infers it from the class: ``DefaultContainerHook``
    /// when the class keeps the default, `any AnyCoreDataKeyedDecodingContainer` when it
    /// implements the hook. Never name it.
    associatedtype ContainerHookResult = DefaultContainerHook
    /// What ``initialize(from:)`` returns. Swift infers it from the class: ``DefaultInitializeHook``
    /// when the class keeps the default, `Void` when it implements the hook. Never name it.
    associatedtype InitializeHookResult = DefaultInitializeHook

    /// The keyed container of an object's JSON, run once per object before its identity is read.
    ///
    /// Implement it to change or add values (`container[.id] = ...`) that identity lookup and
    /// ``initialize(from:)`` then see, returning `any AnyCoreDataKeyedDecodingContainer`. The default
    /// returns the JSON object as it is. For a bare identifier, `decoder` presents it as an object
    /// with the identity key only.
    static func container(for decoder: any Decoder) throws -> ContainerHookResult

    /// Sets the object's properties from `decoder`; runs on insert, on update and for bare identifiers.
    ///
    /// The default sets them as ``defaultInitialization(from:)`` does. Implement it (returning
    /// nothing) to decode custom values; `decoder.container(for: Self.self)` gives the container
    /// ``container(for:)`` prepared.
    func initialize(from decoder: any Decoder) throws -> InitializeHookResult
}

/// A managed object class that decodes and encodes with `JSONDecoder` and `JSONEncoder`.
public typealias CoreDataCodable = CoreDataDecodable & CoreDataEncodable

extension CoreDataDecodable {
    /// The default hook: the JSON object as it is, read by the class's coding keys.
    @discardableResult
    public static func container(for decoder: any Decoder) throws -> DefaultContainerHook {
        DefaultContainerHook(values: try decoder.container(for: Self.self).values)
    }
}

extension CoreDataDecodable where Self: NSManagedObject {
    /// Decodes the object with the JSON's identity, updated, or a new one, in the decoder's context.
    public init(from decoder: any Decoder) throws {
        let context = try decoder.requireContext()
        let object = try ImportSession.run(in: context) { session in
            try session.decodeObject(.mapped(session.types.type(Self.self)), from: decoder)
        }
        guard let typed = object as? Self else {
            throw DecodingError.typeMismatch(Self.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "Decoded a \(type(of: object)), not a \(Self.self)."
            ))
        }
        self = typed
    }
}

extension Decoder {
    /// The JSON object being decoded as `type`, read by `type`'s coding keys.
    ///
    /// Inside ``CoreDataDecodable/initialize(from:)`` this is the container
    /// ``CoreDataDecodable/container(for:)`` prepared, with the values it set.
    public func container<ManagedObject: CoreDataDecodable>(
        for type: ManagedObject.Type
    ) throws -> CoreDataKeyedDecodingContainer<ManagedObject> {
        // A prepared decoder holds the container `container(for:)` returned already.
        // The type is compared first: a failing cast of a struct to a class checks the struct
        // for bridging, which costs a conformance lookup per object.
        if Self.self == PreparedDecoder.self, let prepared = self as? PreparedDecoder {
            return CoreDataKeyedDecodingContainer(values: prepared.values)
        }
        return CoreDataKeyedDecodingContainer(values: try ObjectValues(decoder: self))
    }
}
