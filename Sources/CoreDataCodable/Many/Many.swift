import Foundation

/// An array of managed objects that decodes with one identity fetch for the whole array.
///
/// Decoding `[Person]` decodes each element on its own (one fetch each); `Many<Person>` reads
/// every element's identity first and fetches the existing objects at once. Use it at the top
/// level or inside plain `Codable` types:
///
/// ```swift
/// struct Page: Decodable { let people: Many<Person> }
/// ```
///
/// `null` elements are skipped. A repeated identity gives the same object at each position.
/// Otherwise `Many` behaves as an `Array`.
public struct Many<Element: NSManagedObject> {
    /// The objects, in order.
    public var array: [Element]

    /// A collection of `array`'s objects.
    public init(_ array: [Element]) {
        self.array = array
    }
}

extension Many: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { array.startIndex }
    public var endIndex: Int { array.endIndex }

    public subscript(position: Int) -> Element {
        get { array[position] }
        set { array[position] = newValue }
    }
}

extension Many: RangeReplaceableCollection {
    public init() {
        array = []
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
        array.replaceSubrange(subrange, with: newElements)
    }
}

extension Many: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        array = elements
    }
}

extension Many: Equatable, Hashable {}

extension Many: CustomReflectable, CustomStringConvertible, CustomDebugStringConvertible {
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: array, displayStyle: .collection) }
    public var description: String { array.description }
    public var debugDescription: String { "Many(\(array.debugDescription))" }
}
