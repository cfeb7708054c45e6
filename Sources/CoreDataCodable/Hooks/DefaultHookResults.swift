/// What the default ``CoreDataDecodable/container(for:)`` returns: the JSON object as it is.
///
/// Its type tells the import, before a class's first decode and for certain, that the class keeps
/// the default hook: the import then reads the JSON itself without calling it.
public struct DefaultContainerHook: AnyCoreDataKeyedDecodingContainer, ObjectValuesContainer {
    let values: ObjectValues
}

/// What the default ``CoreDataDecodable/initialize(from:)`` returns.
///
/// Its type tells the import, before a class's first decode and for certain, that the class keeps
/// the default hook: the import then sets the object's values itself without calling it, and
/// records for undo only the values it changes.
public struct DefaultInitializeHook: Sendable {}
