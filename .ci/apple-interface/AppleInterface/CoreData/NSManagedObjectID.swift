/// https://developer.apple.com/documentation/coredata/nsmanagedobjectid
@available(macOS 10.4, iOS 3.0, *)
open class NSManagedObjectID: NSObject, NSFetchRequestResult {
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectid/urirepresentation()
    open func uriRepresentation() -> URL { fatalError() }
}

#if SENDABLE_SDK
/// The newest SDKs mark the class Sendable: an object ID is immutable and may be handed between
/// contexts and threads. Older SDKs do not annotate it.
extension NSManagedObjectID: @unchecked Sendable {}
#endif
