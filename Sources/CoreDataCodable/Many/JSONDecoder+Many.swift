import Foundation

extension JSONDecoder {
    /// Decodes a JSON array of managed objects into the context in ``managedObjectContext``, with
    /// one identity fetch per entity: what `decode(_:from:)` does for any `Many`.
    ///
    /// When the objects decode without code of the app's (their classes and those their
    /// relationships reach keep the default hooks, and no attribute is a `Codable` type or a
    /// decimal) and the decoder reads keys as they are or from snake case, dates by default, as
    /// seconds or milliseconds since 1970 or as ISO 8601, and data as Base64, the payload is parsed
    /// by the library, one element of the array at a time, rather than by `JSONDecoder`: the
    /// objects are the same, and so are the errors, but that invalid JSON says where it breaks in
    /// its underlying error, and an unreadable ISO 8601 date is reported at its own coding path.
    /// The import then costs less time and memory. Any other decoder, or a subclass, decodes the
    /// payload itself.
    public func decode<Element: CoreDataDecodable & NSManagedObject>(_ type: Many<Element>.Type, from data: Data) throws -> Many<Element> {
        guard Swift.type(of: self) == JSONDecoder.self, let semantics = JSONDecoderSemantics(of: self), let context = managedObjectContext else {
            return try decodeItself(type, from: data)
        }
        return try ImportSession.run(in: context) { (session: ImportSession) throws -> Many<Element> in
            let elementType = try session.types.type(Element.self)
            guard session.types.decodeWithoutAppCode(elementType),
                  let objects = try parsingItself(data, semantics: semantics, { container in
                      try session.decodeObjects(.mapped(elementType), from: &container, userInfo: userInfo)
                  })
            else { return try decodeItself(type, from: data) }
            return Many(objects.compactMap { $0 as? Element })
        }
    }

    /// What `decode` gives for the elements of the array at the top of `data`, read one at a time
    /// from the library's parse; nil when the top value is not an array, which `JSONDecoder` then
    /// reports itself. Invalid JSON throws `JSONDecoder`'s error.
    private func parsingItself(
        _ data: Data, semantics: JSONDecoderSemantics, _ decode: (inout any UnkeyedDecodingContainer) throws -> [NSManagedObject]
    ) throws -> [NSManagedObject]? {
        var convert: ((String) -> String)?
        if semantics.convertsKeysFromSnakeCase { convert = SnakeCaseKeys.converted }
        let reading = JSONPayloadParser.DecoderReading(convert: convert)
        do {
            return try JSONPayloadParser.withTopLevelArray(of: data, reading: reading) { elements in
                var container: any UnkeyedDecodingContainer = ParsedArrayContainer(
                    elements: .streamed(elements), codingPath: [], userInfo: userInfo, semantics: semantics
                )
                return try decode(&container)
            }
        } catch let error as JSONSyntaxError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error
            ))
        }
    }

    /// Decodes `type` as `JSONDecoder` alone does.
    private func decodeItself<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decode(type, from: data)
    }
}
