// On Apple platforms objects and arrays (bridged to `NSArray`) are `CVarArg`, so they can be `%@`
// arguments of `NSPredicate(format:_:)`; swift-corelibs-foundation makes neither `CVarArg`.

extension Array: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { fatalError() }
}

extension NSObject: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { fatalError() }
}
