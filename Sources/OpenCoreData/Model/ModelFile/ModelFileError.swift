import Foundation

/// A model file that cannot be loaded (OpenCoreData extension; Apple's `NSManagedObjectModel(contentsOf:)`
/// returns nil instead).
///
/// `description` names the file, the element and the value at fault:
/// ```
/// /app/Model.xcdatamodeld/Model.xcdatamodel/contents: entity "Person", attribute "age": unknown attributeType "Integer 128"
/// ```
public struct ModelFileError: Error, CustomStringConvertible, Sendable {
    /// What kind of problem a model file has.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// No file or folder at the URL.
        public static let fileNotFound = Code("fileNotFound")
        /// A file that is not an Xcode model (`.xcdatamodeld`, `.xcdatamodel` or its `contents`), such as a compiled `.momd`.
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// The `contents` file or `.xccurrentversion` is not well-formed.
        public static let malformedXML = Code("malformedXML")
        /// `.xccurrentversion` names a version the `.xcdatamodeld` folder does not hold.
        public static let missingCurrentVersion = Code("missingCurrentVersion")
        /// A `.xcdatamodeld` folder holds no version, or several and no `.xccurrentversion` to choose one.
        public static let ambiguousVersion = Code("ambiguousVersion")
        /// An element lacks an XML attribute it needs, such as an entity's `name`.
        public static let missingXMLAttribute = Code("missingXMLAttribute")
        /// An attribute's `attributeType` is not one Xcode writes.
        public static let unknownAttributeType = Code("unknownAttributeType")
        /// A value that cannot be read as its type: a default value, a delete rule, a count.
        public static let invalidValue = Code("invalidValue")
        /// A relationship, parent entity or configuration names an entity the model does not have.
        public static let missingEntity = Code("missingEntity")
        /// A relationship's `inverseName` names no relationship of its destination.
        public static let missingInverse = Code("missingInverse")
        /// A fetch index or uniqueness constraint names a property the entity does not have.
        public static let unknownProperty = Code("unknownProperty")
        /// Entities whose `parentEntity` chain leads back to themselves.
        public static let inheritanceCycle = Code("inheritanceCycle")
        /// Two entities, or two properties of one entity, with the same name.
        public static let duplicateName = Code("duplicateName")

        /// The code's name, such as `unknownAttributeType`.
        public var description: String { name }
    }

    /// What kind of problem it is.
    public let code: Code
    /// The file at fault: the `contents` XML, the `.xccurrentversion` property list, or the model folder.
    public let url: URL
    /// Where in the file, such as `entity "Person", attribute "age"`; nil for the file as a whole.
    public let element: String?
    /// What is wrong, naming the value at fault.
    public let detail: String

    /// An error of `code` in `url` at `element`.
    public init(_ code: Code, url: URL, element: String? = nil, detail: String) {
        self.code = code
        self.url = url
        self.element = element
        self.detail = detail
    }

    /// The file's path, the element and the detail.
    public var description: String {
        [url.path, element, detail].compactMap { $0 }.joined(separator: ": ")
    }
}
