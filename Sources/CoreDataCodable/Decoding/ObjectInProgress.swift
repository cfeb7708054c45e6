import Foundation

/// An object whose `initialize(from:)` hook is running, with what its default initialization
/// applies: kept on the session's stack while the hook runs.
struct ObjectInProgress {
    let object: ObjectIdentifier
    let read: ObjectRead
    /// The decoder the hook received when related objects were read ahead or `container(for:)`
    /// set values; nil when the hook received the value's own decoder (``ObjectRead/hookDecoder``).
    let prepared: PreparedDecoder?
    /// Where the object's identity keeps its undo state, if it has one.
    let slot: UndoLog.Slot?
    let state: UndoState

    /// Whether the object was found or inserted by the identity these values hold: its identity
    /// attributes hold them already.
    var isIdentified: Bool { read.identity != nil }

    /// Whether `decoder` is the one the hook received: a default initialization given it applies
    /// this object's values.
    func gave(_ decoder: any Decoder) -> Bool {
        if let prepared { return (decoder as? PreparedDecoder) === prepared }
        // The value's own decoders are made by the import only, and the innermost hook running
        // is this object's: no other decoder of these types reaches it.
        return decoder is ObjectDecoder || decoder is IdentifierDecoder
    }
}
