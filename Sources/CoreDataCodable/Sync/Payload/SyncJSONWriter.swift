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

    private static func write(_ value: Any, to output: inout [UInt8]) {
        switch value {
        case let dictionary as [String: Any]:
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
        case let array as [Any]:
            output.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
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
