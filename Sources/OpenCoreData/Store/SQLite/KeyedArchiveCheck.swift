import Foundation

/// Tells whether a keyed archive is safe to hand to Foundation's unarchiver: its objects refer to each
/// other without a cycle, and every reference is to an object of the archive.
///
/// Foundation's unarchiver on Linux recurses without end on an archive whose objects form a cycle
/// (a set holding itself), which a damaged store file can hold: fuzzing found one that overflowed the
/// stack. The archive's references are read from its property list; a reference that cannot be read
/// makes the archive unsafe.
enum KeyedArchiveCheck {
    /// The root object of the keyed archive `data`, unarchived without secure coding; nil for damaged data.
    ///
    /// A damaged archive must read as no value: the default failure policy traps instead, and a cycle
    /// makes the unarchiver recurse without end.
    static func unarchivedObject(_ data: Data) -> Any? {
        guard isAcyclic(data), let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }

    /// Whether the archive `data` can be unarchived without a cycle.
    private static func isAcyclic(_ data: Data) -> Bool {
        guard let plist = (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any],
              let objects = plist["$objects"] as? [Any],
              let top = plist["$top"] as? [String: Any]
        else { return false }
        // 0: not visited, 1: on the current path, 2: done.
        var state = [UInt8](repeating: 0, count: objects.count)
        var stack: [(index: Int, references: [Int], next: Int)] = []
        for value in top.values {
            guard let roots = references(in: value, count: objects.count) else { return false }
            for root in roots where state[root] == 0 {
                guard let first = references(of: objects[root], count: objects.count) else { return false }
                state[root] = 1
                stack.append((root, first, 0))
                while let last = stack.last {
                    guard last.next < last.references.count else {
                        state[last.index] = 2
                        stack.removeLast()
                        continue
                    }
                    stack[stack.count - 1].next += 1
                    let child = last.references[last.next]
                    if state[child] == 1 { return false }
                    guard state[child] == 0 else { continue }
                    guard let childReferences = references(of: objects[child], count: objects.count) else { return false }
                    state[child] = 1
                    stack.append((child, childReferences, 0))
                }
            }
        }
        return true
    }

    /// The indexes that an archived object refers to (its class description aside); nil when one cannot be read.
    private static func references(of object: Any, count: Int) -> [Int]? {
        guard let fields = object as? [String: Any] else { return [] }
        var result: [Int] = []
        for (key, value) in fields where key != "$class" {
            guard let found = references(in: value, count: count) else { return nil }
            result += found
        }
        return result
    }

    /// The indexes of the references in `value`, a reference or an array of them; nil when a reference
    /// cannot be read or is out of range.
    private static func references(in value: Any, count: Int) -> [Int]? {
        if let array = value as? [Any] {
            var result: [Int] = []
            for element in array {
                guard let found = references(in: element, count: count) else { return nil }
                result += found
            }
            return result
        }
        guard isReference(value) else { return [] }
        guard let index = referenceIndex(value), index >= 0, index < count else { return nil }
        return [index]
    }

    /// Whether `value` is one of the property list's reference objects (`CF$UID`).
    private static func isReference(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains("KeyedArchiverUID")
    }

    /// The index a reference object holds, read through reflection: Foundation does not publish it.
    private static func referenceIndex(_ value: Any) -> Int? {
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let number = child.value as? UInt32 { return Int(number) }
            if let number = child.value as? Int { return number }
        }
        return nil
    }
}
