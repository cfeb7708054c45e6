extension Collection<UInt8> {
    /// The number these bytes write in ASCII decimal digits; nil when one of them is not a digit.
    /// The date parsers read each field of a date with it.
    var asciiDecimalValue: Int? {
        var value = 0
        for byte in self {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
