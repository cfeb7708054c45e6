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
            output.append(contentsOf: String(integer).utf8)
        } else if kind == Double.self, let double = value as? Double {
            output.append(contentsOf: (double.isFinite ? "\(double)" : "null").utf8)
        } else if kind == Bool.self, let boolean = value as? Bool {
            output.append(contentsOf: (boolean ? "true" : "false").utf8)
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
        case let string as String:
            write(string: string, to: &output)
        case let boolean as Bool:
            output.append(contentsOf: (boolean ? "true" : "false").utf8)
        case let integer as Int64:
            output.append(contentsOf: String(integer).utf8)
        case let double as Double where double.isFinite:
            output.append(contentsOf: "\(double)".utf8)
        case let integer as Int:
            output.append(contentsOf: String(integer).utf8)
        case let number as NSNumber:
            output.append(contentsOf: number.stringValue.utf8)
        default:
            output.append(contentsOf: "null".utf8)
        }
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
