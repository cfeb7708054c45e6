import Foundation

/// How Groot's entity transformers rewrite each JSON object of an entity before a sync reads it:
/// the transformer `JSONDictionaryTransformerName` names rewrites the object, and the one
/// `entityMapperName` names gives, for the rewritten object, the subentity to make, which the
/// object then names under ``SubentityDecoding/nameKey``.
///
/// Transformers are looked up by name when an object is read, as Core Data looks up those its
/// attributes name: an app may register them after loading its model. A class: the reader asks
/// every mapping whether it has one, which a reference tells without copying it.
final class PayloadObjectRewrite {
    private let dictionaryTransformer: NSValueTransformerName?
    private let entityMapper: NSValueTransformerName?
    private let subentityNames: Set<String>

    /// The rewrite of `entity`'s objects; nil when its user info (or a superentity's) names neither
    /// transformer.
    init?(of entity: NSEntityDescription) {
        dictionaryTransformer = SyncUserInfo.transformerName(SyncUserInfo.dictionaryTransformerKey, of: entity)
        entityMapper = entity.subentities.isEmpty ? nil : SyncUserInfo.transformerName(SyncUserInfo.entityMapperKey, of: entity)
        guard dictionaryTransformer != nil || entityMapper != nil else { return nil }
        subentityNames = Set(entity.descendantEntities.compactMap(\.name))
    }

    /// A decoder of the object `decoder` holds, rewritten; nil when it holds no JSON object of a
    /// parsed payload (a bare identifier is read as it is).
    func rewritten(_ decoder: any Decoder) -> ParsedPayloadDecoder? {
        guard let parsed = decoder as? ParsedPayloadDecoder, let object = jsonObject(parsed.value) else { return nil }
        var rewritten = dictionaryTransformer.flatMap { ValueTransformer(forName: $0)?.transformedValue(object) as? [String: Any] } ?? object
        if let mapper = entityMapper.flatMap(ValueTransformer.init(forName:)),
           let name = mapper.transformedValue(rewritten) as? String, subentityNames.contains(name) {
            rewritten[SubentityDecoding.nameKey.stringValue] = name
        }
        return ParsedPayloadDecoder(value: rewritten, codingPath: parsed.codingPath, userInfo: parsed.userInfo)
    }
}
