/// Adopt to state that a class keeps the default ``CoreDataDecodable/container(for:)`` and
/// ``CoreDataDecodable/initialize(from:)``.
///
/// <!-- snippet: partial -->
/// ```swift
/// final class Person: NSManagedObject, CoreDataCodable, UsingDefaultCodingKeys, UsingDefaultHooks { ... }
/// ```
///
/// The declaration changes nothing in how objects decode: the import knows from the types the
/// hooks return (``DefaultContainerHook``, ``DefaultInitializeHook``) whether a class implements
/// them, and decodes a class that implements neither without calling them, whether it adopts this
/// or not. It documents the intent, and debug builds check it: a class that adopts it and
/// implements either hook throws ``CoreDataCodableError/hookOverridden`` when first decoded.
public protocol UsingDefaultHooks: CoreDataDecodable {}
