/// https://developer.apple.com/documentation/coredata/nsmanagedobjectid
@available(macOS 10.4, iOS 3.0, *)
open class NSManagedObjectID: NSObject, NSFetchRequestResult {
    /// https://developer.apple.com/documentation/coredata/nsmanagedobjectid/urirepresentation()
    open func uriRepresentation() -> URL { fatalError() }
}

/// Sendable (`NS_SWIFT_SENDABLE`) in every SDK that compiles Swift 6: an object ID is immutable and
/// may be handed between contexts and threads. (Apple's pages do not show the attribute; bindings
/// generated from the SDK's headers, such as objc2-core-data 0.2.2 of 2024, make the class `Send` and
/// `Sync` from it.)
extension NSManagedObjectID: @unchecked Sendable {}
