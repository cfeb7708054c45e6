/// `value` as `Target`, which the caller has checked `Value` is: unlike `as?`, no runtime cast and
/// no optional of a generic type, whose metadata unspecialized generic code looks up on every call.
func sameType<Value, Target>(_ value: Value, as target: Target.Type) -> Target {
    precondition(Value.self == Target.self, "\(Value.self) is not \(Target.self)")
    return unsafeBitCast(value, to: Target.self)
}
