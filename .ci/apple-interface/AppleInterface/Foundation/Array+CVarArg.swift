/// On Apple platforms Foundation makes arrays `CVarArg` (bridged to `NSArray`), so an array can be
/// a `%@` argument of `NSPredicate(format:_:)`; swift-corelibs-foundation does not.
extension Array: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { fatalError() }
}
