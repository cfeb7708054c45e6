import Foundation

/// An object whose `initialize(from:)` hook is running, with what its default initialization
/// applies: kept on the session's stack while the hook runs.
final class ObjectInProgress {
    let object: ObjectIdentifier
    let read: ObjectRead
    /// The decoder the hook received when related objects were read ahead or `container(for:)`
    /// set values; nil when the hook received the value's own decoder (``ObjectRead/hookDecoder``).
    let prepared: PreparedDecoder?
    /// Where the object's identity keeps its undo state, if it has one.
    let slot: UndoLog.Slot?
    let state: UndoState

    init(object: ObjectIdentifier, read: ObjectRead, prepared: PreparedDecoder?, slot: UndoLog.Slot?, state: UndoState) {
        self.object = object
        self.read = read
        self.prepared = prepared
        self.slot = slot
        self.state = state
    }

    /// Whether the object was found or inserted by the identity these values hold: its identity
    /// attributes hold them already.
    var isIdentified: Bool { read.identity != nil }

    /// Whether `decoder` is the one the hook received: a default initialization given it applies
    /// this object's values.
    func gave(_ decoder: any Decoder) -> Bool {
        // Compared by type first, which costs less than a failing cast.
        let decoderType = type(of: decoder)
        if let prepared { return decoderType == PreparedDecoder.self && (decoder as? PreparedDecoder) === prepared }
        // The value's own decoders are made by the import only, and the innermost hook running
        // is this object's: no other decoder of these types reaches it.
        return decoderType == ObjectDecoder.self || decoderType == IdentifierDecoder.self
    }
}
