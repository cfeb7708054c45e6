// Foundation API that Apple's Foundation has and swift-corelibs-foundation lacks, which the scanned
// sources use. On Apple platforms it comes with `import Foundation`; here with `import CoreData`,
// which the library's `CoreData.swift` re-exports to every file of the module.

/// Key-value coding, https://developer.apple.com/documentation/objectivec/nsobject-swift.class
/// (NSKeyValueCoding). `NSManagedObject` overrides these to reach its modeled properties.
extension NSObject {
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/value(forkey:)
    public func value(forKey key: String) -> Any? { fatalError() }
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/setvalue(_:forkey:)
    public func setValue(_ value: Any?, forKey key: String) { fatalError() }
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/mutablesetvalue(forkey:)
    public func mutableSetValue(forKey key: String) -> NSMutableSet { fatalError() }
}

#if APPLE_MACOS
/// macOS's scripting support gives every object its class's name,
/// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/classname
/// (NSScriptClassDescription); iOS, tvOS, watchOS and visionOS do not.
extension NSObject {
    public var className: String { fatalError() }
}
#endif
