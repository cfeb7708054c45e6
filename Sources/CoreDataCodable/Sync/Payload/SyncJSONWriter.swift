import Foundation

/// Writes the translated payload of a sync as JSON for the import engine.
///
/// `JSONSerialization` on Linux took 37% of a 10k-person sync; the translated payload holds only
/// dictionaries, arrays, strings, Booleans, numbers and `null`, which this writes directly.
enum SyncJSONWriter {
    /// The JSON text of `value`; a value of another type is written as `null`.
    static func data(for value: Any) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(value, to: &output)
        return Data(output)
    }

    /// Writes `value`. The translated payload's scalars are told by their exact type first: a
    /// failing cast of a scalar to a collection cost more than writing it (telling them first made
    /// an entity-name sync of 100k people 2% faster).
    private static func write(_ value: Any, to output: inout [UInt8]) {
        let kind = type(of: value)
        if kind == String.self, let string = value as? String {
            write(string: string, to: &output)
        } else if kind == Int64.self, let integer = value as? Int64 {
            write(integer: integer, to: &output)
        } else if kind == Double.self, let double = value as? Double {
            write(double: double, to: &output)
        } else if kind == Bool.self, let boolean = value as? Bool {
            write(boolean: boolean, to: &output)
        } else if let dictionary = value as? [String: Any] {
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, element) in dictionary {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                write(string: key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        } else if let array = value as? [Any] {
            output.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        } else {
            writeOther(value, to: &output)
        }
    }

    /// Writes a value of another type the way the casts of `write(_:to:)` would have read it.
    private static func writeOther(_ value: Any, to output: inout [UInt8]) {
        switch value {
        case let string as String: write(string: string, to: &output)
        case let boolean as Bool: write(boolean: boolean, to: &output)
        case let integer as Int64: write(integer: integer, to: &output)
        case let double as Double where double.isFinite: write(double: double, to: &output)
        case let integer as Int: write(integer: Int64(integer), to: &output)
        case let number as NSNumber: output.append(contentsOf: number.stringValue.utf8)
        default: output.append(contentsOf: "null".utf8)
        }
    }

    private static func write(integer: Int64, to output: inout [UInt8]) {
        output.append(contentsOf: String(integer).utf8)
    }

    /// A finite number as Swift prints it; a non-finite one, which JSON cannot hold, as `null`.
    private static func write(double: Double, to output: inout [UInt8]) {
        output.append(contentsOf: (double.isFinite ? "\(double)" : "null").utf8)
    }

    private static func write(boolean: Bool, to output: inout [UInt8]) {
        output.append(contentsOf: (boolean ? "true" : "false").utf8)
    }

    private static func write(string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20: output.append(contentsOf: String(format: "\\u%04x", byte).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
